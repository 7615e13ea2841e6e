import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import type { CallbackRequest } from "../send-types";
import { type FakeAnswer, type FakeControls, type FakeRequest, type FakeServerOptions, jsonCallback, startFakeServer } from "./fake-server";

/*
 * Telnyx API v2 on loopback: POST /v2/messages (JSON; `from` or `messaging_profile_id`, `to`, `text`,
 * `webhook_url`, `validity_period_secs` → `{ data: message }`), GET /v2/messaging_profiles, GET /v2/balance;
 * Bearer auth (401 code 10009); errors as `{ errors: [{ code, title, detail }] }`. An injected HTTP 400 answers
 * code 40310 (invalid to); recipients in `optedOut` answer 400 code 40300 (blocked due to STOP).
 *
 * The fake holds an Ed25519 key pair like a Telnyx account: `publicKey` is what the portal shows (base64 of the raw
 * 32 bytes); `webhook(url, event)` signs a webhook as Telnyx posts it ("{timestamp}|{body}").
 */

export interface FakeTelnyxOptions extends FakeServerOptions {
  apiKey?: string;
  profiles?: { id: string; name: string }[];
}

export interface TelnyxEventInput {
  id: string;
  type: "message.sent" | "message.finalized" | "message.received";
  messageId: string;
  status?: string;
  from?: string;
  to?: string;
  text?: string;
  errors?: { code: string; title: string; detail?: string }[];
}

export interface FakeTelnyx extends FakeControls {
  apiKey: string;
  /** The account's Ed25519 public key, base64 of the raw 32 bytes (Mission Control → Keys & Credentials). */
  publicKey: string;
  baseUrls: { telnyx: string };
  messages: FakeRequest[];
  optedOut: Set<string>;
  /** A webhook as Telnyx posts it to `url`, signed with the account's key (or `key`, to forge one). */
  webhook(url: string, event: TelnyxEventInput, key?: KeyObject): CallbackRequest;
}

const telnyxError = (status: number, code: string, title: string, detail?: string): FakeAnswer => ({
  status,
  body: { errors: [{ code, title, ...(detail ? { detail } : {}) }] },
});

export function telnyxEventBody(e: TelnyxEventInput): string {
  const inbound = e.type === "message.received";
  return JSON.stringify({
    data: {
      record_type: "event",
      id: e.id,
      event_type: e.type,
      occurred_at: "2026-01-05T15:04:05.000+00:00",
      payload: {
        record_type: "message",
        direction: inbound ? "inbound" : "outbound",
        id: e.messageId,
        type: "SMS",
        from: { phone_number: e.from ?? "+12125550100" },
        to: [{ phone_number: e.to ?? "+14155550123", status: e.status ?? (inbound ? "webhook_delivered" : "queued") }],
        text: e.text ?? "Hello",
        parts: 1,
        errors: e.errors ?? [],
      },
    },
    meta: { attempt: 1, delivered_to: "https://app.example.com" },
  });
}

export async function startFakeTelnyx(opts: FakeTelnyxOptions = {}): Promise<FakeTelnyx> {
  const apiKey = opts.apiKey ?? "KEYfake0123456789";
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const rawPublic = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("base64");
  const messages: FakeRequest[] = [];
  const optedOut = new Set<string>();
  const profiles = opts.profiles ?? [{ id: "40017f8e-0000-4000-8000-000000000001", name: "Campaigns" }];
  let created = 0;

  const createMessage = (req: FakeRequest): FakeAnswer => {
    messages.push(req);
    const b = req.json ?? {};
    const to = typeof b.to === "string" ? b.to : "";
    if (!/^\+\d{8,15}$/.test(to))
      return telnyxError(422, "40310", "Invalid 'to' address", "The 'to' address should be a valid E.164 number.");
    if (!b.from && !b.messaging_profile_id) return telnyxError(422, "40305", "Invalid 'from' address");
    if (typeof b.text !== "string" || !b.text) return telnyxError(422, "40009", "Invalid message body");
    if (optedOut.has(to))
      return telnyxError(400, "40300", "Blocked due to STOP message", `Messages cannot be sent to '${to}' due to an existing block rule.`);
    const id = `40385f64-5717-4562-b3fc-${String(++created).padStart(12, "0")}`;
    return {
      status: 200,
      body: {
        data: {
          record_type: "message",
          direction: "outbound",
          id,
          type: "SMS",
          messaging_profile_id: b.messaging_profile_id ?? profiles[0]!.id,
          from: { phone_number: b.from ?? "+12125550100" },
          to: [{ phone_number: to, status: "queued" }],
          text: b.text,
          parts: Math.max(1, Math.ceil(b.text.length / 153)),
          webhook_url: b.webhook_url ?? null,
          valid_until: null,
          errors: [],
        },
      },
    };
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname === "/v2/messages" ? String(req.json?.to ?? "") : null),
      errorBody: (status) =>
        status === 429
          ? { errors: [{ code: "10011", title: "Too many requests" }] }
          : status === 400
            ? { errors: [{ code: "40310", title: "Invalid 'to' address", detail: "The 'to' address is not a valid number." }] }
            : { errors: [{ code: "10007", title: "Unexpected error" }] },
      handle(req) {
        if (req.headers.authorization !== `Bearer ${apiKey}`)
          return telnyxError(401, "10009", "Authentication failed", "Could not understand the provided credentials.");
        const path = req.url.pathname;
        if (req.method === "POST" && path === "/v2/messages") return createMessage(req);
        if (req.method === "GET" && path === "/v2/balance") {
          return {
            status: 200,
            body: {
              data: { record_type: "balance", balance: "300.00", credit_limit: "0.00", available_credit: "300.00", currency: "USD" },
            },
          };
        }
        if (req.method === "GET" && path === "/v2/messaging_profiles") {
          const data = profiles.map((p) => ({ record_type: "messaging_profile", id: p.id, name: p.name, enabled: true }));
          return { status: 200, body: { data, meta: { page_number: 1, page_size: 250, total_pages: 1, total_results: data.length } } };
        }
        return telnyxError(404, "10005", "Resource not found");
      },
    },
    opts,
  );

  return {
    ...server,
    apiKey,
    publicKey: rawPublic,
    baseUrls: { telnyx: server.url },
    messages,
    optedOut,
    webhook(url, event, key = privateKey) {
      const body = telnyxEventBody(event);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(`${timestamp}|${body}`), key).toString("base64");
      return jsonCallback(url, body, { "telnyx-signature-ed25519": signature, "telnyx-timestamp": timestamp });
    },
  };
}
