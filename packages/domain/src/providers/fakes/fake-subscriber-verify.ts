import { WellKnownAreaCodes } from "../us-numbers";
import { type FakeControls, type FakeServerOptions, lastDigits, param, startFakeServer } from "./fake-server";

/*
 * SubscriberVerify on loopback: /api by JSON POST, form POST or GET, with `key` and `phone` (10 digits), or
 * `credits=1` for the balance. Booleans are answered as "true"/"false" strings, as the real API does. A wrong
 * key is a 200 { error: "true", action: "error", reason: "Invalid API key" }.
 *
 * Default answers by the last digit: 0–6 mobile (send), 7 landline (unsubscribe), 8 VoIP (send), 9 invalid.
 */

export interface FakeSubscriberVerifyOptions extends FakeServerOptions {
  apiKey?: string;
  credits?: number;
}

export interface FakeSubscriberVerify extends FakeControls {
  apiKey: string;
  baseUrls: { subscriber_verify: string };
  setAnswer(phone10: string, body: Record<string, unknown>): void;
}

function answerFor(phone: string): Record<string, unknown> {
  const place = WellKnownAreaCodes[phone.slice(0, 3)];
  const base = {
    subscriber: phone,
    geoCountry: "US",
    geoState: place?.state ?? "",
    geoCity: place?.city ?? "",
    timezone: place?.timezone ?? "",
    dipPorted: "false",
    litigator: "false",
    blackList: "false",
    doNotSms: "false",
  };
  switch (lastDigits(phone, 1)) {
    case "7":
      return {
        ...base,
        action: "unsubscribe",
        reason: "Landline",
        deliverable: "true",
        smsEligible: "false",
        nanpType: "landline",
        dipCarrier: "Fake Telco",
        dipCarrierType: "landline",
      };
    case "8":
      return {
        ...base,
        action: "send",
        deliverable: "true",
        smsEligible: "true",
        nanpType: "voip",
        dipCarrier: "Fake VoIP",
        dipCarrierType: "voip",
      };
    case "9":
      return { ...base, action: "unsubscribe", reason: "Invalid number", deliverable: "false", smsEligible: "false", nanpType: "INVALID" };
    default:
      return {
        ...base,
        action: "send",
        deliverable: "true",
        smsEligible: "true",
        nanpType: "mobile",
        dipCarrier: "Fake Wireless",
        dipCarrierType: "mobile",
      };
  }
}

export async function startFakeSubscriberVerify(opts: FakeSubscriberVerifyOptions = {}): Promise<FakeSubscriberVerify> {
  const apiKey = opts.apiKey ?? "fake-sv-key";
  const answers = new Map<string, Record<string, unknown>>();
  const server = await startFakeServer(
    {
      valueOf: (req) => param(req, "phone"),
      errorBody: (status) => ({ error: "true", action: "error", reason: status === 429 ? "Too many concurrent requests" : "Server error" }),
      handle(req) {
        if (req.url.pathname !== "/api") return { status: 404, body: { error: "true", reason: "Not found" } };
        if (param(req, "key") !== apiKey) return { status: 200, body: { error: "true", action: "error", reason: "Invalid API key" } };
        const credits = param(req, "credits");
        if (credits === "1" || credits === "true") return { status: 200, body: { availableCredits: opts.credits ?? 435000 } };
        const phone = param(req, "phone") ?? "";
        if (!/^\d{10}$/.test(phone)) return { status: 200, body: { action: "error", reason: "Phone must be 10 digits" } };
        return { status: 200, body: answers.get(phone) ?? answerFor(phone) };
      },
    },
    opts,
  );
  return { ...server, apiKey, baseUrls: { subscriber_verify: server.url }, setAnswer: (phone10, body) => answers.set(phone10, body) };
}
