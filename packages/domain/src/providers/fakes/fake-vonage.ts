import { createHash, createHmac } from "node:crypto";
import { smsLength } from "@leadflow/contracts";
import type { CallbackRequest } from "../send-types";
import {
  basicCredentials,
  type FakeAnswer,
  type FakeControls,
  type FakeRequest,
  type FakeServerOptions,
  formCallback,
  jsonCallback,
  param,
  queryCallback,
  startFakeServer,
} from "./fake-server";

/*
 * Vonage on loopback (rest.nexmo.com): the SMS API (POST /sms/json, JSON or form, api_key/api_secret in the body →
 * HTTP 200 with one `messages[]` entry per part, `status` "0" when taken, else Vonage's status code and
 * `error-text`), the account balance (GET /account/get-balance) and numbers (GET /account/numbers), both with
 * basic auth. Serve it as `vonage`.
 *
 * A recipient in `barred` answers status 7 (number barred); a sender not in the account's numbers status 15.
 * `dlr(...)` builds a delivery receipt as Vonage delivers it to the `callback` a send named (GET query, JSON or a
 * form), signed with the signature secret when the fake has one; `inbound(...)` an inbound SMS likewise.
 */

export type VonageSignatureMethod = "md5hash" | "md5" | "sha1" | "sha256" | "sha512";

export interface FakeVonageOptions extends FakeServerOptions {
  apiKey?: string;
  apiSecret?: string;
  /** With it, webhooks carry timestamp, nonce and sig (signed webhooks). */
  signatureSecret?: string;
  signatureMethod?: VonageSignatureMethod;
  numbers?: { msisdn: string; type?: string; sms?: boolean }[];
}

export interface VonageSent {
  request: FakeRequest;
  /** The message-id of each part. */
  ids: string[];
}

export interface FakeVonage extends FakeControls {
  apiKey: string;
  apiSecret: string;
  signatureSecret: string | null;
  baseUrls: { vonage: string };
  /** Every /sms/json request with good credentials, and the ids its parts got. */
  sent: VonageSent[];
  barred: Set<string>;
  /** A DLR for one part of `sent` (default: its first part). */
  dlr(sent: VonageSent, fields: { status: string; errCode?: string; part?: number }, via?: "GET" | "JSON" | "FORM"): CallbackRequest;
  /** An inbound SMS posted to `url`. */
  inbound(url: string, msg: { from: string; to: string; text: string; id?: string }, via?: "GET" | "JSON" | "FORM"): CallbackRequest;
  /** Vonage's `sig` over `fields` (for forging with another secret). */
  sign(fields: Record<string, string>, secret: string): string;
}

export function vonageSign(fields: Record<string, string>, secret: string, method: VonageSignatureMethod): string {
  const signed = Object.keys(fields)
    .filter((k) => k !== "sig")
    .sort()
    .map((k) => `&${k}=${fields[k]!.replace(/[&=]/g, "_")}`)
    .join("");
  if (method === "md5hash")
    return createHash("md5")
      .update(signed + secret)
      .digest("hex");
  return createHmac(method, secret).update(signed).digest("hex").toUpperCase();
}

const status = (code: string, text: string) => ({
  status: 200,
  body: { "message-count": "1", messages: [{ status: code, "error-text": text }] },
});

