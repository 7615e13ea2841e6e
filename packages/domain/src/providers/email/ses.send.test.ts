import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callbackHmac } from "../callback-signing";
import { type FakeSes, startFakeSes } from "../fakes/fake-ses";
import type { ProviderOptions } from "../provider-types";
import type { EmailSendRequest, SendContext } from "../send-types";
import { fromAddress, SES_UNIT_COST, sesSendAdapter } from "./ses-send.adapter";

const ctx: SendContext = { gatewayId: 7, publicUrl: "https://app.example.test", callbackSecret: "gateway-7-callback-secret" };

let fake: FakeSes;
beforeAll(async () => {
  fake = await startFakeSes();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.stats.reset();
  fake.sent.length = 0;
});

const params = (over: Record<string, string> = {}) => ({
  key: fake.accessKeyId,
  secret: fake.secretAccessKey,
  region: "us-east-1",
  configuration_set: "leadflow-events",
  ...over,
});
// One attempt is the adapter's own rule; the timeout is short so a hang ends the test quickly.
const opts = (over: ProviderOptions = {}): ProviderOptions => ({ baseUrls: fake.baseUrls, timeoutMs: 2000, ...over });
const adapter = (over: Record<string, string> = {}, o: ProviderOptions = {}) => sesSendAdapter(params(over), ctx, opts(o));

const email = (over: Partial<EmailSendRequest> = {}): EmailSendRequest => ({
  messageId: "4242",
  to: "lead@example.org",
  from: "sender@example.com",
  fromName: "Acme Sales",
  replyTo: "replies@example.com",
  subject: "Spring offer",
  html: "<p>Hello</p>",
  text: "Hello",
  idempotencyKey: "campaign-1-step-1-lead-9",
  tags: { campaign: "12", step: "3", "bad tag!": "x y" },
  unsubscribeUrl: "https://app.example.test/u/abc",
  ...over,
});

