import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedStatusUrl } from "../callback-signing";
import { formCallback } from "../fakes/fake-server";
import { type FakeSmsTo, startFakeSmsTo } from "../fakes/fake-smsto";
import type { CallbackResult } from "../send-types";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, sendOptions, signedUrlCallbacks, testSendContext, testSmsRequest } from "./send-resilience.testkit";
import { classifySmsToAnswer, SMSTO_UNIT_COST, smsToSendAdapter } from "./smsto-sms.adapter";

const ctx = testSendContext(131);
const creds = (fake: FakeSmsTo) => ({ api_key: fake.apiKey });
const request = testSmsRequest("9101");

async function lastSent(fake: FakeSmsTo) {
  if (fake.sent.length === 0) await smsToSendAdapter(creds(fake), ctx, sendOptions(fake)).send(request);
  return fake.sent.at(-1)!;
}

describeSendResilience<FakeSmsTo>({
  name: "SMS.to",
  start: () => startFakeSmsTo(),
  adapter: (fake, opts) => smsToSendAdapter(creds(fake), ctx, opts),
  wrongAdapter: (_fake, opts) => smsToSendAdapter({ api_key: "wrong-license-key" }, ctx, opts),
  wrongMessage: /^The SMS.to License Key is wrong/,
  secrets: (fake) => [fake.apiKey],
  request,
  rejectedCode: "400",
  accepted(fake, outcome) {
    const sent = fake.sent.at(-1)!;
    expect(sent.request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.request.json).toEqual({
      message: request.body,
      to: request.to,
      sender_id: request.from,
      callback_url: signedStatusUrl(ctx, request.messageId),
      bypass_optout: false,
    });
    expect(outcome).toEqual({ kind: "accepted", providerId: sent.id });
  },
  callbacks: {
    valid: async (fake, status) => fake.callback(await lastSent(fake), status === "sent" ? "SENT" : "DELIVERED"),
    ...signedUrlCallbacks<FakeSmsTo>(ctx, request.messageId, async (fake) => fake.callback(await lastSent(fake), "DELIVERED")),
    inbound: () => ({
      // SMS.to does not publish its inbound format in detail: a form with the usual names (see callback-fields.ts).
      request: formCallback(signedHookUrl(ctx, "inbound"), {
        messageId: "in-1",
        from: "+14155550123",
        to: "+12125550100",
        message: "STOP",
      }),
      expected: { from: "+14155550123", to: "+12125550100", body: "STOP" },
    }),
  },
});

describe("SMS.to send adapter: refusals, statuses and senders", () => {
  let fake: FakeSmsTo;
  const senders = { numbers: [{ number: "+12125550100", name: "Main" }, { number: "ACME" }] };
  const adapter = () => smsToSendAdapter(creds(fake), ctx, sendOptions(fake), senders);
  const only = (r: CallbackResult) => (r.kind === "status" ? r.events[0] : undefined);

  beforeAll(async () => {
    fake = await startFakeSmsTo();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.stats.reset());

  it("marks SMS.to's opt-out refusal, and reads success:false in a 2xx as a refusal", async () => {
    fake.optedOut.add("+14155550177");
    expect(await adapter().send({ ...request, to: "+14155550177" })).toMatchObject({ kind: "rejected", code: "400", optedOut: true });
    const res = { status: 200, text: "", json: { success: false, message: "Insufficient balance" } };
    expect(classifySmsToAnswer(res, [])).toEqual({
      kind: "rejected",
      code: "refused",
      message: "SMS.to refused the message: Insufficient balance",
    });
  });

  it("refuses a pool sender without calling SMS.to", async () => {
    expect(await adapter().send({ ...request, senderKind: "pool", from: "p" })).toMatchObject({
      kind: "rejected",
      code: "pool_unsupported",
    });
    expect(fake.stats.total).toBe(0);
  });

  it.each([
    ["QUEUED", "queued", null],
    ["SENT", "sent", null],
    ["DELIVERED", "delivered", null],
    ["FAILED", "failed", "FAILED"],
    ["REJECTED", "failed", "REJECTED"],
    ["UNDELIVERED", "undelivered", "UNDELIVERED"],
    ["EXPIRED", "undelivered", "EXPIRED"],
  ])("maps status %s to %s", async (status, expected, code) => {
    const sent = await lastSent(fake);
    expect(only(await adapter().parseCallback(fake.callback(sent, status)))).toMatchObject({
      status: expected,
      errorCode: code,
      providerId: sent.id,
      messageId: request.messageId,
    });
  });

  it("ignores a status it does not know, and an inbound post without a sender", async () => {
    expect(await adapter().parseCallback(fake.callback(await lastSent(fake), "WHATEVER"))).toMatchObject({ kind: "ignored" });
    expect(await adapter().parseCallback(formCallback(signedHookUrl(ctx, "inbound"), { message: "hi" }))).toMatchObject({
      kind: "ignored",
    });
  });

  it("gives a reply without an id the same event id when posted twice", async () => {
    const cb = formCallback(signedHookUrl(ctx, "inbound"), { from: "+14155550123", to: "+12125550100", message: "Yes" });
    const [a, b] = [await adapter().parseCallback(cb), await adapter().parseCallback(cb)];
    expect(a.kind === "inbound" && b.kind === "inbound" && a.messages[0]!.eventId === b.messages[0]!.eventId).toBe(true);
  });

  it("offers the configured sender ids, tests the connection and prices a part", async () => {
    expect(await adapter().senderOptions()).toEqual([
      { kind: "number", key: "+12125550100", label: "Main (+12125550100)" },
      { kind: "number", key: "ACME", label: "ACME" },
    ]);
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to SMS.to (balance 25.50 EUR)." });
    expect(adapter().unitCost).toBe(SMSTO_UNIT_COST);
  });
});