export async function startFakeVonage(opts: FakeVonageOptions = {}): Promise<FakeVonage> {
  const apiKey = opts.apiKey ?? "fakekey1";
  const apiSecret = opts.apiSecret ?? "fake-api-secret";
  const signatureSecret = opts.signatureSecret ?? null;
  const method = opts.signatureMethod ?? "md5hash";
  const numbers = opts.numbers ?? [{ msisdn: "12125550100", type: "mobile-lvn" }];
  const sent: VonageSent[] = [];
  const barred = new Set<string>();
  let seq = 0;

  const sendSms = (req: FakeRequest): FakeAnswer => {
    if (param(req, "api_key") !== apiKey || param(req, "api_secret") !== apiSecret) return status("4", "Bad Credentials");
    const to = param(req, "to");
    const from = param(req, "from");
    const text = param(req, "text");
    if (!to || !from || text === null) return status("2", "Missing to, from or text");
    if (!/^\d{8,15}$/.test(to)) return status("3", "Invalid to address");
    if (/^\d+$/.test(from) && !numbers.some((n) => n.msisdn === from)) return status("15", "Illegal Sender Address - rejected");
    if (barred.has(to)) return status("7", "Number barred");
    const parts = Math.max(1, smsLength(text, { placeholders: false }).parts);
    const ids = Array.from({ length: parts }, () => `0A0000000${(++seq).toString(16).toUpperCase().padStart(7, "0")}`);
    sent.push({ request: req, ids });
    const ref = param(req, "client-ref");
    const messages = ids.map((id) => ({
      to,
      "message-id": id,
      status: "0",
      "remaining-balance": "10.28",
      "message-price": "0.00809000",
      network: "310260",
      ...(ref ? { "client-ref": ref } : {}),
    }));
    return { status: 200, body: { "message-count": String(parts), messages } };
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname === "/sms/json" ? param(req, "to") : null),
      errorBody: (code) =>
        code === 429
          ? { status: "1", "error-text": "Throughput Rate Exceeded - please wait [ 1000 ] and retry" }
          : {
              type: "https://developer.vonage.com/api-errors#bad-request",
              title: code >= 500 ? "Internal Error" : "Bad Request",
              detail: "Injected",
              instance: "fake",
            },
      handle(req) {
        if (req.method === "POST" && req.url.pathname === "/sms/json") return sendSms(req);
        const auth = basicCredentials(req.headers);
        if (!auth || auth.user !== apiKey || auth.password !== apiSecret) {
          return { status: 401, body: { type: "https://developer.vonage.com/api-errors#unauthorized", title: "Bad Credentials" } };
        }
        if (req.method === "GET" && req.url.pathname === "/account/get-balance")
          return { status: 200, body: { value: 10.28, autoReload: false } };
        if (req.method === "GET" && req.url.pathname === "/account/numbers") {
          const size = Number(req.url.searchParams.get("size") ?? 10);
          const index = Number(req.url.searchParams.get("index") ?? 1);
          const page = numbers.slice((index - 1) * size, index * size).map((n) => ({
            country: "US",
            msisdn: n.msisdn,
            type: n.type ?? "mobile-lvn",
            features: n.sms === false ? ["VOICE"] : ["VOICE", "SMS"],
          }));
          return { status: 200, body: { count: numbers.length, numbers: page } };
        }
        return { status: 404, body: { type: "https://developer.vonage.com/api-errors#not-found", title: "Not Found" } };
      },
    },
    opts,
  );

  const deliver = (url: string, fields: Record<string, string>, via: "GET" | "JSON" | "FORM"): CallbackRequest => {
    const all = { ...fields };
    if (signatureSecret) {
      all.timestamp = "1700000000";
      all.nonce = `nonce-${fields.messageId ?? "x"}`;
      all.sig = vonageSign(all, signatureSecret, method);
    }
    if (via === "GET") return queryCallback(url, all);
    return via === "JSON" ? jsonCallback(url, all) : formCallback(url, all);
  };

  return {
    ...server,
    apiKey,
    apiSecret,
    signatureSecret,
    baseUrls: { vonage: server.url },
    sent,
    barred,
    dlr(one, { status: dlrStatus, errCode = "0", part = 0 }, via = "JSON") {
      const url = param(one.request, "callback") ?? "";
      const ref = param(one.request, "client-ref");
      return deliver(
        url,
        {
          msisdn: param(one.request, "to") ?? "",
          to: param(one.request, "from") ?? "",
          "network-code": "310260",
          messageId: one.ids[part]!,
          price: "0.00809000",
          status: dlrStatus,
          scts: "2311141220",
          "err-code": errCode,
          "api-key": apiKey,
          ...(ref ? { "client-ref": ref } : {}),
          "message-timestamp": "2023-11-14 12:20:01",
        },
        via,
      );
    },
    inbound(url, msg, via = "GET") {
      return deliver(
        url,
        {
          msisdn: msg.from,
          to: msg.to,
          messageId: msg.id ?? "0B000000F00D0001",
          text: msg.text,
          type: "text",
          keyword: msg.text.split(/\s+/)[0]!.toUpperCase(),
          "api-key": apiKey,
          "message-timestamp": "2023-11-14 12:25:00",
        },
        via,
      );
    },
    sign: (fields, secret) => vonageSign(fields, secret, method),
  };
}
