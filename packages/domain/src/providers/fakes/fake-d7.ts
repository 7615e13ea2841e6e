import { asRecord } from "../adapter-params";
import type { CallbackRequest } from "../send-types";
import { type FakeAnswer, type FakeControls, type FakeRequest, type FakeServerOptions, formCallback, startFakeServer } from "./fake-server";

/*
 * D7 Networks on loopback (api.d7networks.com): POST /messages/v1/send (Bearer token; `messages[]` with channel,
 * recipients, content, msg_type, data_coding and `message_globals` with originator and report_url → `{ request_id,
 * status: "accepted", created_at }`) and GET /messages/v1/balance. Errors as D7 words them: `detail` is
 * `{ code, message }`, or a validation list `[{ loc, msg, type }]` (422). Serve it as `d7`.
 * `report(...)` builds a delivery report as D7 posts it to the send's report_url (form data).
 */

export interface FakeD7Options extends FakeServerOptions {
  apiKey?: string;
}

export interface D7Sent {
  request: FakeRequest;
  requestId: string;
  msgId: string;
}

export interface FakeD7 extends FakeControls {
  apiKey: string;
  baseUrls: { d7: string };
  sent: D7Sent[];
  report(sent: D7Sent, status: string): CallbackRequest;
}

const detail = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { detail: { code, message } } });

export async function startFakeD7(opts: FakeD7Options = {}): Promise<FakeD7> {
  const apiKey = opts.apiKey ?? "fake-d7-access-token";
  const sent: D7Sent[] = [];
  let seq = 0;

  const send = (req: FakeRequest): FakeAnswer => {
    const messages = Array.isArray(req.json?.messages) ? req.json.messages.map(asRecord) : [];
    const globals = asRecord(req.json?.message_globals);
    const m = messages[0];
    const recipientsOk =
      Array.isArray(m?.recipients) &&
      m.recipients.length > 0 &&
      m.recipients.every((r) => typeof r === "string" && /^\+?\d{6,15}$/.test(r));
    const missing = !m ? "messages" : !recipientsOk ? "recipients" : typeof m.content !== "string" ? "content" : null;
    if (missing) return { status: 422, body: { detail: [{ loc: ["body", missing], msg: "field required", type: "value_error.missing" }] } };
    if (typeof (m!.originator ?? globals.originator) !== "string") return detail(400, "INVALID_ORIGINATOR", "Originator is required.");
    const n = ++seq;
    const one = {
      request: req,
      requestId: `d9835609-a4e0-10ea-a26a-${n.toString(16).padStart(12, "0")}`,
      msgId: `7053a678-75fe-11ed-9e31-${n.toString(16).padStart(12, "0")}`,
    };
    sent.push(one);
    return { status: 200, body: { request_id: one.requestId, status: "accepted", created_at: "2023-11-14T12:20:00.000Z" } };
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => {
        if (req.url.pathname !== "/messages/v1/send" || !Array.isArray(req.json?.messages)) return null;
        const recipients = asRecord(req.json.messages[0]).recipients;
        return Array.isArray(recipients) ? String(recipients[0]) : null;
      },
      errorBody: (status) =>
        status === 429
          ? { detail: { code: "TOO_MANY_REQUESTS", message: "Rate limit reached" } }
          : { detail: { code: status >= 500 ? "INTERNAL_SERVER_ERROR" : "INVALID_RECIPIENT", message: "Injected failure" } },
      handle(req) {
        if (req.headers.authorization !== `Bearer ${apiKey}`) {
          return detail(
            401,
            "ACCESS_TOKEN_SIGNATURE_VERIFICATION_FAILED",
            "It looks like your requests were failed due to a missing or invalid 'Access Token'.",
          );
        }
        if (req.method === "POST" && req.url.pathname === "/messages/v1/send") return send(req);
        if (req.method === "GET" && req.url.pathname === "/messages/v1/balance")
          return { status: 200, body: { balance: 12.5, currency: "USD" } };
        return detail(404, "NOT_FOUND", "Not found");
      },
    },
    opts,
  );

  return {
    ...server,
    apiKey,
    baseUrls: { d7: server.url },
    sent,
    report(one, status) {
      const m = asRecord((one.request.json?.messages as unknown[] | undefined)?.[0]);
      const globals = asRecord(one.request.json?.message_globals);
      const fields = {
        request_id: one.requestId,
        msg_id: one.msgId,
        recipient: String((m.recipients as unknown[])[0]),
        originator: String(globals.originator),
        status,
      };
      return formCallback(String(globals.report_url ?? ""), fields);
    },
  };
}
