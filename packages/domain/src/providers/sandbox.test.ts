import { describe, expect, it } from "vitest";
import type { DncCheckResult, EmailVerifyResult, PhoneLookupResult } from "./provider-types";
import {
  SANDBOX_CONNECTION,
  sandboxDncAdapter,
  sandboxDncCheck,
  sandboxEmailVerify,
  sandboxEmailVerifyAdapter,
  sandboxPhoneLookup,
  sandboxPhoneLookupAdapter,
} from "./sandbox.adapters";

describe("sandbox phone lookup", () => {
  it.each<[string, Partial<PhoneLookupResult>]>([
    [
      "+12125550100",
      {
        valid: true,
        carrierType: "mobile",
        carrierName: "Sandbox Mobile",
        action: "send",
        city: "New York",
        state: "NY",
        timezone: "America/New_York",
      },
    ],
    ["+13125550106", { carrierType: "mobile", action: "send", city: "Chicago", state: "IL", timezone: "America/Chicago" }],
    [
      "+16025550107",
      {
        carrierType: "landline",
        carrierName: "Sandbox Landline",
        action: "skip",
        reason: "Landline",
        state: "AZ",
        timezone: "America/Phoenix",
      },
    ],
    ["+15125550108", { carrierType: "voip", action: "send", city: "Austin", timezone: "America/Chicago" }],
    [
      "+12135550109",
      { valid: false, carrierType: null, action: "skip", reason: "Invalid number", state: null, city: null, timezone: null },
    ],
    ["+15555550101", { carrierType: "mobile", state: null, city: null, timezone: null }],
    ["+442071838750", { carrierType: "mobile", state: null, city: null, timezone: null }],
  ])("answers %s by its last digit and area code", (phone, expected) => {
    expect(sandboxPhoneLookup(phone)).toMatchObject(expected);
  });

  it("answers the same number the same way every time", () => {
    expect(sandboxPhoneLookup("+14155550123")).toEqual(sandboxPhoneLookup("+14155550123"));
  });
});

describe("sandbox DNC check", () => {
  const clean = { federal: false, state: false, litigator: false };
  it.each<[string, DncCheckResult]>([
    ["+12125550101", { ...clean, federal: true, code: "federal-dnc", message: "Blacklisted" }],
    ["+12125550102", { ...clean, state: true, code: "state-dnc", message: "Blacklisted" }],
    ["+12125550103", { ...clean, litigator: true, code: "plaintiff-primary", message: "Blacklisted" }],
    ["+12125550104", { ...clean, code: "none", message: "Good" }],
    ["+12125550201", { ...clean, federal: true, code: "federal-dnc", message: "Blacklisted" }],
  ])("answers %s by its last two digits", (phone, expected) => {
    expect(sandboxDncCheck(phone)).toEqual(expected);
  });
});

describe("sandbox email verification", () => {
  it.each<[string, EmailVerifyResult["result"]]>([
    ["jane@example.com", "valid"],
    ["invalid.jane@example.com", "invalid"],
    ["catchall@example.com", "catch_all"],
    ["jane@mailinator.com", "disposable"],
    ["jane@disposable.test", "disposable"],
    ["unknown-person@example.com", "unknown"],
    ["INVALID@mailinator.com", "invalid"],
    ["no-at-sign", "invalid"],
  ])("answers %s", (email, result) => {
    expect(sandboxEmailVerify(email).result).toBe(result);
  });
});

describe("sandbox adapters", () => {
  it("cost nothing and need no account", async () => {
    for (const adapter of [sandboxPhoneLookupAdapter(), sandboxDncAdapter(), sandboxEmailVerifyAdapter()]) {
      expect(adapter.unitCost).toBe(0);
      expect(await adapter.testConnection()).toEqual(SANDBOX_CONNECTION);
    }
  });

  // How many a second is B11g's business (bench/src/validation); here, that nothing makes a lookup wait.
  it("answer 100k lookups from the number alone, without waiting on a timer or the network", async () => {
    const adapter = sandboxPhoneLookupAdapter();
    let answered = 0;
    let mobiles = 0;
    for (let i = 0; i < 100_000; i++) {
      void adapter.lookup(`+1212555${String(i % 10_000).padStart(4, "0")}`).then((result) => {
        answered++;
        if (result.carrierType === "mobile") mobiles++;
      });
    }
    // setImmediate runs only after every settled promise's callbacks: an answer that waited on I/O or a timer is missing.
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(100_000);
    expect(mobiles).toBe(70_000);
  });
});
