import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hookUrl, signedStatusUrl } from "../callback-signing";
import { type FakeGenericHttp, partnerSignature, startFakeGenericHttp } from "../fakes/fake-generic-http";
import type { ProviderOptions } from "../provider-types";
import type { CallbackRequest, CallbackResult } from "../send-types";
import { GENERIC_HTTP_UNIT_COST, genericHttpSendAdapter } from "./generic-http-sms.adapter";
import type { PublicHostOptions } from "./public-host";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, SEND_TIMEOUT_MS, testSendContext, testSmsRequest } from "./send-resilience.testkit";

const ctx = testSendContext(141);
// The fake listens on loopback over http: allowed here explicitly, never through the gateway's params.
const loopback: PublicHostOptions = { allowLoopback: true };
const params = (fake: FakeGenericHttp) => ({ app_id: fake.appId, base_url: fake.url, ...(fake.secret ? { secret: fake.secret } : {}) });
const request = testSmsRequest("9401", { validitySeconds: 900 });
const options = (extra: ProviderOptions = {}): ProviderOptions => ({ timeoutMs: SEND_TIMEOUT_MS, ...extra });

async function lastSent(fake: FakeGenericHttp) {
  if (fake.sent.length === 0) await genericHttpSendAdapter(params(fake), ctx, options(), {}, loopback).send(request);
  return fake.sent.at(-1)!;
}

describeSendResilience<FakeGenericHttp>({
  name: "HTTP (generic)",
  start: () => startFakeGenericHttp(),
  adapter: (fake, opts) => genericHttpSendAdapter(params(fake), ctx, opts, {}, loopback),
  wrongAdapter: (fake, opts) => genericHttpSendAdapter({ ...params(fake), secret: "not-the-shared-secret" }, ctx, opts, {}, loopback),
  wrongMessage: /^The HTTP gateway refused the App ID or the signing secret/,
  secrets: (fake) => [fake.secret!],
  request,
  rejectedCode: "invalid_request",
  accepted(fake, outcome) {
    const sent = fake.sent.at(-1)!;
    const body = {
      app_id: fake.appId,
      message_id: request.messageId,
      to: request.to,
      from: request.from,
      text: request.body,
      validity_seconds: 900,
      status_callback_url: signedStatusUrl(ctx, request.messageId),
    };
    expect(sent.request.json).toEqual(body);
    expect(sent.request.headers["x-leadflow-app-id"]).toBe(fake.appId);
    expect(sent.request.headers["x-leadflow-signature"]).toBe(partnerSignature(fake.secret!, sent.request.body));
    expect(sent.request.headers["idempotency-key"]).toBe(request.idempotencyKey);
    expect(outcome).toEqual({ kind: "accepted", providerId: sent.id, segments: 1, cost: 0.0075 });
  },
  callbacks: {
    valid: async (fake, status) => fake.callback(await lastSent(fake), { status }),
    forged: async (fake) => fake.callback(await lastSent(fake), { status: "delivered" }, "another-secret"),
    tampered: async (fake) => {
      const real = fake.callback(await lastSent(fake), { status: "failed", error_code: "blocked" });
      return { ...real, rawBody: real.rawBody.replace('"failed"', '"delivered"') };
    },
    unsigned: async (fake) => fake.callback(await lastSent(fake), { status: "delivered" }, null),
    inbound: (fake) => ({
      request: fake.inbound(hookUrl(ctx, "sms", "inbound"), { id: "in_1", from: "+14155550123", to: "+12125550100", text: "STOP" }),
      expected: { from: "+14155550123", to: "+12125550100", body: "STOP" },
    }),
  },
});

describe("HTTP (generic): the public-host guard at call time", () => {
  let fake: FakeGenericHttp;
  const base = () => ({ app_id: fake.appId, secret: fake.secret! });

  beforeAll(async () => {
    fake = await startFakeGenericHttp();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.stats.reset());

  it("refuses a host that resolves to a private address, before any request", async () => {
    const net: PublicHostOptions = { resolve: async () => ["10.0.0.5"] };
    const adapter = genericHttpSendAdapter({ ...base(), base_url: "https://partner.example" }, ctx, options(), {}, net);
    expect(await adapter.send(request)).toEqual({
      kind: "rejected",
      code: "unsafe_base_url",
      message: "The Base URL's host resolves to 10.0.0.5: a local, private or metadata address.",
    });
    expect(await adapter.testConnection()).toMatchObject({ ok: false, message: expect.stringMatching(/private/) });
  });

  it("refuses plain http and loopback unless a test allows them", async () => {
    const port = new URL(fake.url).port;
    for (const base_url of [fake.url, `https://127.0.0.1:${port}`, "https://[::1]:1"]) {
      expect(await genericHttpSendAdapter({ ...base(), base_url }, ctx, options()).send(request)).toMatchObject({
        kind: "rejected",
        code: "unsafe_base_url",
      });
    }
    expect(fake.stats.total).toBe(0);
  });

  it("connects to the checked addresses, whatever the name resolves to later, and reuses a check briefly", async () => {
    let clock = 0;
    const answers = [["127.0.0.1"], ["10.0.0.9"]];
    let resolutions = 0;
    const net: PublicHostOptions = { allowLoopback: true, now: () => clock, cacheMs: 1000, resolve: async () => answers[resolutions++]! };
    // "partner.test" is in no DNS: only the pinned lookup can take the request to the fake.
    const adapter = genericHttpSendAdapter(
      { ...base(), base_url: `http://partner.test:${new URL(fake.url).port}` },
      ctx,
      options(),
      {},
      net,
    );
    expect(await adapter.send({ ...request, idempotencyKey: "pin-1" })).toMatchObject({ kind: "accepted" });
    expect(await adapter.send({ ...request, idempotencyKey: "pin-2" })).toMatchObject({ kind: "accepted" });
    expect(resolutions).toBe(1);
    clock = 5000;
    // The name now points inside the network: refused, and nothing more reaches the partner.
    expect(await adapter.send({ ...request, idempotencyKey: "pin-3" })).toMatchObject({ kind: "rejected", code: "unsafe_base_url" });
    expect(fake.stats.total).toBe(2);
  });

  it("holds a message whose host does not resolve now (not sent, may go later)", async () => {
    const net: PublicHostOptions = {
      resolve: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
      },
    };
    const outcome = await genericHttpSendAdapter({ ...base(), base_url: "https://partner.example" }, ctx, options(), {}, net).send(request);
    expect(outcome).toMatchObject({ kind: "throttled", retryAfterMs: null });
  });
});

