import type { CallbackRequest } from "../send-types";
import {
  basicCredentials,
  type FakeAnswer,
  type FakeControls,
  type FakeRequest,
  type FakeServerOptions,
  formCallback,
  startFakeServer,
} from "./fake-server";

/*
 * Commio / thinQ on loopback: POST /account/{account_id}/product/origination/sms/send (JSON from_did, to_did,
 * message, 10 digits each → `{ guid }`) and GET /origination/did/search2/did/{account_id}?rows=&page= (`{ total_rows,
 * rows: [{ id: 12125550100, … }] }`); HTTP Basic auth "{username}:{token}" checked per account (401
 * `{ message: "Unauthorized" }`). A from_did that is not the account's answers 400. An injected HTTP 400 answers
 * `{ message: "Invalid to_did" }` (thinQ documents no error codes: the status is the code).
 * `callback(url, fields)` posts a form, as thinQ's delivery confirmations and inbound messages do.
 */

export interface FakeCommioAccount {
  accountId: string;
  username: string;
  token: string;
  /** The account's DIDs, 10 digits. */
  dids: string[];
}

export interface FakeCommio extends FakeControls {
  accounts: FakeCommioAccount[];
  baseUrls: { commio: string };
  messages: FakeRequest[];
  callback(url: string, fields: Record<string, string>): CallbackRequest;
}

const DEFAULT_ACCOUNTS: FakeCommioAccount[] = [
  { accountId: "24601", username: "leadflow", token: "0f9e8d7c6b5a49382716", dids: ["2125550100", "2125550101", "2125550102"] },
];

export async function startFakeCommio(opts: FakeServerOptions & { accounts?: FakeCommioAccount[] } = {}): Promise<FakeCommio> {
  const accounts = opts.accounts ?? DEFAULT_ACCOUNTS;
  const messages: FakeRequest[] = [];
  let created = 0;
  const sendPath = /^\/account\/([^/]+)\/product\/origination\/sms\/send$/;
  const didsPath = /^\/origination\/did\/search2\/did\/([^/]+)$/;
  const unauthorized: FakeAnswer = { status: 401, body: { message: "Unauthorized" } };

  const server = await startFakeServer(
    {
      valueOf: (req) => (sendPath.test(req.url.pathname) ? String(req.json?.to_did ?? "") : null),
      errorBody: (status) =>
        status === 400 ? { message: "Invalid to_did" } : { message: status === 429 ? "Too Many Requests" : "Server Error" },
      handle(req) {
        const send = sendPath.exec(req.url.pathname);
        const list = didsPath.exec(req.url.pathname);
        const account = accounts.find((a) => a.accountId === decodeURIComponent((send ?? list)?.[1] ?? ""));
        const auth = basicCredentials(req.headers);
        if (!account || !auth || auth.user !== account.username || auth.password !== account.token) return unauthorized;
        if (req.method === "POST" && send) {
          messages.push(req);
          const b = req.json ?? {};
          if (!account.dids.includes(String(b.from_did)))
            return { status: 400, body: { message: "from_did is not a DID of this account" } };
          if (!/^\d{10}$/.test(String(b.to_did)) || !b.message) return { status: 400, body: { message: "Invalid to_did" } };
          return { status: 200, body: { guid: `5f0c7f4b-8c1d-4e3a-9b2f-${String(++created).padStart(12, "0")}` } };
        }
        if (req.method === "GET" && list) {
          const rows = account.dids.map((d) => ({ id: Number(`1${d}`), sms_enabled: true, routing: { id: 1 } }));
          return { status: 200, body: { total_rows: rows.length, rows } };
        }
        return { status: 404, body: { message: "Not Found" } };
      },
    },
    opts,
  );

  return {
    ...server,
    accounts,
    baseUrls: { commio: server.url },
    messages,
    callback: formCallback,
  };
}
