import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { CallbackRequest } from "../send-types";

/*
 * The shared machinery of the fake provider servers: a node:http server on loopback that speaks one provider's
 * API (the spec) and can be told to misbehave. Tests point ProviderOptions.baseUrls at `url`; benchmarks use the
 * server-side rate limit and its counters to prove a runner keeps to a gateway's pace.
 */

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON or form fields, else undefined. */
  json: Record<string, unknown> | undefined;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON, a string as it is. */
  body: unknown;
}

export interface FakeProviderSpec {
  /** The value a request is about (a phone, an email), for the per-value counters; null for account calls. */
  valueOf(req: FakeRequest): string | null;
  /** The provider's own error body for an injected failure or a rate-limit answer. */
  errorBody(status: number): unknown;
  handle(req: FakeRequest): FakeAnswer;
}

export interface FakeServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Requests per second the fake accepts; more in any 1-second window are answered 429. */
  rateLimitPerSecond?: number | null;
  /**
   * Milliseconds for the 1-second windows; a test sets it so arrivals fall in the windows it means. Read once per
   * request, as it arrives (the request is given, so a bench can note the arrivals it counts).
   */
  now?: (request: FakeRequest) => number;
}

export interface FakeStats {
  /** Requests received, failures and refusals included. */
  readonly total: number;
  /** The most requests received within any 1-second window. */
  readonly maxPerSecond: number;
  /** Requests received per looked-up value. */
  readonly perValue: ReadonlyMap<string, number>;
  /** Answers sent per HTTP status. */
  readonly statuses: ReadonlyMap<number, number>;
  requestsFor(value: string): number;
  reset(): void;
}

export interface FakeControls {
  url: string;
  stats: FakeStats;
  /** The next n requests are answered with `status` (default 500). */
  failNext(n: number, status?: number): void;
  /**
   * Requests about these values (as `valueOf` reads them) are answered with `status` (default 500), each value as
   * many times as given: a test that must not depend on which request the runner happens to send first.
   */
  failValues(times: ReadonlyMap<string, number>, status?: number): void;
  /** The next n requests are answered 429 with this Retry-After (seconds, or an HTTP-date). */
  rateLimitNext(n: number, retryAfter?: number | string): void;
  /** The next n requests are accepted and never answered: the client times out. */
  hangNext(n: number): void;
  /** The next n requests are read in full, then their connection is destroyed unanswered (a reset after the write). */
  resetNext(n: number): void;
  /** true: every request is answered 503; "refuse": the port stops listening (connection refused); false: back up. */
  down(mode: boolean | "refuse"): Promise<void>;
  setRateLimit(perSecond: number | null): void;
  close(): Promise<void>;
}

