import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOversight, startFakeOversight } from "./fakes/fake-oversight";
import { mapOversight, oversightAdapter } from "./oversight.adapter";
import type { EmailVerifyResult } from "./provider-types";
import { describeResilience, FAST } from "./resilience.testkit";

describeResilience<FakeOversight, EmailVerifyResult>({
  name: "EmailOversight",
  start: () => startFakeOversight(),
  adapter: (fake, opts) => oversightAdapter({ api_token: fake.apiToken, list_id: fake.listId }, opts),
  wrongAdapter: (fake, opts) => oversightAdapter({ api_token: "wrong-token", list_id: fake.listId }, opts),
  wrongMessage: /Api Token is wrong/,
  secrets: (fake) => [fake.apiToken],
  value: "jane@example.org",
  countedAs: "jane@example.org",
  expected: { result: "valid", reason: "Verified" },
});

describe("EmailOversight mapping", () => {
  let fake: FakeOversight;
  beforeAll(async () => {
    fake = await startFakeOversight();
  });
  afterAll(() => fake.close());
  const adapter = (listId = fake.listId) =>
    oversightAdapter({ api_token: fake.apiToken, list_id: listId }, { ...FAST, baseUrls: fake.baseUrls });

  it.each<[string, EmailVerifyResult]>([
    ["no-at-sign", { result: "invalid", reason: "Malformed" }],
    ["invalid.person@example.org", { result: "invalid", reason: "Undeliverable" }],
    ["catchall@example.org", { result: "catch_all", reason: "CatchAll" }],
    ["role@example.org", { result: "invalid", reason: "Role Or Distribution Group" }],
    ["trap@example.org", { result: "invalid", reason: "SpamTrap" }],
    ["unknown@example.org", { result: "unknown", reason: "Unknown" }],
    ["someone@mailinator.com", { result: "disposable", reason: "Disposable" }],
  ])("maps %s", async (email, expected) => {
    expect(await adapter().lookup(email)).toEqual(expected);
  });

  it("falls back to the ResultId when an answer has no Result word", () => {
    expect(mapOversight({ ResultId: 3 })).toEqual({ result: "catch_all", reason: "CatchAll" });
  });

  it("says which field is wrong when the list is not the token's", async () => {
    expect(await adapter("999").testConnection()).toEqual({
      ok: false,
      message: "The EmailOversight List ID 999 is not valid for this token.",
    });
  });
});
