import type { BatchStatusResponse } from "@leadflow/contracts";

export interface Toast {
  message: string;
  variant: "success" | "info" | "error";
}

/**
 * The toasts of a bulk status change: each info and each error on its own, then the success message when nothing
 * failed. The lead screens ignore errors, so there the success message always shows.
 */
export function batchStatusToasts(answer: BatchStatusResponse, fallback: string, opts: { ignoreErrors?: boolean } = {}): Toast[] {
  const errors = opts.ignoreErrors ? [] : (answer.errors ?? []);
  return [
    ...(answer.info ?? []).map((message) => ({ message, variant: "info" as const })),
    ...errors.map((message) => ({ message, variant: "error" as const })),
    ...(errors.length === 0 ? [{ message: answer.message || fallback, variant: "success" as const }] : []),
  ];
}
