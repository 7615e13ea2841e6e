import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSubscriberVerify, startFakeSubscriberVerify } from "./fakes/fake-subscriber-verify";
import type { PhoneLookupResult } from "./provider-types";
import { describeResilience, FAST } from "./resilience.testkit";
import { mapSubscriberVerify, subscriberVerifyAdapter } from "./subscriber-verify.adapter";

const newYork = { state: "NY", city: "New York", timezone: "America/New_York" };

describeResilience<FakeSubscriberVerify, PhoneLookupResult>({
  name: "SubscriberVerify",
  start: () => startFakeSubscriberVerify(),
  adapter: (fake, opts) => subscriberVerifyAdapter({ api_key: fake.apiKey }, opts),
  wrongAdapter: (_fake, opts) => subscriberVerifyAdapter({ api_key: "wrong-key" }, opts),
  wrongMessage: /API key is wrong/,
  secrets: (fake) => [fake.apiKey],
  value: "+12125550100",
  countedAs: "2125550100",
  expected: { valid: true, carrierName: "Fake Wireless", carrierType: "mobile", action: "send", reason: "Mobile", ...newYork },
});

describe("SubscriberVerify mapping", () => {
  let fake: FakeSubscriberVerify;
  beforeAll(async () => {
    fake = await startFakeSubscriberVerify();
  });
  afterAll(() => fake.close());
  const adapter = () => subscriberVerifyAdapter({ api_key: fake.apiKey }, { ...FAST, baseUrls: fake.baseUrls });

  it.each<[string, PhoneLookupResult]>([
    ["+12125550107", { valid: true, carrierName: "Fake Telco", carrierType: "landline", action: "skip", reason: "Landline", ...newYork }],
    ["+12125550108", { valid: true, carrierName: "Fake VoIP", carrierType: "voip", action: "send", reason: "VoIP", ...newYork }],
    ["+12125550109", { valid: false, carrierName: null, carrierType: null, action: "skip", reason: "Invalid number", ...newYork }],
    [
      "+15555550100",
      {
        valid: true,
        carrierName: "Fake Wireless",
        carrierType: "mobile",
        action: "send",
        reason: "Mobile",
        state: null,
        city: null,
        timezone: null,
      },
    ],
  ])("maps %s", async (phone, expected) => {
    expect(await adapter().lookup(phone)).toEqual(expected);
  });

  it("skips a number SubscriberVerify says to blacklist, in its words", async () => {
    fake.setAnswer("3125550100", {
      action: "blacklist",
      reason: "Known litigator",
      deliverable: "true",
      dipCarrierType: "mobile",
      timezone: "CST",
    });
    expect(await adapter().lookup("+13125550100")).toMatchObject({
      action: "skip",
      reason: "Known litigator",
      timezone: "America/Chicago",
    });
  });

  it("does not send when the answer says send but flags the number do-not-SMS", () => {
    expect(mapSubscriberVerify({ action: "send", doNotSms: "true", dipCarrierType: "mobile" }).action).toBe("skip");
  });

  it("reports the credits on a connection test", async () => {
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to SubscriberVerify: 435,000 credits available." });
  });
});
