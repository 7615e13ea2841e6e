import type { CallbackRequest } from "../send-types";
import {
  type FakeAnswer,
  type FakeControls,
  type FakeRequest,
  type FakeServerOptions,
  formCallback,
  param,
  startFakeServer,
} from "./fake-server";

/*
 * Teli (teleapi) on loopback, serving both of its hosts (`teli_sms` and `teli_api`, see `baseUrls`):
 * POST /sms/send (form or query `token`, `source`, `destination`, `message` → `{ code: 200, status: "success",
 * data: "<tracking id>" }`) and POST /billing/balance (`{ code: 200, status: "success", data: "12.3400" }`).
 * A wrong token answers HTTP 401 `{ code: 401, status: "error", data: "Invalid token" }`; a source that is not one
 * of the account's DIDs answers HTTP 200 `{ code: 400, status: "error", data: "Invalid source number" }`, as Teli's
 * docs show. An injected HTTP 400 answers the same error body.
 * `callback(url, fields)` posts a form to a callback URL, as Teli's delivery and inbound notifications do.
 */

export interface FakeTeliOptions extends FakeServerOptions {
  token?: string;
  /** The account's DIDs, 10 digits. */
  dids?: string[];
}

export interface FakeTeli extends FakeControls {
  token: string;
  baseUrls: { teli_sms: string; teli_api: string };
  messages: FakeRequest[];
  callback(url: string, fields: Record<string, string>): CallbackRequest;
}

const teliError = (status: number, code: number, data: string): FakeAnswer => ({ status, body: { code, status: "error", data } });

export async function startFakeTeli(opts: FakeTeliOptions = {}): Promise<FakeTeli> {
  const token = opts.token ?? "fake-teli-token-0123456789";
  const dids = new Set(opts.dids ?? ["2125550100"]);
  const messages: FakeRequest[] = [];
  let created = 0;

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname === "/sms/send" ? param(req, "destination") : null),
      errorBody: (status) =>
        status === 400
          ? { code: 400, status: "error", data: "Invalid destination number" }
          : { code: status, status: "error", data: "Server error" },
      handle(req) {
        if (param(req, "token") !== token) return teliError(401, 401, "Invalid token");
        if (req.method === "POST" && req.url.pathname === "/sms/send") {
          messages.push(req);
          const source = param(req, "source") ?? "";
          const destination = param(req, "destination") ?? "";
          if (!dids.has(source)) return teliError(200, 400, "Invalid source number");
          if (!/^\d{10}$/.test(destination)) return teliError(200, 400, "Invalid destination number");
          if (!param(req, "message")) return teliError(200, 400, "Message is required");
          return {
            status: 200,
            body: { code: 200, status: "success", data: `ea19aa71-4590-4e6b-a8ce-${String(++created).padStart(12, "0")}` },
          };
        }
        if (req.method === "POST" && req.url.pathname === "/billing/balance")
          return { status: 200, body: { code: 200, status: "success", data: "12.3400" } };
        return teliError(404, 404, "Not found");
      },
    },
    opts,
  );

  return {
    ...server,
    token,
    baseUrls: { teli_sms: server.url, teli_api: server.url },
    messages,
    callback: formCallback,
  };
}