/** Starts a fake on 127.0.0.1 speaking `spec`. */
export async function startFakeServer(spec: FakeProviderSpec, opts: FakeServerOptions = {}): Promise<FakeControls> {
  let failures: { n: number; status: number } = { n: 0, status: 500 };
  let valueFailures: { times: Map<string, number>; status: number } = { times: new Map(), status: 500 };
  let limited: { n: number; retryAfter: string } = { n: 0, retryAfter: "1" };
  let hangs = 0;
  let resets = 0;
  let mode: boolean | "refuse" = false;
  let rateLimit = opts.rateLimitPerSecond ?? null;
  const clock = opts.now ?? (() => performance.now());
  const hung = new Set<ServerResponse>();

  let total = 0;
  let maxPerSecond = 0;
  let window: number[] = [];
  const perValue = new Map<string, number>();
  const statuses = new Map<number, number>();

  const send = (res: ServerResponse, answer: FakeAnswer) => {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const isText = typeof answer.body === "string";
    const payload = isText ? (answer.body as string) : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      "Content-Type": isText ? "text/plain; charset=utf-8" : "application/json; charset=utf-8",
      ...answer.headers,
    });
    res.end(payload);
  };
  const errorAnswer = (status: number, headers?: Record<string, string>): FakeAnswer => ({ status, headers, body: spec.errorBody(status) });

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const request: FakeRequest = {
      method: req.method ?? "GET",
      url: new URL(req.url ?? "/", "http://fake.local"),
      headers: req.headers,
      body,
      json: parseBody(body, req.headers["content-type"]),
    };
    total++;
    const now = clock(request);
    window = window.filter((t) => now - t < 1000);
    window.push(now);
    maxPerSecond = Math.max(maxPerSecond, window.length);
    const value = spec.valueOf(request);
    if (value !== null) perValue.set(value, (perValue.get(value) ?? 0) + 1);

    if (mode === true) return send(res, errorAnswer(503));
    if (resets > 0) {
      resets--;
      req.socket.destroy();
      return;
    }
    if (hangs > 0) {
      hangs--;
      hung.add(res);
      res.on("close", () => hung.delete(res));
      return;
    }
    if (failures.n > 0) {
      failures.n--;
      return send(res, errorAnswer(failures.status));
    }
    const left = value === null ? 0 : (valueFailures.times.get(value) ?? 0);
    if (left > 0) {
      valueFailures.times.set(value!, left - 1);
      return send(res, errorAnswer(valueFailures.status));
    }
    if (limited.n > 0) {
      limited.n--;
      return send(res, errorAnswer(429, { "Retry-After": limited.retryAfter }));
    }
    if (rateLimit !== null && window.length > rateLimit) return send(res, errorAnswer(429, { "Retry-After": "1" }));
    send(res, spec.handle(request));
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: { message: `Fake server error: ${String(error)}` } });
    });
  });
  await listen(server, opts.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const res of hung) res.destroy();
      server.close(() => resolve());
      // Keep-alive sockets would otherwise keep serving a "refusing" or closed server.
      server.closeAllConnections();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    stats: {
      get total() {
        return total;
      },
      get maxPerSecond() {
        return maxPerSecond;
      },
      perValue,
      statuses,
      requestsFor: (value) => perValue.get(value) ?? 0,
      reset() {
        total = 0;
        maxPerSecond = 0;
        window = [];
        perValue.clear();
        statuses.clear();
      },
    },
    failNext(n, status = 500) {
      failures = { n, status };
    },
    failValues(times, status = 500) {
      valueFailures = { times: new Map(times), status };
    },
    rateLimitNext(n, retryAfter = 1) {
      limited = { n, retryAfter: String(retryAfter) };
    },
    hangNext(n) {
      hangs = n;
    },
    resetNext(n) {
      resets = n;
    },
    async down(next) {
      const wasRefusing = mode === "refuse";
      mode = next;
      if (next === "refuse" && !wasRefusing) await stopListening();
      if (next !== "refuse" && wasRefusing) await listen(server, port);
    },
    setRateLimit(perSecond) {
      rateLimit = perSecond;
    },
    async close() {
      if (mode !== "refuse") await stopListening();
    },
  };
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseBody(body: string, contentType: string | undefined): Record<string, unknown> | undefined {
  if (!body) return undefined;
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The user and password of an HTTP basic Authorization header. */
export function basicCredentials(headers: IncomingHttpHeaders): { user: string; password: string } | null {
  const header = headers.authorization;
  if (!header?.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The last `n` digits of a value, for the fakes' deterministic answers. */
export function lastDigits(value: string, n: number): string {
  return value.replace(/\D/g, "").slice(-n);
}

/** A parameter from the query string or the (JSON or form) body, whichever carries it. */
export function param(req: FakeRequest, name: string): string | null {
  const fromQuery = req.url.searchParams.get(name);
  if (fromQuery !== null) return fromQuery;
  const v = req.json?.[name];
  return v === undefined || v === null ? null : String(v);
}

/** Every injected fault cleared (failNext, rateLimitNext, hangNext, resetNext, down) and the counters zeroed. */
export async function healthy(fake: FakeControls): Promise<void> {
  fake.failNext(0);
  fake.rateLimitNext(0);
  fake.hangNext(0);
  fake.resetNext(0);
  await fake.down(false);
  fake.stats.reset();
}

/*
 * Callbacks as the providers post them to our hook addresses (delivery reports, inbound messages), for the fakes'
 * callback builders; `headers` add the provider's signature.
 */

/** A form post. */
export function formCallback(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): CallbackRequest {
  return {
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    rawBody: new URLSearchParams(fields).toString(),
  };
}

/** A JSON post; a string `body` is sent as it is (a signature covers its exact bytes). */
export function jsonCallback(url: string, body: unknown, headers: Record<string, string> = {}): CallbackRequest {
  return {
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...headers },
    rawBody: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** A GET with the fields added to the address's query. */
export function queryCallback(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): CallbackRequest {
  const target = new URL(url);
  for (const [k, v] of Object.entries(fields)) target.searchParams.append(k, v);
  return { method: "GET", url: target.toString(), headers, rawBody: "" };
}
