import twilio from "twilio";
import type { CallbackRequest } from "../send-types";
import { type FakeAnswer, type FakeControls, type FakeRequest, type FakeServerOptions, formCallback, startFakeServer } from "./fake-server";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  twilioAccount,
  twilioAuthFailure,
  twilioError,
  twilioNotFound,
} from "./twilio-api";

/*
 * Twilio Programmable Messaging on loopback, as the official SDK speaks to it: Messages.create
 * (POST /2010-04-01/Accounts/{sid}/Messages.json, form fields To, From | MessagingServiceSid, Body, StatusCallback,
 * ValidityPeriod → 201 message resource), IncomingPhoneNumbers and the account fetch on api.twilio.com, Messaging
 * Services (GET /v1/Services) on messaging.twilio.com; Basic auth, errors in Twilio's JSON shape (code, message,
 * more_info, status). Serve it as `twilio_api` and `twilio_messaging` (see `baseUrls`).
 *
 * Messages fetch (GET …/Messages/{sid}.json) and list (GET …/Messages.json?To=&From=, newest first) answer from the
 * messages created, with the status `setStatus` gave them (what the provider's message list says in reconciliation).
 * An injected HTTP 400 answers code 21211 (invalid To); recipients in `optedOut` answer 400 code 21610.
 * `callback(url, fields)` signs a form callback with X-Twilio-Signature, as Twilio would post it to `url`.
 */

export interface FakeTwilioMessagingOptions extends FakeServerOptions {
  accountSid?: string;
  authToken?: string;
  /** The account's numbers: E.164 and whether it takes SMS. */
  numbers?: { phone: string; name?: string; sms?: boolean }[];
  /** The account's Messaging Services. */
  services?: { sid: string; name: string }[];
}

export interface FakeTwilioMessaging extends FakeControls {
  accountSid: string;
  authToken: string;
  baseUrls: { twilio_api: string; twilio_messaging: string };
  /** Every Messages.create request received (after auth), in order. */
  messages: FakeRequest[];
  /** Recipients that replied STOP: a send to them answers 21610. */
  optedOut: Set<string>;
  /** Sets a created message's status (and error code) as Twilio's message API will answer it. */
  setStatus(sid: string, status: string, errorCode?: string | null): void;
  /** A callback as Twilio posts it to `url`, signed with `authToken` (or another token, to forge one). */
  callback(url: string, fields: Record<string, string>, token?: string): CallbackRequest;
}

