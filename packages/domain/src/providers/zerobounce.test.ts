import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeZeroBounce, startFakeZeroBounce } from "./fakes/fake-zerobounce";
import type { EmailVerifyResult } from "./provider-types";
import { describeResilience, FAST } from "./resilience.testkit";
import { zeroBounceAdapter } from "./zerobounce.adapter";

describeResilience<FakeZeroBounce, EmailVerifyResult>({
  name: "ZeroBounce",
  start: () => startFakeZeroBounce(),
  adapter: (fake, opts) => zeroBounceAdapter({ api_key: fake.apiKey }, opts),
  wrongAdapter: (_fake, opts) => zeroBounceAdapter({ api_key: "wrong-key" }, opts),
  wrongMessage: /API key is wrong/,
  secrets: (fake) => [fake.apiKey],
  value: "jane@example.org",
  countedAs: "jane@example.org",
  expected: { result: "valid", reason: "valid" },
});

describe("ZeroBounce mapping", () => {
  let fake: FakeZeroBounce;
  beforeAll(async () => {
    fake = await startFakeZeroBounce();
  });
  afterAll(() => fake.close());
  const adapter = (key = fake.apiKey) => zeroBounceAdapter({ api_key: key }, { ...FAST, baseUrls: fake.baseUrls });

  it.each<[string, EmailVerifyResult]>([
    ["not-an-address", { result: "invalid", reason: "invalid (failed_syntax_check)" }],
    ["invalid@example.org", { result: "invalid", reason: "invalid (mailbox_not_found)" }],
    ["catchall@example.org", { result: "catch_all", reason: "catch-all" }],
    ["unknown@example.org", { result: "unknown", reason: "unknown (mail_server_did_not_respond)" }],
    ["spamtrap@example.org", { result: "invalid", reason: "spamtrap" }],
    ["abuse@example.org", { result: "invalid", reason: "abuse" }],
    ["role@example.org", { result: "invalid", reason: "do_not_mail (role_based)" }],
    ["someone@mailinator.com", { result: "disposable", reason: "do_not_mail (disposable)" }],
  ])("maps %s", async (email, expected) => {
    expect(await adapter().lookup(email)).toEqual(expected);
  });

  it("turns ZeroBounce's 200-with-error into a non-retryable error without the key", async () => {
    const error = await adapter("bad-key-12345")
      .lookup("jane@example.org")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false, message: "ZeroBounce: Invalid API key or your account ran out of credits" });
  });

  it("reports the credits on a connection test", async () => {
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to ZeroBounce: 2,375,323 credits left." });
  });
});
