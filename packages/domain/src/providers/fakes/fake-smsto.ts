import type { CallbackRequest } from "../send-types";
import { type FakeAnswer, type FakeControls, type FakeRequest, type FakeServerOptions, formCallback, startFakeServer } from "./fake-server";

/*
 * SMS.to on loopback: POST /sms/send (api.sms.to; JSON message, to, sender_id, callback_url, Bearer API key →
 * `{ success, message, message_id }`) and GET /api/balance (auth.sms.to). Serve it as both `smsto` and
 * `smsto_auth`. A recipient in `optedOut` is refused with SMS.to's opt-out words.
 * `callback(...)` builds a status callback as SMS.to posts it to the send's `callback_url` (form-encoded).
 */

export interface FakeSmsToOptions extends FakeServerOptions {
  apiKey?: string;
}

export interface FakeSmsTo extends FakeControls {
  apiKey: string;
  baseUrls: { smsto: string; smsto_auth: string };
  sent: { request: FakeRequest; id: string }[];
  optedOut: Set<string>;
  callback(sent: { request: FakeRequest; id: string }, status: string): CallbackRequest;
}

export async function startFakeSmsTo(opts: FakeSmsToOptions = {}): Promise<FakeSmsTo> {
  const apiKey = opts.apiKey ?? "fake-smsto-license-key";
  const sent: { request: FakeRequest; id: string }[] = [];
  const optedOut = new Set<string>();
  let seq = 0;

  const send = (req: FakeRequest): FakeAnswer => {
    const b = req.json ?? {};
    if (typeof b.to !== "string" || typeof b.message !== "string") {
      return { status: 422, body: { success: false, message: "The to and message fields are required." } };
    }
    if (optedOut.has(b.to))
      return { status: 400, body: { success: false, message: "The recipient has opted out (blacklisted) of your messages." } };
    const id = `11ee-${(++seq).toString(16).padStart(8, "0")}-fake-sms-to`;
    sent.push({ request: req, id });
    return {
      status: 200,
      body: { message: "Message is queued for sending! Please check Report for update", success: true, message_id: id },
    };
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname === "/sms/send" ? String(req.json?.to ?? "") : null),
      errorBody: (status) =>
        status === 429
          ? { success: false, message: "Too Many Attempts." }
          : { success: false, message: status >= 500 ? "Server Error" : "The sender id field format is invalid." },
      handle(req) {
        if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: { success: false, message: "Unauthenticated." } };
        if (req.method === "POST" && req.url.pathname === "/sms/send") return send(req);
        if (req.method === "GET" && req.url.pathname === "/api/balance") return { status: 200, body: { balance: 25.5, currency: "EUR" } };
        return { status: 404, body: { success: false, message: "Not Found" } };
      },
    },
    opts,
  );

  return {
    ...server,
    apiKey,
    baseUrls: { smsto: server.url, smsto_auth: server.url },
    sent,
    optedOut,
    callback(one, status) {
      const b = one.request.json ?? {};
      const fields = {
        trackingId: "185c9d63-dae2-4614-b0f4-48453e870dcf",
        messageId: one.id,
        phone: String(b.to),
        status,
        parts: "1",
        price: "0.01",
      };
      return formCallback(String(b.callback_url ?? ""), fields);
    },
  };
}
