import twilio from "twilio";
import type SdkRequestClient from "twilio/lib/base/RequestClient";
import type SdkResponse from "twilio/lib/http/response";
import { providerRequest } from "../http";
import type { ProviderOptions } from "../provider-types";
import { providerBaseUrl } from "../provider-urls";
import { type SendAttempt, sendAttempt } from "../send-http";

/*
 * The transport under the official `twilio` SDK (its documented `httpClient` option). The SDK still builds every
 * request — path, form fields, Basic auth, User-Agent, paging — and parses every answer into its resources and
 * RestExceptions; this class only carries the bytes, for two reasons:
 *
 * - a send must be ONE classified attempt (send-http.ts): the SDK's own axios client retries nothing by default,
 *   but it has no notion of "refused before written" (→ throttled) versus "timed out after written" (→ unknown),
 *   and no AbortSignal. Non-answers end the SDK call with a `TwilioAttemptFailure` carrying the outcome.
 * - base URLs are deployment settings (provider-urls.ts: an egress proxy, a fake in tests): the SDK's fixed
 *   `https://api.twilio.com` / `https://messaging.twilio.com` are mapped onto `twilio_api` / `twilio_messaging`.
 *   A request to any other host is refused, so the credentials never leave for an address we did not choose.
 *
 * Reads (sender lists) go through `providerRequest`, with its retries: repeating a GET sends nothing twice.
 */

/** A send attempt that produced no answer: the outcome it was classified as. */
export class TwilioAttemptFailure extends Error {
  constructor(readonly outcome: Exclude<SendAttempt, { kind: "answer" }>) {
    super(outcome.message);
  }
}

const HOSTS = { api: "twilio_api", messaging: "twilio_messaging" } as const;

export class TwilioFetchClient extends twilio.RequestClient {
  /** Whether the SDK got as far as a request: an error before it means nothing can have been sent. */
  attempted = false;

  constructor(
    private readonly opts: ProviderOptions,
    private readonly mode: "send" | "read",
    private readonly secrets: readonly string[],
    private readonly signal?: AbortSignal,
  ) {
    // The parent's axios instance is never used; keepAlive off so it opens no pool of its own.
    super({ keepAlive: false });
  }

  override async request<TData>(o: SdkRequestClient.RequestOptions<TData>): Promise<SdkResponse<TData>> {
    this.attempted = true;
    const url = this.rebase(o.uri, o.params);
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    delete headers.Connection;
    if (o.username && o.password) headers.Authorization = `Basic ${Buffer.from(`${o.username}:${o.password}`).toString("base64")}`;
    const method = o.method.toUpperCase() as "GET" | "POST";
    const body = o.data && method === "POST" ? formBody(o.data as Record<string, unknown>) : undefined;
    const req = { provider: "Twilio", url, method, headers, body, secrets: this.secrets, signal: this.signal };
    if (this.mode === "read") {
      const res = await providerRequest(req, this.opts);
      return response<TData>(res.status, res.text, {});
    }
    const attempt = await sendAttempt(req, this.opts);
    if (attempt.kind !== "answer") throw new TwilioAttemptFailure(attempt);
    return response<TData>(attempt.res.status, attempt.res.text, Object.fromEntries(attempt.headers));
  }

  /** https://api.twilio.com/… → the `twilio_api` base URL + the same path and query (plus the SDK's params). */
  private rebase(uri: string, params: unknown): string {
    const url = new URL(uri);
    const product = url.hostname.endsWith(".twilio.com") ? url.hostname.split(".")[0] : undefined;
    const key = product && Object.hasOwn(HOSTS, product) ? HOSTS[product as keyof typeof HOSTS] : undefined;
    if (!key) throw new Error(`The Twilio SDK asked for ${url.hostname}, which this app does not call.`);
    const query = new URLSearchParams(url.search);
    for (const [k, v] of Object.entries((params as Record<string, unknown> | undefined) ?? {})) appendParam(query, k, v);
    const search = query.toString();
    return `${providerBaseUrl(this.opts, key)}${url.pathname}${search ? `?${search}` : ""}`;
  }
}

function response<TData>(statusCode: number, body: string, headers: Record<string, string>): SdkResponse<TData> {
  // The SDK parses string bodies itself (Version.create/fetch) and builds RestExceptions from them.
  return { statusCode, body: body as TData, headers, toString: () => `HTTP ${statusCode}` };
}

/** The SDK's form encoding: arrays as repeated keys (qs `arrayFormat: "repeat"`), undefined left out. */
function formBody(data: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) appendParam(form, k, v);
  return form.toString();
}

function appendParam(into: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const v of value) appendParam(into, key, v);
  else into.append(key, String(value));
}
