import { type FakeAnswer, type FakeControls, type FakeServerOptions, param, startFakeServer } from "./fake-server";

/*
 * Jornaya's LeadiD query API on loopback: GET /Authenticate?lac=…&id=… and GET /SingleQuery?lac=…&lak=…&lpc=…&id=…
 * &data=phone1;…|email;…, JSON answers at HTTP 200 whatever the verdict, as Jornaya documents them. A wrong account
 * code or audit key is answered 401 (Jornaya documents no error status for it: assumed, see docs/providers.md).
 *
 * Default answers by the token's last character, like the sandbox: c → authentic, but the audit's data integrity
 * says neither the phone nor the email matches (the authentication check has no data: authentic); d → reason 1
 * (expired); e → reason 4 (not a LeadiD); f → reason 2 (query limit); anything else → authentic, every field sent
 * matching.
 */

export interface FakeJornayaOptions extends FakeServerOptions {
  accountCode?: string;
  auditKey?: string;
}

export interface FakeJornaya extends FakeControls {
  accountCode: string;
  auditKey: string;
  baseUrls: { jornaya: string };
  setAnswer(token: string, answer: FakeAnswer): void;
  /** The `data` parameter of each audit received, per token. */
  data: Map<string, string | null>;
}

/** LeadiD token number `n`, ending in `last` (0 verified, c mismatch, d expired, e not found, f error). */
export const fakeLeadid = (n: number, last = "0") => `${n.toString(16).toUpperCase().padStart(8, "0")}-0000-4000-8000-00000000000${last}`;

const Refusals: Record<string, number> = { d: 1, e: 4, f: 2 };

function answerFor(token: string, audit: boolean, data: string | null): FakeAnswer {
  const last = token.slice(-1).toLowerCase();
  const reason = /^[0-]+$/.test(token) ? 4 : Refusals[last];
  const envelope = audit ? "audit" : "authenticate";
  if (reason) return { status: 200, body: { [envelope]: { authentic: 0, reason, token }, transid: `fake-${token}` } };
  const fields = (data ?? "")
    .split("|")
    .filter(Boolean)
    .map((pair) => pair.split(";")[0]!);
  const integrity = Object.fromEntries(fields.map((f) => [f, last === "c" ? 0 : 1]));
  return {
    status: 200,
    body: {
      [envelope]: { authentic: 1, token, ...(audit && fields.length ? { data_integrity: integrity } : {}) },
      transid: `fake-${token}`,
    },
  };
}

export async function startFakeJornaya(opts: FakeJornayaOptions = {}): Promise<FakeJornaya> {
  const accountCode = opts.accountCode ?? "11111111-2222-3333-4444-555555555555";
  const auditKey = opts.auditKey ?? "66666666-7777-8888-9999-AAAAAAAAAAAA";
  const answers = new Map<string, FakeAnswer>();
  const data = new Map<string, string | null>();
  const server = await startFakeServer(
    {
      valueOf: (req) => param(req, "id"),
      errorBody: (status) => ({ error: status === 429 ? "Too many requests" : "Server error" }),
      handle(req) {
        const audit = req.url.pathname === "/SingleQuery";
        if (!audit && req.url.pathname !== "/Authenticate") return { status: 404, body: { error: "Not found" } };
        if (param(req, "lac") !== accountCode) return { status: 401, body: { error: "Invalid account code" } };
        if (audit && param(req, "lak") !== auditKey) return { status: 401, body: { error: "Invalid audit key" } };
        const token = param(req, "id") ?? "";
        if (token.length !== 36) return { status: 400, body: { error: "The id must be a 36-character LeadiD" } };
        if (audit) data.set(token, param(req, "data"));
        return answers.get(token) ?? answerFor(token, audit, param(req, "data"));
      },
    },
    opts,
  );
  return { ...server, accountCode, auditKey, baseUrls: { jornaya: server.url }, setAnswer: (t, a) => answers.set(t, a), data };
}
