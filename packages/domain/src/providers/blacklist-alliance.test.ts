import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blacklistAllianceAdapter, mapBlacklistAlliance } from "./blacklist-alliance.adapter";
import { type FakeBlacklistAlliance, startFakeBlacklistAlliance } from "./fakes/fake-blacklist-alliance";
import { type DncCheckResult, ProviderError } from "./provider-types";
import { describeResilience, FAST } from "./resilience.testkit";

const clean = { federal: false, state: false, litigator: false };

describeResilience<FakeBlacklistAlliance, DncCheckResult>({
  name: "Blacklist Alliance",
  start: () => startFakeBlacklistAlliance(),
  adapter: (fake, opts) => blacklistAllianceAdapter({ api_key: fake.apiKey }, opts),
  wrongAdapter: (_fake, opts) => blacklistAllianceAdapter({ api_key: "wrong-key" }, opts),
  wrongMessage: /API key is wrong/,
  secrets: (fake) => [fake.apiKey],
  value: "+13125550101",
  countedAs: "3125550101",
  expected: { ...clean, federal: true, code: "federal-dnc", message: "Blacklisted" },
});

describe("Blacklist Alliance mapping", () => {
  let fake: FakeBlacklistAlliance;
  beforeAll(async () => {
    fake = await startFakeBlacklistAlliance();
  });
  afterAll(() => fake.close());

  it.each<[string, DncCheckResult]>([
    ["+12125550100", { ...clean, code: "none", message: "Good" }],
    ["+12125550101", { ...clean, federal: true, code: "federal-dnc", message: "Blacklisted" }],
    ["+12125550102", { ...clean, state: true, code: "texas-dnc", message: "Blacklisted" }],
    ["+12125550103", { ...clean, litigator: true, code: "plaintiff-primary,prelitigation1", message: "Blacklisted" }],
    [
      "+12125550104",
      { federal: true, state: true, litigator: true, code: "federal-dnc,florida-dnc,attorney-primary", message: "Blacklisted" },
    ],
    ["+12125550105", { ...clean, litigator: true, code: "suppression", message: "Suppressed" }],
  ])("maps %s", async (phone, expected) => {
    expect(await blacklistAllianceAdapter({ api_key: fake.apiKey }, { ...FAST, baseUrls: fake.baseUrls }).lookup(phone)).toEqual(expected);
  });

  it("treats a hit without a recognisable code as a litigator hit", () => {
    expect(mapBlacklistAlliance({ status: "success", message: "Blacklisted", code: "none" })).toMatchObject({ litigator: true });
  });

  it("refuses a non-US number without calling the provider", async () => {
    const adapter = blacklistAllianceAdapter({ api_key: fake.apiKey }, { ...FAST, baseUrls: fake.baseUrls });
    await expect(adapter.lookup("+442071838750")).rejects.toMatchObject({ retryable: false });
    expect(fake.stats.requestsFor("442071838750")).toBe(0);
  });

  it("turns an error answer into a non-retryable error without the key", () => {
    const call = () => mapBlacklistAlliance({ status: "error", message: "Key secret-key-123 is disabled" }, ["secret-key-123"]);
    expect(call).toThrow(ProviderError);
    expect(call).toThrow("Blacklist Alliance: Key [redacted] is disabled");
  });
});
