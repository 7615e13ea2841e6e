import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hookUrl, signedStatusUrl } from "../callback-signing";
import { type FakeVonage, startFakeVonage, type VonageSent } from "../fakes/fake-vonage";
import type { CallbackResult } from "../send-types";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, sendOptions, signedUrlCallbacks, testSendContext, testSmsRequest } from "./send-resilience.testkit";
import { classifyVonageAnswer, VONAGE_UNIT_COST, vonageSendAdapter } from "./vonage-sms.adapter";
import { verifyVonageSignature, vonageSignedString } from "./vonage-sms.callbacks";

const ctx = testSendContext(111);
const creds = (fake: FakeVonage) => ({
  api_key: fake.apiKey,
  api_secret: fake.apiSecret,
  ...(fake.signatureSecret ? { signature_secret: fake.signatureSecret } : {}),
});
const request = testSmsRequest("7001", { validitySeconds: 600 });

/** The last message the fake took, sending `request` first when it has taken none yet. */
async function lastSent(fake: FakeVonage): Promise<VonageSent> {
  if (fake.sent.length === 0) await vonageSendAdapter(creds(fake), ctx, sendOptions(fake)).send(request);
  return fake.sent.at(-1)!;
}

describeSendResilience<FakeVonage>({
  name: "Vonage",
  start: () => startFakeVonage(),
  adapter: (fake, opts) => vonageSendAdapter(creds(fake), ctx, opts),
  wrongAdapter: (fake, opts) => vonageSendAdapter({ ...creds(fake), api_secret: "wrong-secret" }, ctx, opts),
  wrongMessage: /^The Vonage Api Key or Api Secret is wrong/,
  secrets: (fake) => [fake.apiSecret],
  request,
  rejectedCode: "400",
  accepted(fake, outcome) {
    const sent = fake.sent.at(-1)!;
    expect(sent.request.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent.request.json).toEqual({
      api_key: fake.apiKey,
      api_secret: fake.apiSecret,
      from: "12125550100",
      to: "14155550123",
      text: request.body,
      "client-ref": request.messageId,
      callback: signedStatusUrl(ctx, request.messageId),
      ttl: 600_000,
    });
    expect(outcome).toEqual({ kind: "accepted", providerId: sent.ids[0], segments: 1 });
  },
  callbacks: {
    valid: async (fake, status) => fake.dlr(await lastSent(fake), { status: status === "sent" ? "accepted" : "delivered" }),
    ...signedUrlCallbacks<FakeVonage>(ctx, request.messageId, async (fake) => fake.dlr(await lastSent(fake), { status: "delivered" })),
    inbound: (fake) => ({
      request: fake.inbound(signedHookUrl(ctx, "inbound"), { from: "14155550123", to: "12125550100", text: "STOP" }),
      expected: { from: "+14155550123", to: "+12125550100", body: "STOP" },
    }),
  },
});

