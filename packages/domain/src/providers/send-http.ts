import { DEFAULT_TIMEOUT_MS, describeBody, type ProviderRequest, type ProviderResponse, parseJson, parseRetryAfter } from "./http";
import type { ProviderOptions } from "./provider-types";
import { redact } from "./redact";
import type { SendOutcome } from "./send-types";

/*
 * One send attempt over HTTP, classified the way the send ledger needs it (CAMPAIGNS.md §3 step 6). Unlike
 * lookups (`providerRequest`), nothing is retried here: once the request may have reached the provider, a second
 * request can be a second message. Only a refusal before anything was written, or a 429, proves "not taken".
 */

/** What one attempt produced: the provider's answer, or an outcome already decided (throttled / unknown). */
export type SendAttempt =
  | { kind: "answer"; res: ProviderResponse; headers: Headers }
  | Extract<SendOutcome, { kind: "throttled" | "unknown" }>;

/** Error codes of a connection that never carried the request: the provider cannot have the message. */
const NOT_WRITTEN = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
]);

export async function sendAttempt(req: ProviderRequest, opts: ProviderOptions = {}): Promise<SendAttempt> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(req.url, { method: req.method ?? "POST", headers: req.headers, body: req.body, signal });
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason;
    const code = errorCode(error);
    if (code && NOT_WRITTEN.has(code))
      return { kind: "throttled", retryAfterMs: null, message: `Could not reach ${req.provider} (${code}).` };
    const why = timeout.aborted ? `did not answer within ${timeoutMs / 1000} s` : `dropped the connection${code ? ` (${code})` : ""}`;
    return { kind: "unknown", message: `${req.provider} ${why}; the message may have been taken.` };
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    // Headers arrived, so the provider read the request: whatever it decided, we cannot know.
    return { kind: "unknown", message: `${req.provider} stopped answering mid-response; the message may have been taken.` };
  }
  if (res.status === 429) {
    return {
      kind: "throttled",
      retryAfterMs: parseRetryAfter(res.headers.get("retry-after")),
      message: redact(`${req.provider} is rate limiting (HTTP 429)${detail(text)}`, req.secrets),
    };
  }
  if (res.status >= 500 || res.status === 408) {
    return { kind: "unknown", message: redact(`${req.provider} answered HTTP ${res.status}${detail(text)}`, req.secrets) };
  }
  return { kind: "answer", res: { status: res.status, text, json: parseJson(text) }, headers: res.headers };
}

/** A 4xx that is not a 429 as the ledger's "rejected": the provider's code (or the HTTP status) and its words. */
export function rejected(
  provider: string,
  res: ProviderResponse,
  code?: string | number | null,
  secrets: readonly string[] = [],
): SendOutcome {
  const words = describeBody(res.text);
  return {
    kind: "rejected",
    code: String(code ?? res.status),
    message: redact(`${provider} refused the message (HTTP ${res.status})${words ? `: ${words}` : "."}`, secrets),
  };
}

function detail(text: string): string {
  const words = describeBody(text);
  return words ? `: ${words}` : ".";
}

function errorCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" ? cause.code : null;
}
