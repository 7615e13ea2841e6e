import { createHmac } from "node:crypto";
import type { CallbackRequest } from "../send-types";
import { type FakeAnswer, type FakeControls, type FakeRequest, type FakeServerOptions, jsonCallback, startFakeServer } from "./fake-server";

/*
 * A partner implementing Leadflow's generic HTTP interface (docs/providers.md, "HTTP (generic)"), on loopback:
 * POST /messages (checks X-Leadflow-App-Id and, with a secret, X-Leadflow-Signature over the raw body; a repeated
 * Idempotency-Key answers the first answer and sends nothing new) and GET /account. The adapter is pointed at it by
 * its base_url, with loopback allowed explicitly (never a gateway param). A recipient in `optedOut` is refused
 * with code opted_out. `callback(...)` / `inbound(...)` build the partner's signed callbacks.
 */

export interface FakeGenericHttpOptions extends FakeServerOptions {
  appId?: string;
  /** The signing secret; null: the partner neither checks nor signs. */
  secret?: string | null;
}

export interface FakeGenericHttp extends FakeControls {
  appId: string;
  secret: string | null;
  /** No provider URL settings: the gateway's base_url is the fake's `url`. */
  baseUrls: Record<string, string>;
  /** Every POST /messages that sent a new message. */
  sent: { request: FakeRequest; id: string }[];
  optedOut: Set<string>;
  callback(
    sent: { request: FakeRequest; id: string },
    fields: { status: string; error_code?: string; error_message?: string },
    secret?: string | null,
  ): CallbackRequest;
  inbound(url: string, msg: { id: string; from: string; to: string; text: string }, secret?: string | null): CallbackRequest;
}

export const partnerSignature = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

const fail = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { error: { code, message } } });

export async function startFakeGenericHttp(opts: FakeGenericHttpOptions = {}): Promise<FakeGenericHttp> {
  const appId = opts.appId ?? "leadflow-app-1";
  const secret = opts.secret === undefined ? "fake-partner-signing-secret" : opts.secret;
  const sent: { request: FakeRequest; id: string }[] = [];
  const optedOut = new Set<string>();
  const answered = new Map<string, FakeAnswer>();
  let seq = 0;

  const send = (req: FakeRequest): FakeAnswer => {
    const key = String(req.headers["idempotency-key"] ?? "");
    const again = key ? answered.get(key) : undefined;
    if (again) return again;
    const b = req.json ?? {};
    let answer: FakeAnswer;
    if (typeof b.to !== "string" || typeof b.from !== "string" || typeof b.text !== "string" || typeof b.message_id !== "string") {
      answer = fail(400, "invalid_request", "to, from, text and message_id are required.");
    } else if (b.app_id !== appId) {
      answer = fail(400, "invalid_request", "app_id does not match the X-Leadflow-App-Id header.");
    } else if (optedOut.has(b.to)) {
      answer = fail(400, "opted_out", "The recipient has opted out.");
    } else {
      const id = `msg_${(++seq).toString().padStart(6, "0")}`;
      sent.push({ request: req, id });
      answer = { status: 202, body: { id, segments: 1, cost: 0.0075 } };
    }
    if (key) answered.set(key, answer);
    return answer;
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname === "/messages" ? String(req.json?.to ?? "") : null),
      errorBody: (status) =>
        status === 429
          ? { error: { code: "rate_limited", message: "Slow down." } }
          : { error: { code: status >= 500 ? "internal" : "invalid_request", message: "Injected failure" } },
      handle(req) {
        if (req.headers["x-leadflow-app-id"] !== appId) return fail(401, "unauthorized", "Unknown app id.");
        if (secret && req.headers["x-leadflow-signature"] !== partnerSignature(secret, req.body))
          return fail(401, "unauthorized", "Bad signature.");
        if (req.method === "POST" && req.url.pathname === "/messages") return send(req);
        if (req.method === "GET" && req.url.pathname === "/account") return { status: 200, body: { name: "Fake Partner SMS" } };
        return fail(404, "not_found", "No such endpoint.");
      },
    },
    opts,
  );

  const post = (url: string, body: unknown, key: string | null): CallbackRequest => {
    const raw = JSON.stringify(body);
    return jsonCallback(url, raw, key ? { "x-leadflow-signature": partnerSignature(key, raw) } : {});
  };

  return {
    ...server,
    appId,
    secret,
    baseUrls: {},
    sent,
    optedOut,
    callback(one, fields, key = secret) {
      const b = one.request.json ?? {};
      return post(
        String(b.status_callback_url ?? ""),
        {
          id: one.id,
          message_id: b.message_id,
          status: fields.status,
          error_code: fields.error_code ?? null,
          error_message: fields.error_message ?? null,
          timestamp: "2023-11-14T12:20:01Z",
        },
        key,
      );
    },
    inbound(url, msg, key = secret) {
      return post(url, { ...msg, timestamp: "2023-11-14T12:25:00Z" }, key);
    },
  };
}
