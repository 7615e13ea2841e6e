import { asRecord } from "../adapter-params";
import type { CallbackRequest } from "../send-types";
import {
  basicCredentials,
  type FakeAnswer,
  type FakeControls,
  type FakeRequest,
  type FakeServerOptions,
  jsonCallback,
  startFakeServer,
} from "./fake-server";

/*
 * Flowroute on loopback (api.flowroute.com): Messaging v2.1 (POST /v2.1/messages, a JSON:API `message` → 202 with
 * its `mdr2-…` id) and Numbers v2 (GET /v2/numbers with limit/offset, each number with its alias), HTTP basic auth
 * with the access key and secret key, errors as JSON:API `errors[]`. Serve it as `flowroute`.
 *
 * A `from` that is not one of the account's numbers answers 403; a recipient in `optedOut` answers 403 with
 * Flowroute's opt-out words. `dlr(...)` builds a delivery receipt as Flowroute posts it to the message's
 * `dlr_callback`; `inbound(...)` an inbound SMS as posted to the account's SMS callback URL.
 */

export interface FakeFlowrouteOptions extends FakeServerOptions {
  accessKey?: string;
  secretKey?: string;
  /** The account's numbers (11 digits) and their aliases. */
  numbers?: { value: string; alias?: string | null }[];
}

export interface FakeFlowroute extends FakeControls {
  accessKey: string;
  secretKey: string;
  baseUrls: { flowroute: string };
  /** Every accepted POST /v2.1/messages, with the id it was given. */
  sent: { request: FakeRequest; id: string }[];
  /** GET /v2/numbers requests received. */
  numberListings: number;
  optedOut: Set<string>;
  dlr(
    sent: { request: FakeRequest; id: string },
    r: { status: string; level?: number; code?: string | null; description?: string },
  ): CallbackRequest;
  inbound(url: string, msg: { from: string; to: string; body: string; id?: string }): CallbackRequest;
}

const errors = (status: number, title: string, detail: string): FakeAnswer => ({
  status,
  body: { errors: [{ id: "fake-error", status, title, detail }] },
});

export async function startFakeFlowroute(opts: FakeFlowrouteOptions = {}): Promise<FakeFlowroute> {
  const accessKey = opts.accessKey ?? "12345678";
  const secretKey = opts.secretKey ?? "fake-flowroute-secret";
  const numbers = opts.numbers ?? [{ value: "12125550100", alias: null }];
  const sent: { request: FakeRequest; id: string }[] = [];
  const optedOut = new Set<string>();
  let listings = 0;
  let seq = 0;

  const sendMessage = (req: FakeRequest): FakeAnswer => {
    const data = asRecord(req.json?.data);
    const a = asRecord(data.attributes);
    if (data.type !== "message" || typeof a.to !== "string" || typeof a.from !== "string" || typeof a.body !== "string") {
      return errors(400, "Bad Request", "A message needs data.type message and attributes to, from and body.");
    }
    if (!/^\d{11}$/.test(a.to)) return errors(400, "Bad Request", "to must be an 11-digit North American number.");
    if (!numbers.some((n) => n.value === a.from)) return errors(403, "Forbidden", `${a.from} is not a number on this account.`);
    if (optedOut.has(a.to)) return errors(403, "Forbidden", "Recipient has opted out of receiving messages from this number.");
    const id = `mdr2-${(++seq).toString(16).padStart(32, "0")}`;
    sent.push({ request: req, id });
    return { status: 202, body: { data: { id, type: "message", links: { self: `https://api.flowroute.com/v2.1/messages/${id}` } } } };
  };

  const listNumbers = (req: FakeRequest): FakeAnswer => {
    listings++;
    const limit = Number(req.url.searchParams.get("limit") ?? 10);
    const offset = Number(req.url.searchParams.get("offset") ?? 0);
    const page = numbers.slice(offset, offset + limit).map((n) => ({
      type: "number",
      id: n.value,
      attributes: {
        value: n.value,
        alias: n.alias ?? null,
        rate_center: "seattle",
        state: "wa",
        number_type: "standard",
        cnam_lookups_enabled: true,
      },
      links: { self: `https://api.flowroute.com/v2/numbers/${n.value}` },
    }));
    const links: Record<string, string> = { self: `https://api.flowroute.com/v2/numbers?limit=${limit}&offset=${offset}` };
    if (offset + limit < numbers.length) links.next = `https://api.flowroute.com/v2/numbers?limit=${limit}&offset=${offset + limit}`;
    return { status: 200, body: { data: page, links } };
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname === "/v2.1/messages" ? String(asRecord(asRecord(req.json?.data).attributes).to ?? "") : null),
      errorBody: (status) =>
        status === 429
          ? { errors: [{ id: "rate", status, title: "Too Many Requests", detail: "Rate limit exceeded" }] }
          : {
              errors: [
                { id: "injected", status, title: status >= 500 ? "Internal Server Error" : "Bad Request", detail: "Injected failure" },
              ],
            },
      handle(req) {
        const auth = basicCredentials(req.headers);
        if (!auth || auth.user !== accessKey || auth.password !== secretKey) return errors(401, "Unauthorized", "Authentication failed.");
        if (req.method === "POST" && req.url.pathname === "/v2.1/messages") return sendMessage(req);
        if (req.method === "GET" && req.url.pathname === "/v2/numbers") return listNumbers(req);
        return errors(404, "Not Found", "No such resource.");
      },
    },
    opts,
  );

  return {
    ...server,
    accessKey,
    secretKey,
    baseUrls: { flowroute: server.url },
    sent,
    get numberListings() {
      return listings;
    },
    optedOut,
    dlr(one, r) {
      const a = asRecord(asRecord(one.request.json?.data).attributes);
      return jsonCallback(String(a.dlr_callback ?? ""), {
        data: {
          type: "delivery_receipt",
          id: one.id,
          attributes: {
            body: a.body,
            level: r.level ?? 2,
            status: r.status,
            status_code: r.code ?? null,
            status_code_description: r.description ?? "",
            timestamp: "2023-11-14T12:20:01.00Z",
          },
          links: { related: `https://api.flowroute.com/v2.1/messages/${one.id}` },
        },
      });
    },
    inbound(url, msg) {
      return jsonCallback(url, {
        data: {
          type: "message",
          id: msg.id ?? "mdr2-f00d0000000000000000000000000001",
          attributes: {
            from: msg.from,
            to: msg.to,
            body: msg.body,
            direction: "inbound",
            is_mms: false,
            message_encoding: 0,
            message_type: "longcode",
            status: "delivered",
            amount_display: "$0.0000",
            amount_nanodollars: 0,
            timestamp: "2023-11-14T12:25:00.00Z",
          },
        },
      });
    },
  };
}
