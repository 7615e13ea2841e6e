import { DEFAULT_TIMEOUT_MS, describeBody, type ProviderRequest, type ProviderResponse, parseJson, parseRetryAfter } from "./http";
import type { ProviderError, ProviderOptions } from "./provider-types";
import { redact } from "./redact";
import type { SendOutcome } from "./send-types";

/*
 * One send attempt over HTTP, classified the way the send ledger needs it (docs/sending.md). Unlike
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

/** Whether a connection error code proves the request never reached the provider (SDK clients classify with it too). */
export const isNotWritten = (code: string | null | undefined): boolean => !!code && NOT_WRITTEN.has(code);

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

/** What a provider said when it refused a message; every part is optional. */
export interface Refusal {
  /** The provider's error code; the HTTP status when it gave none. */
  code?: string | number | null;
  /** The provider's words; null or absent: the body's own description (`describeBody`); "": none. */
  words?: string | null;
  /** Name the code beside the status too: "(HTTP 400, INVALID_RECIPIENT)". */
  withCode?: boolean;
  /** The refusal is the recipient's opt-out (the ledger suppresses the number). */
  optedOut?: boolean;
  secrets?: readonly string[];
}

type Rejected = Extract<SendOutcome, { kind: "rejected" }>;

/** An answer that is not a 429 or 5xx as the ledger's "rejected": "{provider} refused the message (HTTP 400): {words}". */
export function rejected(provider: string, res: ProviderResponse, r: Refusal = {}): Rejected {
  const code = String(r.code ?? res.status);
  const words = r.words ?? describeBody(res.text);
  return {
    kind: "rejected",
    code,
    message: redact(
      `${provider} refused the message (HTTP ${res.status}${r.withCode ? `, ${code}` : ""})${words ? `: ${words}` : "."}`,
      r.secrets ?? [],
    ),
    ...(r.optedOut ? { optedOut: true } : {}),
  };
}

/** A refusal decided before any request (a pool the provider does not have, a number it cannot send to). */
export const refuse = (code: string, message: string): Rejected => ({ kind: "rejected", code, message });

/**
 * A provider call made before the send failed (listing the numbers a pool sends from): nothing was sent, so a
 * retryable failure is "not taken, try later" and anything else a refusal (wrong credentials will not get better).
 */
export function notSent(error: ProviderError, message: string, fallbackCode: string): SendOutcome {
  return error.retryable
    ? { kind: "throttled", retryAfterMs: error.retryAfterMs, message }
    : { kind: "rejected", code: String(error.status ?? fallbackCode), message };
}

/**
 * One JSON POST as a send attempt, the shape of most SMS APIs: `headers` add the provider's auth, the body is
 * `json`, and a provider answer is read by the adapter's `classify` (throttled and unknown are decided here).
 */
export async function sendJson(
  req: Omit<ProviderRequest, "method" | "body"> & { json: unknown; contentType?: string },
  opts: ProviderOptions,
  classify: (res: ProviderResponse) => SendOutcome,
): Promise<SendOutcome> {
  const { json, contentType = "application/json", headers, ...rest } = req;
  const attempt = await sendAttempt(
    { ...rest, method: "POST", headers: { ...headers, "Content-Type": contentType, Accept: contentType }, body: JSON.stringify(json) },
    opts,
  );
  return attempt.kind === "answer" ? classify(attempt.res) : attempt;
}

function detail(text: string): string {
  const words = describeBody(text);
  return words ? `: ${words}` : ".";
}

function errorCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" ? cause.code : null;
}