describe("Amazon SES SendEmail", () => {
  it("sends one signed SendEmail with the configuration set, the ledger id and its signature as tags", async () => {
    const outcome = await adapter().send(email());
    expect(outcome).toEqual({ kind: "accepted", providerId: fake.sent[0]!.messageId, cost: SES_UNIT_COST });
    expect(fake.stats.total).toBe(1);
    const { body, headers } = fake.sent[0]!;
    expect(String(headers.authorization)).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${fake.accessKeyId}/\\d{8}/us-east-1/ses/`));
    expect(body).toMatchObject({
      FromEmailAddress: '"Acme Sales" <sender@example.com>',
      Destination: { ToAddresses: ["lead@example.org"] },
      ReplyToAddresses: ["replies@example.com"],
      ConfigurationSetName: "leadflow-events",
      Content: {
        Simple: {
          Subject: { Data: "Spring offer", Charset: "UTF-8" },
          Body: { Html: { Data: "<p>Hello</p>", Charset: "UTF-8" }, Text: { Data: "Hello", Charset: "UTF-8" } },
          Headers: [
            { Name: "List-Unsubscribe", Value: "<https://app.example.test/u/abc>" },
            { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
          ],
        },
      },
    });
    expect(body.EmailTags).toEqual([
      { Name: "leadflow-message", Value: "4242" },
      { Name: "leadflow-sig", Value: callbackHmac(ctx.callbackSecret, "4242") },
      { Name: "campaign", Value: "12" },
      { Name: "step", Value: "3" },
      { Name: "bad_tag_", Value: "x_y" },
    ]);
  });

  it("leaves out what the message does not have, and the configuration set when the gateway has none", async () => {
    const bare = email({ fromName: undefined, replyTo: undefined, text: undefined, tags: undefined, unsubscribeUrl: undefined });
    expect((await adapter({ configuration_set: "" }).send(bare)).kind).toBe("accepted");
    const { body } = fake.sent[0]!;
    expect(body.FromEmailAddress).toBe("sender@example.com");
    expect(body).not.toHaveProperty("ConfigurationSetName");
    expect(body).not.toHaveProperty("ReplyToAddresses");
    expect((body.Content as { Simple: object }).Simple).not.toHaveProperty("Headers");
    expect(body.EmailTags).toHaveLength(2);
  });

  it("writes display names the way SES takes them", () => {
    expect(fromAddress("a@example.com", 'Ann "The" Seller')).toBe('"Ann \\"The\\" Seller" <a@example.com>');
    expect(fromAddress("a@example.com", "Zoë")).toBe(`=?UTF-8?B?${Buffer.from("Zoë").toString("base64")}?= <a@example.com>`);
  });

  it("answers rejected with SES's code for a message SES refuses, and never retries", async () => {
    const unverified = await adapter().send(email({ from: "someone@not-verified.example" }));
    expect(unverified).toMatchObject({ kind: "rejected", code: "MessageRejected" });
    expect(unverified.kind === "rejected" && unverified.message).toMatch(/not verified/);

    for (const type of ["AccountSuspendedException", "MailFromDomainNotVerifiedException", "SendingPausedException"]) {
      fake.rejectNextSend(type, `${type} for the test`);
      expect(await adapter().send(email())).toMatchObject({ kind: "rejected", code: type });
    }
    fake.failNext(1, 400);
    expect(await adapter().send(email())).toMatchObject({ kind: "rejected", code: "BadRequestException" });
    expect(await adapter({ configuration_set: "missing-set" }).send(email())).toMatchObject({
      kind: "rejected",
      code: "NotFoundException",
    });
    expect(fake.stats.total).toBe(6);
    expect(fake.sent).toHaveLength(0);
  });

  it("answers throttled with the Retry-After for a 429, after one request", async () => {
    fake.rateLimitNext(1, 3);
    const outcome = await adapter().send(email());
    expect(outcome).toMatchObject({ kind: "throttled", retryAfterMs: 3000 });
    expect(fake.stats.total).toBe(1);
  });

  it("answers unknown for a 500, with no second request", async () => {
    fake.failNext(1, 500);
    const outcome = await adapter().send(email());
    expect(outcome).toMatchObject({ kind: "unknown" });
    expect(outcome.kind === "unknown" && outcome.message).toMatch(/HTTP 500.*may have been taken/);
    expect(fake.stats.total).toBe(1);
  });

  it("answers unknown when SES takes the request and never answers, with no second request", async () => {
    fake.hangNext(1);
    const outcome = await adapter({}, { timeoutMs: 300 }).send(email());
    expect(outcome).toMatchObject({ kind: "unknown" });
    expect(outcome.kind === "unknown" && outcome.message).toMatch(/did not answer within 0.3 s/);
    expect(fake.stats.total).toBe(1);
  });

  it("answers unknown when the connection is reset after the request was written, with no second request", async () => {
    fake.resetNext(1);
    const outcome = await adapter().send(email());
    expect(outcome).toMatchObject({ kind: "unknown" });
    expect(outcome.kind === "unknown" && outcome.message).toMatch(/dropped the connection \(ECONNRESET\)/);
    expect(fake.stats.total).toBe(1);
  });

  it("answers unknown for a 503 too", async () => {
    fake.failNext(1, 503);
    expect(await adapter().send(email())).toMatchObject({ kind: "unknown" });
    expect(fake.stats.total).toBe(1);
  });

  it("answers throttled when the connection is refused (nothing was written)", async () => {
    await fake.down("refuse");
    try {
      const outcome = await adapter().send(email());
      expect(outcome).toMatchObject({ kind: "throttled", retryAfterMs: null });
      expect(outcome.kind === "throttled" && outcome.message).toMatch(/ECONNREFUSED/);
    } finally {
      await fake.down(false);
    }
  });

  it("rejects a send with wrong keys and says so in testConnection, without the secret in any message", async () => {
    const wrong = adapter({ secret: "not-the-secret-at-all" });
    const outcome = await wrong.send(email());
    expect(outcome).toMatchObject({ kind: "rejected", code: "InvalidSignatureException" });
    expect(JSON.stringify(outcome)).not.toContain("not-the-secret-at-all");
    expect(await wrong.testConnection()).toEqual({ ok: false, message: "The Access Key ID or Secret Access Key is wrong." });
    expect(await adapter().testConnection()).toMatchObject({ ok: true });
  });

  it("refuses a ledger id that cannot be a mail tag without calling SES", async () => {
    expect(await adapter().send(email({ messageId: "42/7" }))).toMatchObject({ kind: "rejected", code: "InvalidMessageId" });
    expect(fake.stats.total).toBe(0);
  });

  it("lets the caller's abort through instead of an outcome", async () => {
    fake.hangNext(1);
    const abort = new AbortController();
    const sending = adapter().send(email(), abort.signal);
    setTimeout(() => abort.abort(new Error("stopping")), 50);
    await expect(sending).rejects.toThrow("stopping");
  });
});

describe("Amazon SES sender options", () => {
  it("offers the verified identities that may send: addresses and domains, across pages", async () => {
    const paged = await startFakeSes({
      identities: Array.from({ length: 1003 }, (_, i) => ({ name: `user${i}@example.com`, type: "EMAIL_ADDRESS" as const })),
    });
    try {
      const options = await sesSendAdapter({ key: paged.accessKeyId, secret: paged.secretAccessKey, region: "us-east-1" }, ctx, {
        baseUrls: paged.baseUrls,
      }).senderOptions();
      expect(options).toHaveLength(1003);
      expect(paged.stats.total).toBe(2);
    } finally {
      await paged.close();
    }
    expect(await adapter().senderOptions()).toEqual([
      { kind: "address", key: "sender@example.com", label: "sender@example.com" },
      { kind: "domain", key: "example.com", label: "Any address at example.com" },
    ]);
  });

  it("words wrong keys", async () => {
    await expect(adapter({ key: "AKIAWRONGWRONGWRONG0" }).senderOptions()).rejects.toThrow(
      "The Access Key ID or Secret Access Key is wrong.",
    );
  });
});
