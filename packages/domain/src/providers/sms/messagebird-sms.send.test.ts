import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedStatusUrl } from "../callback-signing";
import { type FakeMessageBird, startFakeMessageBird } from "../fakes/fake-messagebird";
import { messageBirdSmsAdapter } from "./messagebird-sms.adapter";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, sendOptions, testSendContext, testSmsRequest } from "./send-resilience.testkit";

const ctx = testSendContext(12);
const request = testSmsRequest("31337", { from: "Leadflow", body: "Spring sale: 20% off today.", validitySeconds: 7200 });
const params = (fake: FakeMessageBird, extra: Record<string, string> = {}) => ({
  api_key: fake.accessKey,
  signing_key: fake.signingKey,
  ...extra,
});
const statusUrl = signedStatusUrl(ctx, request.messageId);
const reportFields = (status: string, extra: Record<string, string> = {}) => ({
  id: "e8077d803532c0b5937c639b00000001",
  reference: request.messageId,
  recipient: "14155550123",
  status,
  statusDatetime: "2026-01-05T15:04:09+00:00",
  ...extra,
});

describeSendResilience<FakeMessageBird>({
  name: "MessageBird",
  start: () => startFakeMessageBird(),
  adapter: (fake, opts) => messageBirdSmsAdapter(params(fake), ctx, opts),
  wrongAdapter: (fake, opts) => messageBirdSmsAdapter(params(fake, { api_key: "live_wrong" }), ctx, opts),
  wrongMessage: /^The MessageBird API key is wrong/,
  secrets: (fake) => [fake.accessKey, fake.signingKey],
  request,
  rejectedCode: "21",
  accepted(fake, outcome) {
    const sent = fake.messages.at(-1)!;
    expect(sent.headers.authorization).toBe(`AccessKey ${fake.accessKey}`);
    expect(sent.json).toEqual({
      originator: "Leadflow",
      recipients: ["14155550123"],
      body: request.body,
      reference: "31337",
      reportUrl: statusUrl,
      datacoding: "auto",
      validity: 7200,
    });
    expect(outcome).toEqual({ kind: "accepted", providerId: expect.stringMatching(/^e8077d80/), segments: 1 });
  },
  callbacks: {
    valid: (fake, status) => fake.report(statusUrl, reportFields(status), { signWith: fake.signingKey }),
    forged: (fake) => fake.report(statusUrl, reportFields("delivered"), { signWith: "not-the-signing-key" }),
    tampered(fake) {
      const real = fake.report(statusUrl, reportFields("delivery_failed"), { signWith: fake.signingKey });
      return { ...real, url: real.url.replace("status=delivery_failed", "status=delivered") };
    },
    unsigned: (fake) => fake.report(statusUrl, reportFields("delivered")),
    inbound: (fake) => ({
      request: fake.report(
        signedHookUrl(ctx, "inbound"),
        { id: "in-7", originator: "14155550123", recipient: "12125550100", body: "STOP", createdDatetime: "2026-01-05T16:00:00+00:00" },
        { method: "POST", signWith: fake.signingKey },
      ),
      expected: { from: "+14155550123", to: "+12125550100", body: "STOP" },
    }),
  },
});

describe("MessageBird send adapter: reports, keys and senders", () => {
  let fake: FakeMessageBird;
  const adapter = (extra: Record<string, string> = {}) =>
    messageBirdSmsAdapter(params(fake, extra), ctx, sendOptions(fake), {
      list: [{ name: "Leadflow" }, { name: "+12125550100" }],
    });

  beforeAll(async () => {
    fake = await startFakeMessageBird();
  });
  afterAll(() => fake.close());

  it("sends a number originator as bare digits, and refuses a pool without a request", async () => {
    expect(await adapter().send({ ...request, from: "+12125550100" })).toMatchObject({ kind: "accepted" });
    expect(fake.messages.at(-1)?.json).toMatchObject({ originator: "12125550100" });
    const before = fake.stats.total;
    expect(await adapter().send({ ...request, senderKind: "pool", from: "group-1" })).toMatchObject({
      kind: "rejected",
      code: "pool_unsupported",
    });
    expect(fake.stats.total).toBe(before);
  });

  it.each([
    ["delivery_failed", "unknown subscriber", "", "inactive_device"],
    ["delivery_failed", "incorrect number", "", "inactive_device"],
    ["delivery_failed", "opted out", "", "opted_out"],
    ["delivery_failed", "carrier rejected", "", "blocked_by_carrier"],
    ["delivery_failed", "generic delivery failure", "1", "inactive_device"],
    ["expired", "expired", "", "failed"],
    ["buffered", "pending DLR", "", "queued"],
  ])("maps %s / %s / code %s to %s", async (status, statusReason, statusErrorCode, expected) => {
    const result = await adapter().parseCallback(
      fake.report(statusUrl, reportFields(status, { statusReason, statusErrorCode }), { signWith: fake.signingKey }),
    );
    expect(result).toMatchObject({ kind: "status", events: [{ status: expected, messageId: "31337", errorMessage: statusReason }] });
  });

  it("verifies POSTed reports over their body, and refuses expired or misaddressed JWTs", async () => {
    const post = fake.report(statusUrl, reportFields("delivered"), { method: "POST", signWith: fake.signingKey });
    expect(await adapter().parseCallback(post)).toMatchObject({ kind: "status" });
    expect(await adapter().parseCallback({ ...post, rawBody: post.rawBody.replace("delivered", "sent") })).toMatchObject({
      kind: "invalid",
    });
    const expired = fake.report(statusUrl, reportFields("delivered"), { signWith: fake.signingKey, claims: { exp: 1_000_000 } });
    expect(await adapter().parseCallback(expired)).toMatchObject({ kind: "invalid", reason: expect.stringMatching(/expired/) });
    const elsewhere = fake.report(statusUrl, reportFields("delivered"), { signWith: fake.signingKey });
    expect(
      await adapter().parseCallback({ ...elsewhere, url: elsewhere.url.replace("app.example.com", "evil.example.com") }),
    ).toMatchObject({ kind: "invalid" });
  });

  it("without a signing key, trusts our signature on the reportUrl only", async () => {
    const noKey = adapter({ signing_key: "" });
    expect(await noKey.parseCallback(fake.report(statusUrl, reportFields("delivered")))).toMatchObject({
      kind: "status",
      events: [{ messageId: "31337" }],
    });
    const otherRow = fake.report(statusUrl.replace("m=31337", "m=31338"), reportFields("delivered"));
    expect(await noKey.parseCallback(otherRow)).toMatchObject({ kind: "invalid" });
  });

  it("offers the gateway's own originators and reports the balance", async () => {
    expect(await adapter().senderOptions()).toEqual([
      { kind: "number", key: "Leadflow", label: "Leadflow" },
      { kind: "number", key: "+12125550100", label: "+12125550100" },
    ]);
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to MessageBird: balance 9.2 euros." });
  });
});