describe("HTTP (generic): answers, callbacks without a signing secret, and the partner's extras", () => {
  let fake: FakeGenericHttp;
  let unsigned: FakeGenericHttp;
  const adapter = (f: FakeGenericHttp) =>
    genericHttpSendAdapter(params(f), ctx, options(), { numbers: [{ number: "+12125550100" }] }, loopback);
  const only = (r: CallbackResult) => (r.kind === "status" ? r.events[0] : undefined);

  beforeAll(async () => {
    fake = await startFakeGenericHttp();
    unsigned = await startFakeGenericHttp({ secret: null });
  });
  afterAll(async () => {
    await fake.close();
    await unsigned.close();
  });

  it("marks the partner's opted_out code, and a repeated idempotency key sends nothing new", async () => {
    fake.optedOut.add("+14155550177");
    expect(await adapter(fake).send({ ...request, to: "+14155550177", idempotencyKey: "opt-1" })).toMatchObject({
      kind: "rejected",
      code: "opted_out",
      optedOut: true,
    });
    const first = await adapter(fake).send({ ...request, idempotencyKey: "same-key" });
    const count = fake.sent.length;
    expect(await adapter(fake).send({ ...request, idempotencyKey: "same-key" })).toEqual(first);
    expect(fake.sent).toHaveLength(count);
  });

  it.each([
    ["queued", "queued"],
    ["sent", "sent"],
    ["delivered", "delivered"],
    ["undelivered", "undelivered"],
    ["failed", "failed"],
    ["blocked", "blocked_by_carrier"],
    ["inactive", "inactive_device"],
    ["landline", "landline"],
    ["opted_out", "opted_out"],
  ])("maps status %s to %s, with the partner's error words", async (status, expected) => {
    const sent = await lastSent(fake);
    const event = only(await adapter(fake).parseCallback(fake.callback(sent, { status, error_code: "E1", error_message: "words" })));
    expect(event).toMatchObject({
      status: expected,
      providerId: sent.id,
      messageId: request.messageId,
      errorCode: "E1",
      errorMessage: "words",
    });
  });

  it("refuses a status it does not define", async () => {
    expect(await adapter(fake).parseCallback(fake.callback(await lastSent(fake), { status: "exploded" }))).toMatchObject({
      kind: "invalid",
    });
  });

  it("without a signing secret: sends no signature, and trusts only our signed addresses", async () => {
    await adapter(unsigned).send(request);
    const sent = unsigned.sent.at(-1)!;
    expect(sent.request.headers).not.toHaveProperty("x-leadflow-signature");
    const cb: CallbackRequest = unsigned.callback(sent, { status: "delivered" });
    expect(only(await adapter(unsigned).parseCallback(cb))).toMatchObject({ status: "delivered", messageId: request.messageId });
    expect(await adapter(unsigned).parseCallback({ ...cb, url: cb.url.replace("m=9401", "m=9402") })).toMatchObject({ kind: "invalid" });
    expect(await adapter(unsigned).parseCallback({ ...cb, url: hookUrl(ctx, "sms", "status") })).toMatchObject({ kind: "invalid" });
    const reply = unsigned.inbound(signedHookUrl(ctx, "inbound"), { id: "in_2", from: "+14155550123", to: "+12125550100", text: "Yes" });
    expect(await adapter(unsigned).parseCallback(reply)).toMatchObject({
      kind: "inbound",
      messages: [{ eventId: "in:in_2", body: "Yes" }],
    });
    expect(
      await adapter(unsigned).parseCallback({ ...reply, url: signedStatusUrl(ctx, "1").replace("/status", "/inbound") }),
    ).toMatchObject({
      kind: "invalid",
    });
  });

  it("offers the configured numbers, tests the connection by GET /account and prices a part", async () => {
    expect(await adapter(fake).senderOptions()).toEqual([{ kind: "number", key: "+12125550100", label: "+12125550100" }]);
    expect(await adapter(fake).testConnection()).toEqual({ ok: true, message: "Connected to Fake Partner SMS." });
    expect(adapter(fake).unitCost).toBe(GENERIC_HTTP_UNIT_COST);
  });
});
