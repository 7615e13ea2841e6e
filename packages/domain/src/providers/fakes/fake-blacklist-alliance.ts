import { type FakeControls, type FakeServerOptions, lastDigits, param, startFakeServer } from "./fake-server";

/*
 * Blacklist Alliance on loopback: GET /lookup?key=…&ver=v5&resp=json&phone=… answering the v5 JSON shape.
 * A wrong key is answered 401 { status: "error", message: "Invalid API key" } (assumed; see docs/providers.md).
 *
 * Default answers by the last two digits: 01 federal-dnc, 02 texas-dnc, 03 plaintiff-primary,prelitigation1,
 * 04 federal-dnc,florida-dnc,attorney-primary, 05 Suppressed/suppression; anything else Good/none.
 */

export interface FakeBlacklistAllianceOptions extends FakeServerOptions {
  apiKey?: string;
}

export interface FakeBlacklistAlliance extends FakeControls {
  apiKey: string;
  baseUrls: { black_list_alliance: string };
  setAnswer(phone10: string, body: Record<string, unknown>): void;
}

const Hits: Record<string, { message: string; code: string }> = {
  "01": { message: "Blacklisted", code: "federal-dnc" },
  "02": { message: "Blacklisted", code: "texas-dnc" },
  "03": { message: "Blacklisted", code: "plaintiff-primary,prelitigation1" },
  "04": { message: "Blacklisted", code: "federal-dnc,florida-dnc,attorney-primary" },
  "05": { message: "Suppressed", code: "suppression" },
};

function answerFor(phone: string): Record<string, unknown> {
  const hit = Hits[lastDigits(phone, 2)];
  const wireless = lastDigits(phone, 1) === "7" ? 0 : 1;
  return {
    sid: `fake-${phone}`,
    status: "success",
    message: hit?.message ?? "Good",
    code: hit?.code ?? "none",
    offset: 0,
    wireless,
    phone,
    results: hit ? 1 : 0,
    time: 0.01,
    scrubs: true,
    carrier: { did: phone, type: wireless ? "WIRELESS" : "LANDLINE", name: "FAKE CARRIER", state: "NY", wireless: wireless ? "Y" : "N" },
  };
}

export async function startFakeBlacklistAlliance(opts: FakeBlacklistAllianceOptions = {}): Promise<FakeBlacklistAlliance> {
  const apiKey = opts.apiKey ?? "fake-bla-key";
  const answers = new Map<string, Record<string, unknown>>();
  const server = await startFakeServer(
    {
      valueOf: (req) => param(req, "phone"),
      errorBody: (status) => ({ status: "error", message: status === 429 ? "Too many requests" : "Server error" }),
      handle(req) {
        if (req.url.pathname !== "/lookup") return { status: 404, body: { status: "error", message: "Not found" } };
        if (param(req, "key") !== apiKey) return { status: 401, body: { status: "error", message: "Invalid API key" } };
        const phone = (param(req, "phone") ?? "").replace(/\D/g, "");
        if (phone.length < 10 || phone.length > 11) return { status: 400, body: { status: "error", message: "Invalid phone number" } };
        const phone10 = phone.slice(-10);
        return { status: 200, body: answers.get(phone10) ?? answerFor(phone10) };
      },
    },
    opts,
  );
  return { ...server, apiKey, baseUrls: { black_list_alliance: server.url }, setAnswer: (phone10, body) => answers.set(phone10, body) };
}
