import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedStatusUrl } from "../callback-signing";
import { type FakeD7, startFakeD7 } from "../fakes/fake-d7";
import { jsonCallback } from "../fakes/fake-server";
import type { CallbackResult } from "../send-types";
import { D7_UNIT_COST, d7SendAdapter } from "./d7-sms.adapter";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, sendOptions, signedUrlCallbacks, testSendContext, testSmsRequest } from "./send-resilience.testkit";

const ctx = testSendContext(151);
const creds = (fake: FakeD7) => ({ api_key: fake.apiKey });
const request = testSmsRequest("9501");

async function lastSent(fake: FakeD7) {
  if (fake.sent.length === 0) await d7SendAdapter(creds(fake), ctx, sendOptions(fake)).send(request);
  return fake.sent.at(-1)!;
}

describeSendResilience<FakeD7>({
  name: "D7 Networks",
  start: () => startFakeD7(),
  adapter: (fake, opts) => d7SendAdapter(creds(fake), ctx, opts),
  wrongAdapter: (_fake, opts) => d7SendAdapter({ api_key: "wrong-token" }, ctx, opts),
  wrongMessage: /^The D7 Networks Api Key is wrong/,
  secrets: (fake) => [fake.apiKey],
  request,
  rejectedCode: "INVALID_RECIPIENT",
  accepted(fake, outcome) {
    const sent = fake.sent.at(-1)!;
    expect(sent.request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.request.json).toEqual({
      messages: [{ channel: "sms", recipients: [request.to], content: request.body, msg_type: "text", data_coding: "text" }],
      message_globals: { originator: request.from, report_url: signedStatusUrl(ctx, request.messageId) },
    });
    expect(outcome).toEqual({ kind: "accepted", providerId: sent.requestId });
  },
  callbacks: {
    valid: async (fake, status) => fake.report(await lastSent(fake), status),
    ...signedUrlCallbacks<FakeD7>(ctx, request.messageId, async (fake) => fake.report(await lastSent(fake), "delivered")),
    inbound: () => ({
      // D7 does not publish its inbound format in detail: JSON with the usual names (see callback-fields.ts).
      request: jsonCallback(signedHookUrl(ctx, "inbound"), { id: "in-7", from: "+14155550123", to: "+12125550100", content: "STOP" }),
      expected: { from: "+14155550123", to: "+12125550100", body: "STOP" },
    }),
  },
});

describe("D7 Networks send adapter: encoding, refusals, reports and senders", () => {
  let fake: FakeD7;
  const adapter = () => d7SendAdapter(creds(fake), ctx, sendOptions(fake), { numbers: [{ number: "+12125550100" }] });
  const only = (r: CallbackResult) => (r.kind === "status" ? r.events[0] : undefined);

  beforeAll(async () => {
    fake = await startFakeD7();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.stats.reset());

  it("marks text outside GSM-7 as unicode", async () => {
    await adapter().send({ ...request, body: "Grüße 😀" });
    expect(fake.sent.at(-1)?.request.json?.messages).toEqual([expect.objectContaining({ data_coding: "unicode" })]);
  });

  it("reads D7's validation list and its auth error with their codes", async () => {
    expect(await adapter().send({ ...request, to: "" })).toMatchObject({ kind: "rejected", code: "value_error.missing" });
    expect(await d7SendAdapter({ api_key: "nope" }, ctx, sendOptions(fake)).send(request)).toMatchObject({
      kind: "rejected",
      code: "ACCESS_TOKEN_SIGNATURE_VERIFICATION_FAILED",
    });
  });

  it.each([
    ["accepted", "queued", null],
    ["sent", "sent", null],
    ["delivered", "delivered", null],
    ["undelivered", "undelivered", "undelivered"],
    ["un_delivered", "undelivered", "un_delivered"],
    ["not_reachable", "inactive_device", "not_reachable"],
    ["spam_content", "blocked_by_carrier", "spam_content"],
    ["insufficient_credit", "failed", "insufficient_credit"],
  ])("maps report status %s to %s", async (status, expected, code) => {
    const sent = await lastSent(fake);
    expect(only(await adapter().parseCallback(fake.report(sent, status)))).toMatchObject({
      status: expected,
      errorCode: code,
      providerId: sent.requestId,
      messageId: request.messageId,
    });
  });

  it("ignores a report status it does not know", async () => {
    expect(await adapter().parseCallback(fake.report(await lastSent(fake), "mystery"))).toMatchObject({ kind: "ignored" });
  });

  it("refuses a pool sender without a request, offers the configured numbers, tests and prices", async () => {
    expect(await adapter().send({ ...request, senderKind: "pool", from: "p" })).toMatchObject({
      kind: "rejected",
      code: "pool_unsupported",
    });
    expect(fake.stats.total).toBe(0);
    expect(await adapter().senderOptions()).toEqual([{ kind: "number", key: "+12125550100", label: "+12125550100" }]);
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to D7 Networks (balance 12.50 USD)." });
    expect(adapter().unitCost).toBe(D7_UNIT_COST);
  });
});
