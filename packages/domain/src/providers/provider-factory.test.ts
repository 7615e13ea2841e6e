import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLACKLIST_ALLIANCE_UNIT_COST } from "./blacklist-alliance.adapter";
import { type FakeSes, startFakeSes } from "./fakes/fake-ses";
import { type FakeTwilio, startFakeTwilio } from "./fakes/fake-twilio";
import { OVERSIGHT_UNIT_COST } from "./oversight.adapter";
import { lookupAdapterFor, providerOptionsFromEnv, testGatewayConnection } from "./provider-factory";
import { SUBSCRIBER_VERIFY_UNIT_COST } from "./subscriber-verify.adapter";
import { TWILIO_LOOKUP_UNIT_COST } from "./twilio-lookup.adapter";
import { ZEROBOUNCE_UNIT_COST } from "./zerobounce.adapter";

describe("lookupAdapterFor", () => {
  it.each([
    ["sms_lookup", "gateway1", { sys_id: "AC1", auth_token: "t" }, TWILIO_LOOKUP_UNIT_COST],
    ["sms_lookup", "subscriber_verify", { api_key: "k" }, SUBSCRIBER_VERIFY_UNIT_COST],
    ["sms_lookup", "sandbox", {}, 0],
    ["sms_dnc", "black_list_alliance", { api_key: "k" }, BLACKLIST_ALLIANCE_UNIT_COST],
    ["sms_dnc", "sandbox", {}, 0],
    ["email_lookup", "oversight", { api_token: "t", list_id: "25" }, OVERSIGHT_UNIT_COST],
    ["email_lookup", "zerobounce", { api_key: "k" }, ZEROBOUNCE_UNIT_COST],
    ["email_lookup", "sandbox", {}, 0],
  ] as const)("builds %s/%s", (kind, type, params, unitCost) => {
    expect(lookupAdapterFor(kind, { type, params }).unitCost).toBe(unitCost);
  });

  it("refuses a type it has no adapter for, and a gateway missing a field", () => {
    expect(() => lookupAdapterFor("sms_dnc", { type: "zerobounce", params: {} })).toThrow(
      'There is no sms_dnc provider of type "zerobounce".',
    );
    expect(() => lookupAdapterFor("sms_lookup", { type: "toString", params: {} })).toThrow(/no sms_lookup provider/);
    expect(() => lookupAdapterFor("email_lookup", { type: "oversight", params: { api_token: "t" } })).toThrow(/no List ID/);
  });
});

describe("testGatewayConnection", () => {
  let twilio: FakeTwilio;
  let ses: FakeSes;
  beforeAll(async () => {
    [twilio, ses] = await Promise.all([startFakeTwilio(), startFakeSes()]);
  });
  afterAll(async () => {
    await Promise.all([twilio.close(), ses.close()]);
  });
  // One attempt and no timeout in sight: a busy machine's slow loopback answer is still the answer.
  const opts = () => ({
    timeoutMs: 10_000,
    backoffMs: 5,
    maxBackoffMs: 20,
    attempts: 1,
    baseUrls: { ...twilio.baseUrls, ...ses.baseUrls },
  });
  const sesParams = (over: Record<string, string> = {}) => ({
    key: ses.accessKeyId,
    secret: ses.secretAccessKey,
    region: "us-east-1",
    ...over,
  });

  it("checks a Twilio SMS gateway through the account fetch", async () => {
    const params = { sys_id: twilio.accountSid, auth_token: twilio.authToken };
    expect(await testGatewayConnection("sms", { type: "gateway1", params }, opts())).toMatchObject({ ok: true });
    const wrong = await testGatewayConnection("sms", { type: "gateway1", params: { ...params, auth_token: "nope" } }, opts());
    expect(wrong).toEqual({ ok: false, message: "The Account SID or Auth Token is wrong." });
  });

  it("checks Amazon SES with GetAccount, telling a wrong key or secret apart from a working one", async () => {
    expect(await testGatewayConnection("email", { type: "aws_ses", params: sesParams() }, opts())).toEqual({
      ok: true,
      message: "Connected to Amazon SES in us-east-1 (production access, 50,000 emails per 24 hours).",
    });
    const wrongs: Record<string, string>[] = [{ key: "AKIAWRONGWRONGWRONG0" }, { secret: "not-the-secret" }];
    for (const over of wrongs) {
      expect(await testGatewayConnection("email", { type: "aws_ses", params: sesParams(over) }, opts())).toEqual({
        ok: false,
        message: "The Access Key ID or Secret Access Key is wrong.",
      });
    }
  });

  it("answers for the sandbox and for types without a test, and words a missing field", async () => {
    expect(await testGatewayConnection("sms", { type: "sandbox", params: {} })).toEqual({
      ok: true,
      message: "Sandbox gateway: no account needed.",
    });
    expect(await testGatewayConnection("email_lookup", { type: "sandbox", params: {} })).toMatchObject({ ok: true });
    expect(await testGatewayConnection("email", { type: "sandbox", params: {} })).toMatchObject({ ok: true });
    // A type with no send adapter (every real one gets one; this one is not in the contract at all).
    expect(await testGatewayConnection("sms", { type: "gateway_without_adapter", params: {} })).toEqual({
      ok: false,
      message: "Test connection is not available for this gateway type yet.",
    });
    expect(await testGatewayConnection("email", { type: "aws_ses", params: { key: "k", secret: "s" } })).toEqual({
      ok: false,
      message: "The Amazon SES gateway has no Region; add it in Settings → Integrations.",
    });
  });
});

describe("providerOptionsFromEnv", () => {
  it("reads base-URL overrides, timeout and attempts", () => {
    expect(
      providerOptionsFromEnv({
        LEADFLOW_PROVIDER_URL_TWILIO_LOOKUP: "http://127.0.0.1:9000/",
        LEADFLOW_PROVIDER_URL_BLACKLIST_ALLIANCE: "https://proxy.internal/bla",
        LEADFLOW_PROVIDER_TIMEOUT_MS: "5000",
        LEADFLOW_PROVIDER_ATTEMPTS: "4",
        UNRELATED: "x",
      }),
    ).toEqual({
      baseUrls: { twilio_lookup: "http://127.0.0.1:9000/", black_list_alliance: "https://proxy.internal/bla" },
      timeoutMs: 5000,
      attempts: 4,
    });
    expect(providerOptionsFromEnv({})).toEqual({});
  });

  it("fails loudly on a malformed setting", () => {
    expect(() => providerOptionsFromEnv({ LEADFLOW_PROVIDER_URL_ZEROBOUNCE: "ftp://x" })).toThrow(/LEADFLOW_PROVIDER_URL_ZEROBOUNCE/);
    expect(() => providerOptionsFromEnv({ LEADFLOW_PROVIDER_ATTEMPTS: "0" })).toThrow(/LEADFLOW_PROVIDER_ATTEMPTS/);
  });
});
