import type { PublicImportResponse, PublicLeadResult } from "@leadflow/contracts";
import { ApiError } from "../../../lib/api-client";

/** What the test page shows after a save, by the answer's status. */
export type ImportOutcome =
  | { kind: "saved"; partial: boolean; response: PublicImportResponse }
  | { kind: "unauthorized"; message: string }
  | { kind: "invalid"; message: string; errors: string[] }
  | { kind: "rateLimited"; message: string; retryAfter?: number }
  | { kind: "failed"; status: number; message: string };

/** `leads.0.attributes.1.value: The value may not …` — the path says which attribute a message is about. */
export function flattenErrors(errors: Record<string, string[]> | undefined): string[] {
  return Object.entries(errors ?? {}).flatMap(([field, messages]) => messages.map((m) => (field ? `${field}: ${m}` : m)));
}

export function outcomeOf(answer: { response: PublicImportResponse } | { error: unknown }): ImportOutcome {
  if ("response" in answer) {
    const d = answer.response.data;
    return { kind: "saved", partial: d.failed > 0, response: answer.response };
  }
  const e = answer.error;
  if (!(e instanceof ApiError)) return { kind: "failed", status: 0, message: e instanceof Error ? e.message : String(e) };
  if (e.status === 401) return { kind: "unauthorized", message: e.message };
  if (e.status === 422) return { kind: "invalid", message: e.message, errors: flattenErrors(e.errors) };
  if (e.status === 429) return { kind: "rateLimited", message: e.message, retryAfter: e.retryAfter };
  return { kind: "failed", status: e.status, message: e.message };
}

export const leadResultKey = (r: PublicLeadResult) => `importTest.status.${r.status}` as const;