describe("Vonage send adapter: requests, submit codes, receipts and numbers", () => {
  let fake: FakeVonage;
  const adapter = () => vonageSendAdapter(creds(fake), ctx, sendOptions(fake));
  const only = (r: CallbackResult) => (r.kind === "status" ? r.events[0] : undefined);

  beforeAll(async () => {
    fake = await startFakeVonage({
      numbers: [
        { msisdn: "12125550100", type: "mobile-lvn" },
        { msisdn: "18005550111", type: "toll-free" },
        { msisdn: "12125550199", type: "landline", sms: false },
      ],
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.stats.reset());

  it("sends text outside GSM-7 as unicode and clamps the validity to Vonage's 20 s – 7 days", async () => {
    await adapter().send({ ...request, body: "Привет, Анна", validitySeconds: 5 });
    expect(fake.sent.at(-1)?.request.json).toMatchObject({ type: "unicode", ttl: 20_000 });
    await adapter().send({ ...request, validitySeconds: 30 * 86_400 });
    expect(fake.sent.at(-1)?.request.json).toMatchObject({ ttl: 604_800_000 });
    expect(fake.sent.at(-1)?.request.json).not.toHaveProperty("type");
    await adapter().send({ ...request, validitySeconds: undefined });
    expect(fake.sent.at(-1)?.request.json).not.toHaveProperty("ttl");
  });

  it("counts each part of a long message and keeps the first part's id", async () => {
    const outcome = await adapter().send({ ...request, body: "x".repeat(300) });
    expect(outcome).toEqual({ kind: "accepted", providerId: fake.sent.at(-1)!.ids[0], segments: 2 });
  });

  it("reads a barred number (status 7) as an opt-out Vonage holds, and a foreign sender (15) as rejected", async () => {
    fake.barred.add("14155550177");
    expect(await adapter().send({ ...request, to: "+14155550177" })).toMatchObject({ kind: "rejected", code: "7", optedOut: true });
    expect(await adapter().send({ ...request, from: "+13105550100" })).toEqual({
      kind: "rejected",
      code: "15",
      message: "Vonage refused the message (status 15): Illegal Sender Address - rejected",
    });
  });

  it("refuses a pool sender without calling Vonage", async () => {
    expect(await adapter().send({ ...request, senderKind: "pool", from: "pool-1" })).toMatchObject({
      kind: "rejected",
      code: "pool_unsupported",
    });
    expect(fake.stats.total).toBe(0);
  });

  it.each([
    [[{ status: "1", "error-text": "Throughput Rate Exceeded" }], { kind: "throttled", retryAfterMs: null }],
    [[{ status: "5", "error-text": "Internal Error" }], { kind: "unknown" }],
    [[{ status: "29", "error-text": "Non White-listed Destination" }], { kind: "rejected", code: "29" }],
    // A part taken means the message went out: never "not sent", so never resent.
    [
      [
        { status: "0", "message-id": "0A01" },
        { status: "9", "error-text": "Quota Exceeded" },
      ],
      { kind: "accepted", providerId: "0A01", segments: 2 },
    ],
    [[], { kind: "unknown" }],
  ])("classifies the submit answer %j", (messages, expected) => {
    const res = { status: 200, text: "", json: { "message-count": String(messages.length), messages } };
    expect(classifyVonageAnswer(res, [])).toMatchObject(expected);
  });

  it.each([
    ["delivered", "0", "delivered", null],
    ["accepted", "0", "sent", null],
    ["buffered", "0", "sent", null],
    ["expired", "0", "undelivered", null],
    ["failed", "3", "inactive_device", "3"],
    ["rejected", "6", "blocked_by_carrier", "6"],
    ["failed", "9", "opted_out", "9"],
    ["failed", "14", "blocked_by_carrier", "14"],
    ["rejected", "52", "blocked_by_carrier", "52"],
    ["failed", "2", "undelivered", "2"],
    ["failed", "99", "failed", "99"],
    ["failed", "77", "failed", "77"],
  ])("maps a receipt with status %s and err-code %s to %s", async (status, errCode, expected, code) => {
    const sent = await lastSent(fake);
    const event = only(await adapter().parseCallback(fake.dlr(sent, { status, errCode })));
    expect(event).toMatchObject({ status: expected, errorCode: code, messageId: request.messageId, providerId: sent.ids[0] });
  });

  it("reads receipts sent as GET, JSON or form alike, and ignores status unknown", async () => {
    const sent = await lastSent(fake);
    for (const via of ["GET", "JSON", "FORM"] as const) {
      expect(only(await adapter().parseCallback(fake.dlr(sent, { status: "delivered" }, via)))).toMatchObject({
        status: "delivered",
        messageId: request.messageId,
        occurredAt: "2023-11-14T12:20:01.000Z",
      });
    }
    expect(await adapter().parseCallback(fake.dlr(sent, { status: "unknown" }))).toMatchObject({ kind: "ignored" });
  });

  it("refuses a receipt addressed to another gateway, or an inbound SMS on the status address", async () => {
    const sent = await lastSent(fake);
    const other = fake.dlr(sent, { status: "delivered" });
    expect(await adapter().parseCallback({ ...other, url: signedStatusUrl({ ...ctx, gatewayId: 112 }, request.messageId) })).toMatchObject({
      kind: "invalid",
    });
    const inbound = fake.inbound(signedHookUrl(ctx, "status"), { from: "14155550123", to: "12125550100", text: "hi" });
    expect(await adapter().parseCallback({ ...inbound, url: inbound.url.replace("/status", "/inbound") })).toMatchObject({
      kind: "invalid",
    });
  });

  it("lists the account's SMS numbers", async () => {
    expect(await adapter().senderOptions()).toEqual([
      { kind: "number", key: "+12125550100", label: "+12125550100 (mobile-lvn)" },
      { kind: "number", key: "+18005550111", label: "+18005550111 (toll-free)" },
    ]);
  });

  it("tests the connection with the balance, and prices a part at Vonage's rate", async () => {
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to Vonage (balance 10.28)." });
    expect(adapter().unitCost).toBe(VONAGE_UNIT_COST);
    expect(() => vonageSendAdapter({ api_key: "k" }, ctx)).toThrow(/no Api Secret/);
  });
});

describe("Vonage signed webhooks (signature secret)", () => {
  let fake: FakeVonage;
  let sha: FakeVonage;
  const adapterOf = (f: FakeVonage) => vonageSendAdapter(creds(f), ctx, sendOptions(f));

  beforeAll(async () => {
    fake = await startFakeVonage({ signatureSecret: "vonage-signature-secret" });
    sha = await startFakeVonage({ signatureSecret: "vonage-sha-secret", signatureMethod: "sha256" });
  });
  afterAll(async () => {
    await fake.close();
    await sha.close();
  });

  it("signs like Vonage's SDKs: the documented MD5-hash example", () => {
    const fields = { a: "1", b: "2", timestamp: "1461605396", sig: "6af838ef94998832dbfc29020b564830" };
    expect(vonageSignedString(fields)).toBe("&a=1&b=2&timestamp=1461605396");
    expect(verifyVonageSignature(fields, "secret")).toBe(true);
    expect(verifyVonageSignature({ ...fields, b: "3" }, "secret")).toBe(false);
  });

  it("hands Vonage a plain callback address and reads the message from the signed client-ref", async () => {
    await adapterOf(fake).send(request);
    const sent = fake.sent.at(-1)!;
    expect(sent.request.json?.callback).toBe(hookUrl(ctx, "sms", "status"));
    for (const f of [fake, sha]) {
      if (f === sha) await adapterOf(sha).send(request);
      const dlr = f.dlr(f.sent.at(-1)!, { status: "delivered" }, "GET");
      expect(await adapterOf(f).parseCallback(dlr)).toMatchObject({
        kind: "status",
        events: [{ status: "delivered", messageId: request.messageId }],
      });
    }
  });

  it("refuses a receipt signed with another secret, altered after signing, or unsigned", async () => {
    if (fake.sent.length === 0) await adapterOf(fake).send(request);
    const sent = fake.sent.at(-1)!;
    const real = fake.dlr(sent, { status: "failed", errCode: "6" });
    const fields = JSON.parse(real.rawBody) as Record<string, string>;
    const forged = { ...fields, sig: fake.sign(fields, "another-secret") };
    const cases = [
      { ...real, rawBody: JSON.stringify(forged) },
      { ...real, rawBody: real.rawBody.replace('"failed"', '"delivered"') },
      { ...real, rawBody: JSON.stringify({ ...fields, sig: undefined }) },
    ];
    for (const cb of cases) expect(await adapterOf(fake).parseCallback(cb)).toMatchObject({ kind: "invalid" });
    // Our own URL signature is no substitute once Vonage signs.
    const ours = { ...real, url: signedStatusUrl(ctx, request.messageId), rawBody: JSON.stringify({ ...fields, sig: undefined }) };
    expect(await adapterOf(fake).parseCallback(ours)).toMatchObject({ kind: "invalid" });
  });

  it("verifies an inbound SMS by Vonage's signature", async () => {
    const cb = fake.inbound(hookUrl(ctx, "sms", "inbound"), { from: "14155550123", to: "12125550100", text: "Yes please" }, "FORM");
    expect(await adapterOf(fake).parseCallback(cb)).toMatchObject({
      kind: "inbound",
      messages: [{ from: "+14155550123", to: "+12125550100", body: "Yes please", receivedAt: "2023-11-14T12:25:00.000Z" }],
    });
  });
});
