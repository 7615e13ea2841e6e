import { ProviderError, type ProviderOptions } from "./provider-types";
import { redact } from "./redact";

/*
 * The one way adapters talk HTTP: a per-attempt timeout, retries with exponential backoff and jitter on what is
 * safe to send again (429, 408, 5xx, timeouts, connection errors), never on other 4xx, and error messages with
 * the credentials scrubbed out. Lookups are reads, so repeating one cannot do harm beyond a possible extra charge.
 */

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 250;
export const DEFAULT_MAX_BACKOFF_MS = 5_000;
export const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

export interface ProviderRequest {
  /** The provider's name in messages ("Twilio Lookup"). */
  provider: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Values scrubbed from every error message (API keys, tokens). */
  secrets?: readonly string[];
  /** The caller's cancellation: aborting it stops retries and rethrows its reason. */
  signal?: AbortSignal;
}

export interface ProviderResponse {
  status: number;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/** Sends a request, retrying what is retryable; throws a ProviderError once a non-retryable failure or the last attempt fails. */
export async function providerRequest(req: ProviderRequest, opts: ProviderOptions = {}): Promise<ProviderResponse> {
  const attempts = Math.max(1, Math.floor(opts.attempts ?? DEFAULT_ATTEMPTS));
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  let last: ProviderError | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (last) await sleep(retryDelayMs(attempt - 1, last, opts), req.signal);
    // A retry waits for a turn at the gateway's rate limit too (the caller paced the first attempt).
    if (last && opts.pace) await opts.pace();
    const outcome = await attemptOnce(req, opts);
    if (!(outcome instanceof ProviderError)) return outcome;
    if (!outcome.retryable) throw outcome;
    // A long Retry-After is the runner's to wait out (it can park the item); a worker should not sleep on it.
    if (outcome.retryAfterMs !== null && outcome.retryAfterMs > maxRetryAfterMs) throw outcome;
    last = outcome;
  }
  const failure = last!;
  const suffix = attempts > 1 ? ` (gave up after ${attempts} attempts)` : "";
  throw new ProviderError(`${failure.message}${suffix}`, true, failure.status, failure.retryAfterMs);
}

/** Exponential backoff with "equal jitter" (half fixed, half random), unless the provider said when. */
export function retryDelayMs(retry: number, failure: ProviderError, opts: ProviderOptions): number {
  if (failure.retryAfterMs !== null) return failure.retryAfterMs;
  const base = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const cap = opts.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  const exp = Math.min(cap, base * 2 ** (retry - 1));
  return exp / 2 + Math.random() * (exp / 2);
}

/** Retry-After as delay-seconds or an HTTP-date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function attemptOnce(req: ProviderRequest, opts: ProviderOptions): Promise<ProviderResponse | ProviderError> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const doFetch = opts.fetch ?? fetch;
  try {
    const res = await doFetch(req.url, { method: req.method ?? "GET", headers: req.headers, body: req.body, signal });
    // Reading the body stays under the same timeout: a provider that stalls mid-body is a timeout too.
    const text = await res.text();
    if (res.ok) return { status: res.status, text, json: parseJson(text) };
    const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
    const retryAfterMs = res.status === 429 || res.status === 503 ? parseRetryAfter(res.headers.get("retry-after")) : null;
    const detail = describeBody(text);
    const message = `${req.provider} answered HTTP ${res.status}${detail ? `: ${detail}` : "."}`;
    return new ProviderError(redact(message, req.secrets), retryable, res.status, retryAfterMs);
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason;
    if (timeout.aborted) return new ProviderError(`${req.provider} did not answer within ${formatSeconds(timeoutMs)}.`, true);
    const code = errorCode(error);
    return new ProviderError(`Could not reach ${req.provider}${code ? ` (${code})` : ""}.`, true);
  }
}

/**
 * The JSON object of a 2xx answer. Anything else (an HTML page from a proxy, a truncated body) is not an answer
 * about the item: a non-retryable error, so the item fails uncharged instead of being read as "no data".
 */
export function jsonObject(res: ProviderResponse, provider: string): Record<string, unknown> {
  if (res.json && typeof res.json === "object" && !Array.isArray(res.json)) return res.json as Record<string, unknown>;
  throw new ProviderError(`${provider} answered something that is not a JSON object.`, false, res.status);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The provider's own words from an error body: its message field when JSON, else the start of the text. */
export function describeBody(text: string): string {
  const json = parseJson(text);
  if (json && typeof json === "object") {
    const o = json as Record<string, unknown>;
    for (const key of ["message", "Message", "error", "reason", "detail"]) {
      const v = o[key];
      if (typeof v === "string" && v.trim()) return clip(v.trim());
    }
  }
  return clip(text.replace(/\s+/g, " ").trim());
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function errorCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" ? cause.code : null;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
