import { type FakeAnswer, type FakeControls, type FakeServerOptions, startFakeServer } from "./fake-server";

/*
 * The Reassigned Numbers Database query as fcc-rnd.adapter.ts speaks it, on loopback: POST /v1/query with
 * `Authorization: Bearer {key}` and JSON { tn: 10 digits, date: YYYY-MM-DD } → { tn, date, result }. A wrong key
 * is 401; a malformed number or date 400.
 *
 * Default answers, like the sandbox: a date before 2021-01-27 (the RND's first data) → "no data"; else by the
 * number's last digit: 7 → "yes" (reassigned since), 8 → "no data", anything else → "no".
 */

export interface FakeFccRndOptions extends FakeServerOptions {
  apiKey?: string;
}

export interface FakeFccRnd extends FakeControls {
  apiKey: string;
  baseUrls: { fcc_rnd: string };
  setAnswer(tn: string, answer: FakeAnswer): void;
  /** The dates asked about, per number. */
  dates: Map<string, string>;
}

const FIRST_DAY = "2021-01-27";

export async function startFakeFccRnd(opts: FakeFccRndOptions = {}): Promise<FakeFccRnd> {
  const apiKey = opts.apiKey ?? "fake-rnd-key";
  const answers = new Map<string, FakeAnswer>();
  const dates = new Map<string, string>();
  const server = await startFakeServer(
    {
      valueOf: (req) => (typeof req.json?.tn === "string" ? req.json.tn : null),
      errorBody: (status) => ({ message: status === 429 ? "Too many requests" : "Server error" }),
      handle(req) {
        if (req.method !== "POST" || req.url.pathname !== "/v1/query") return { status: 404, body: { message: "Not found" } };
        if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, body: { message: "Invalid API key" } };
        const tn = String(req.json?.tn ?? "");
        const date = String(req.json?.date ?? "");
        if (!/^\d{10}$/.test(tn)) return { status: 400, body: { message: "tn must be 10 digits" } };
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { status: 400, body: { message: "date must be YYYY-MM-DD" } };
        dates.set(tn, date);
        const custom = answers.get(tn);
        if (custom) return custom;
        const last = tn.slice(-1);
        const result = date < FIRST_DAY || last === "8" ? "no data" : last === "7" ? "yes" : "no";
        return { status: 200, body: { tn, date, result } };
      },
    },
    opts,
  );
  return { ...server, apiKey, baseUrls: { fcc_rnd: server.url }, setAnswer: (tn, a) => answers.set(tn, a), dates };
}
