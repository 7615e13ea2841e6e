import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTwilio, startFakeTwilio, twilioLookupBody } from "./fakes/fake-twilio";
import type { PhoneLookupResult } from "./provider-types";
import { describeResilience, FAST } from "./resilience.testkit";
import { TWILIO_LOOKUP_UNIT_COST, twilioLookupAdapter } from "./twilio-lookup.adapter";

const creds = (fake: FakeTwilio) => ({ sys_id: fake.accountSid, auth_token: fake.authToken });
const noPlace = { state: null, city: null, timezone: null };

describeResilience<FakeTwilio, PhoneLookupResult>({
  name: "Twilio Lookup",
  start: () => startFakeTwilio(),
  adapter: (fake, opts) => twilioLookupAdapter(creds(fake), opts),
  wrongAdapter: (fake, opts) => twilioLookupAdapter({ ...creds(fake), auth_token: "wrong-token" }, opts),
  wrongMessage: /^The Account SID or Auth Token is wrong/,
  secrets: (fake) => [fake.authToken],
  value: "+12125550100",
  countedAs: "+12125550100",
  expected: { valid: true, carrierName: "Fake Wireless", carrierType: "mobile", action: "send", reason: "Mobile", ...noPlace },
});

describe("Twilio Lookup mapping", () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake.close());

  const cases: [string, string | null, Partial<PhoneLookupResult>][] = [
    ["mobile", "T-Mobile USA, Inc.", { carrierType: "mobile", action: "send", reason: "Mobile" }],
    ["landline", "Verizon", { carrierType: "landline", action: "skip", reason: "Landline" }],
    ["nonFixedVoip", "Google (Grand Central)", { carrierType: "voip", action: "send", reason: "Non-fixed VoIP" }],
    ["fixedVoip", "Vonage", { carrierType: "voip", action: "skip", reason: "Fixed VoIP" }],
    ["tollFree", null, { carrierType: "other", action: "skip", reason: "Toll-free" }],
    ["personal", null, { carrierType: "other", action: "skip", reason: "Personal number" }],
    ["premium", null, { carrierType: "other", action: "skip", reason: "Premium rate" }],
    ["sharedCost", null, { carrierType: "other", action: "skip", reason: "Shared cost" }],
    ["uan", null, { carrierType: "other", action: "skip", reason: "Universal access number" }],
    ["voicemail", null, { carrierType: "other", action: "skip", reason: "Voicemail" }],
    ["pager", null, { carrierType: "other", action: "skip", reason: "Pager" }],
    ["unknown", null, { carrierType: "other", action: "skip", reason: "Unknown line type" }],
  ];

  it.each(cases)("maps line type %s", async (type, carrier, expected) => {
    const phone = `+1415555${String(cases.findIndex(([t]) => t === type)).padStart(4, "0")}`;
    fake.setAnswer(phone, twilioLookupBody(phone, type, carrier));
    const result = await twilioLookupAdapter(creds(fake), { ...FAST, baseUrls: fake.baseUrls }).lookup(phone);
    expect(result).toEqual({ valid: true, carrierName: carrier, ...noPlace, ...expected });
  });

  it("maps an invalid number with Twilio's validation errors", async () => {
    const result = await twilioLookupAdapter(creds(fake), { ...FAST, baseUrls: fake.baseUrls }).lookup("+12125550109");
    expect(result).toEqual({
      valid: false,
      carrierName: null,
      carrierType: null,
      action: "skip",
      reason: "Invalid number (INVALID_BUT_POSSIBLE)",
      ...noPlace,
    });
  });

  it("skips a valid number whose line type Twilio could not tell", async () => {
    const phone = "+14165550100";
    fake.setAnswer(phone, {
      ...twilioLookupBody(phone, null, null),
      line_type_intelligence: { type: null, carrier_name: null, error_code: 60601 },
    });
    const result = await twilioLookupAdapter(creds(fake), { ...FAST, baseUrls: fake.baseUrls }).lookup(phone);
    expect(result).toMatchObject({ valid: true, carrierType: null, action: "skip", reason: "Line type unavailable (Twilio error 60601)" });
  });

  it("says which account it connected to, and refuses a suspended one", async () => {
    const ok = await twilioLookupAdapter(creds(fake), { ...FAST, baseUrls: fake.baseUrls }).testConnection();
    expect(ok).toEqual({ ok: true, message: 'Connected to the Twilio account "Fake Twilio account".' });
    const suspended = await startFakeTwilio({ accountStatus: "suspended" });
    try {
      const check = await twilioLookupAdapter(creds(suspended), { ...FAST, baseUrls: suspended.baseUrls }).testConnection();
      expect(check).toEqual({ ok: false, message: 'The Twilio account "Fake Twilio account" is suspended.' });
    } finally {
      await suspended.close();
    }
  });

  it("treats a SID that is not the token's account as wrong credentials", async () => {
    const check = await twilioLookupAdapter(
      { sys_id: "ACother", auth_token: fake.authToken },
      { ...FAST, baseUrls: fake.baseUrls },
    ).testConnection();
    expect(check.ok).toBe(false);
  });

  it("prices a lookup at Twilio's list price and needs both credentials", () => {
    expect(twilioLookupAdapter(creds(fake)).unitCost).toBe(TWILIO_LOOKUP_UNIT_COST);
    expect(() => twilioLookupAdapter({ sys_id: "AC1" })).toThrow(/no Auth Token/);
  });
});
