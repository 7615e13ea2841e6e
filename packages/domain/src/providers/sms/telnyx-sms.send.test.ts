import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedStatusUrl } from "../callback-signing";
import { type FakeTelnyx, startFakeTelnyx, type TelnyxEventInput } from "../fakes/fake-telnyx";
import type { CallbackRequest, SendContext } from "../send-types";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, sendOptions, testSmsRequest } from "./send-resilience.testkit";
import { telnyxSmsAdapter } from "./telnyx-sms.adapter";
import { parseTelnyxWebhook, telnyxPublicKey } from "./telnyx-webhook";

const ctx: SendContext = { gatewayId: 77, publicUrl: "https://app.example.com/", callbackSecret: "callback-secret-77" };
const request = testSmsRequest("5150", { body: "Your appointment is tomorrow at 10.", validitySeconds: 3600 });
const params = (fake: FakeTelnyx, extra: Record<string, string> = {}) => ({ token: fake.apiKey, public_key: fake.publicKey, ...extra });
const statusUrl = signedStatusUrl(ctx, request.messageId);
const PROVIDER_ID = "40385f64-5717-4562-b3fc-2c963f66afa6";
const statusEvent = (status: "sent" | "delivered" | string, extra: Partial<TelnyxEventInput> = {}): TelnyxEventInput => ({
  id: `evt-${status}-${extra.errors?.[0]?.code ?? "ok"}`,
  type: status === "sent" ? "message.sent" : "message.finalized",
  messageId: PROVIDER_ID,
  status,
  ...extra,
});

describeSendResilience<FakeTelnyx>({
  name: "Telnyx",
  start: () => startFakeTelnyx(),
  adapter: (fake, opts) => telnyxSmsAdapter(params(fake), ctx, opts),
  wrongAdapter: (fake, opts) => telnyxSmsAdapter(params(fake, { token: "KEYwrong" }), ctx, opts),
  wrongMessage: /^The Telnyx API key is wrong/,
  secrets: (fake) => [fake.apiKey],
  request,
  rejectedCode: "40310",
  accepted(fake, outcome) {
    const sent = fake.messages.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.json).toEqual({
      to: request.to,
      text: request.body,
      from: request.from,
      webhook_url: statusUrl,
      use_profile_webhooks: false,
      validity_period_secs: 3600,
    });
    expect(outcome).toEqual({ kind: "accepted", providerId: expect.stringMatching(/^40385f64-/), segments: 1 });
  },
  callbacks: {
    valid: (fake, status) => fake.webhook(statusUrl, statusEvent(status)),
    forged: (fake) => fake.webhook(statusUrl, statusEvent("delivered"), generateKeyPairSync("ed25519").privateKey),
    tampered(fake) {
      const real = fake.webhook(statusUrl, statusEvent("delivery_failed"));
      return { ...real, rawBody: real.rawBody.replace('"delivery_failed"', '"delivered"') };
    },
    unsigned: (fake) => ({ ...fake.webhook(statusUrl, statusEvent("delivered")), headers: { "content-type": "application/json" } }),
    inbound: (fake) => ({
      request: fake.webhook(signedHookUrl(ctx, "inbound"), {
        id: "evt-in-1",
        type: "message.received",
        messageId: "in-1",
        from: "+14155550123",
        to: "+12125550100",
        text: "Yes please",
      }),
      expected: { from: "+14155550123", to: "+12125550100", body: "Yes please" },
    }),
  },
});

describe("Telnyx send adapter: profiles, codes, both ways of verifying", () => {
  let fake: FakeTelnyx;
  const adapter = (extra: Record<string, string> = {}) =>
    telnyxSmsAdapter(params(fake, extra), ctx, sendOptions(fake), {
      list: [{ name: "Typed in", id: "profile-typed-in" }],
    });
  const parse = (req: CallbackRequest, extra: Record<string, string> = {}) => adapter(extra).parseCallback(req);

  beforeAll(async () => {
    fake = await startFakeTelnyx();
  });
  afterAll(() => fake.close());

  it("sends a pool as a messaging profile, and marks 40300 as an opt-out", async () => {
    expect(await adapter().send({ ...request, senderKind: "pool", from: "40017f8e-0000-4000-8000-000000000001" })).toMatchObject({
      kind: "accepted",
    });
    expect(fake.messages.at(-1)?.json).toMatchObject({ messaging_profile_id: "40017f8e-0000-4000-8000-000000000001" });
    expect(fake.messages.at(-1)?.json).not.toHaveProperty("from");
    fake.optedOut.add("+14155550188");
    expect(await adapter().send({ ...request, to: "+14155550188" })).toMatchObject({ kind: "rejected", code: "40300", optedOut: true });
  });

  it.each([
    ["delivery_failed", "40001", "landline"],
    ["delivery_failed", "40002", "blocked_by_carrier"],
    ["delivery_failed", "40003", "blocked_by_carrier"],
    ["delivery_failed", "40300", "opted_out"],
    ["delivery_failed", "40008", "undelivered"],
    ["delivery_failed", "40006", "failed"],
    ["sending_failed", "", "failed"],
    ["delivery_unconfirmed", "", "sent"],
  ])("maps %s with error %s to %s", async (status, code, expected) => {
    const errors = code ? [{ code, title: "Carrier said no" }] : [];
    const result = await parse(fake.webhook(statusUrl, statusEvent(status, { errors })));
    expect(result).toMatchObject({
      kind: "status",
      events: [{ status: expected, errorCode: code || null, providerId: PROVIDER_ID, messageId: "5150" }],
    });
  });

  it("refuses a signature older than five minutes (a replay)", () => {
    const fresh = fake.webhook(statusUrl, statusEvent("delivered"));
    const later = Date.now() + 301_000;
    expect(parseTelnyxWebhook(fresh, ctx, telnyxPublicKey(fake.publicKey), later)).toMatchObject({ kind: "invalid" });
    expect(parseTelnyxWebhook(fresh, ctx, telnyxPublicKey(fake.publicKey))).toMatchObject({ kind: "status" });
  });

  it("without a public key, trusts only our own signature on the webhook URL", async () => {
    const noKey = { public_key: "" };
    const unsignedByTelnyx = (url: string) => ({ ...fake.webhook(url, statusEvent("delivered")), headers: {} });
    expect(await parse(unsignedByTelnyx(statusUrl), noKey)).toMatchObject({ kind: "status", events: [{ messageId: "5150" }] });
    const otherMessage = statusUrl.replace("m=5150", "m=5151");
    expect(await parse(unsignedByTelnyx(otherMessage), noKey)).toMatchObject({ kind: "invalid" });
    expect(await parse(unsignedByTelnyx(statusUrl.replace(/&sig=.*/, "")), noKey)).toMatchObject({ kind: "invalid" });
    expect(await parse(unsignedByTelnyx(signedHookUrl({ ...ctx, callbackSecret: "other" }, "status")), noKey)).toMatchObject({
      kind: "invalid",
    });
  });

  it("lists the account's messaging profiles plus the ones typed into the gateway", async () => {
    expect(await adapter().senderOptions()).toEqual([
      { kind: "pool", key: "40017f8e-0000-4000-8000-000000000001", label: "Campaigns" },
      { kind: "pool", key: "profile-typed-in", label: "Typed in" },
    ]);
  });

  it("says what is wrong with a malformed public key", () => {
    expect(() => adapter({ public_key: "not-a-key" })).toThrow(/32-byte Ed25519 key/);
  });

  it("reports the balance on a working key", async () => {
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to Telnyx: 300.00 USD available." });
  });
});