export async function startFakeTwilioMessaging(opts: FakeTwilioMessagingOptions = {}): Promise<FakeTwilioMessaging> {
  const accountSid = opts.accountSid ?? FAKE_TWILIO_ACCOUNT_SID;
  const authToken = opts.authToken ?? FAKE_TWILIO_AUTH_TOKEN;
  const messages: FakeRequest[] = [];
  const optedOut = new Set<string>();
  const numbers = opts.numbers ?? [{ phone: "+12125550100", name: "Main line" }];
  const services = opts.services ?? [{ sid: "MG00000000000000000000000000000001", name: "Campaign pool" }];
  const base = `/2010-04-01/Accounts/${accountSid}`;
  let created = 0;
  /** Created messages by SID, as the message API answers them. */
  const resources = new Map<string, Record<string, unknown>>();

  const createMessage = (req: FakeRequest): FakeAnswer => {
    messages.push(req);
    const f = (req.json ?? {}) as Record<string, string>;
    if (!f.To || !/^\+\d{8,15}$/.test(f.To)) return twilioError(400, 21211, `The 'To' number ${f.To ?? ""} is not a valid phone number.`);
    if (!f.From && !f.MessagingServiceSid)
      return twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
    if (!f.Body) return twilioError(400, 21602, "Message body is required.");
    if (optedOut.has(f.To)) return twilioError(400, 21610, "Attempt to send to unsubscribed recipient");
    const sid = `SM${(++created).toString(16).padStart(32, "0")}`;
    const resource = {
      sid,
      account_sid: accountSid,
      messaging_service_sid: f.MessagingServiceSid ?? null,
      from: f.From ?? null,
      to: f.To,
      body: f.Body,
      status: f.MessagingServiceSid ? "accepted" : "queued",
      num_segments: String(Math.max(1, Math.ceil(f.Body.length / 153))),
      num_media: "0",
      direction: "outbound-api",
      api_version: "2010-04-01",
      price: null,
      price_unit: "USD",
      error_code: null,
      error_message: null,
      date_created: new Date().toUTCString(),
      date_sent: new Date().toUTCString(),
      uri: `${base}/Messages/${sid}.json`,
    };
    resources.set(sid, resource);
    return { status: 201, body: resource };
  };

  const listMessages = (q: URLSearchParams): FakeAnswer => {
    const found = [...resources.values()]
      .filter((m) => (!q.get("To") || m.to === q.get("To")) && (!q.get("From") || m.from === q.get("From")))
      .reverse();
    const page = found.slice(0, Number(q.get("PageSize") ?? 50));
    return { status: 200, body: { messages: page, next_page_uri: null, page: 0, page_size: page.length, uri: `${base}/Messages.json` } };
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname.endsWith("/Messages.json") ? String(req.json?.To ?? "") : null),
      errorBody: (status) =>
        status === 429
          ? { code: 20429, message: "Too Many Requests", status }
          : status === 400
            ? { code: 21211, message: "Invalid 'To' Phone Number", more_info: "https://www.twilio.com/docs/errors/21211", status }
            : { code: 20500, message: "Internal Server Error", status },
      handle(req) {
        const denied = twilioAuthFailure(req, accountSid, authToken);
        if (denied) return denied;
        const path = req.url.pathname;
        if (req.method === "POST" && path === `${base}/Messages.json`) return createMessage(req);
        if (req.method === "GET" && path === `${base}/Messages.json`) return listMessages(req.url.searchParams);
        const one = req.method === "GET" ? /\/Messages\/(SM[0-9a-f]+)\.json$/.exec(path) : null;
        if (one && path.startsWith(`${base}/`)) {
          const m = resources.get(one[1]!);
          return m ? { status: 200, body: m } : twilioNotFound();
        }
        if (req.method === "GET" && path === `${base}.json`) return twilioAccount(accountSid);
        if (req.method === "GET" && path === `${base}/IncomingPhoneNumbers.json`) {
          const rows = numbers.map((n, i) => ({
            sid: `PN${String(i + 1).padStart(32, "0")}`,
            phone_number: n.phone,
            friendly_name: n.name ?? n.phone,
            capabilities: { sms: n.sms ?? true, mms: false, voice: true, fax: false },
          }));
          return { status: 200, body: { incoming_phone_numbers: rows, next_page_uri: null, page: 0, page_size: rows.length, uri: path } };
        }
        if (req.method === "GET" && path === "/v1/Services") {
          const rows = services.map((s) => ({ sid: s.sid, account_sid: accountSid, friendly_name: s.name }));
          const meta = {
            page: 0,
            page_size: rows.length,
            key: "services",
            next_page_url: null,
            url: "https://messaging.twilio.com/v1/Services",
          };
          return { status: 200, body: { services: rows, meta } };
        }
        return twilioNotFound();
      },
    },
    opts,
  );

  return {
    ...server,
    accountSid,
    authToken,
    baseUrls: { twilio_api: server.url, twilio_messaging: server.url },
    messages,
    optedOut,
    setStatus(sid, status, errorCode = null) {
      const m = resources.get(sid);
      if (!m) throw new Error(`The fake Twilio created no message ${sid}.`);
      m.status = status;
      m.error_code = errorCode === null ? null : Number(errorCode);
    },
    callback: (url, fields, token = authToken) =>
      formCallback(url, fields, { "x-twilio-signature": twilio.getExpectedTwilioSignature(token, url, fields) }),
  };
}
