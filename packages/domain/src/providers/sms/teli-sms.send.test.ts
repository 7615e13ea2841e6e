import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTeli, startFakeTeli } from "../fakes/fake-teli";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, sendOptions, testSendContext, testSmsRequest } from "./send-resilience.testkit";
import { teliSmsAdapter } from "./teli-sms.adapter";

const ctx = testSendContext(8);
const request = testSmsRequest("777", { body: "Reply YES to confirm.", validitySeconds: 600 });
const TRACKING_ID = "ea19aa71-4590-4e6b-a8ce-47e2b84c8091";
const statusUrl = signedHookUrl(ctx, "status");
const delivery = (status: string, extra: Record<string, string> = {}) => ({
  id: TRACKING_ID,
  source: "2125550100",
  destination: "4155550123",
  status,
  timestamp: "2026-01-05 15:04:09",
  ...extra,
});

describeSendResilience<FakeTeli>({
  name: "Teli",
  start: () => startFakeTeli(),
  adapter: (fake, opts) => teliSmsAdapter({ token: fake.token }, ctx, opts),
  wrongAdapter: (_fake, opts) => teliSmsAdapter({ token: "wrong-token" }, ctx, opts),
  wrongMessage: /^The Teli token is wrong/,
  secrets: (fake) => [fake.token],
  request,
  rejectedCode: "400",
  accepted(fake, outcome) {
    const sent = fake.messages.at(-1)!;
    expect(sent.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    // The token travels in the body, never in the URL.
    expect(sent.url.search).toBe("");
    expect(sent.json).toEqual({ token: fake.token, source: "2125550100", destination: "4155550123", message: request.body });
    expect(outcome).toEqual({ kind: "accepted", providerId: expect.stringMatching(/^ea19aa71-/) });
  },
  callbacks: {
    valid: (fake, status) => fake.callback(statusUrl, delivery(status)),
    forged: (fake) => fake.callback(signedHookUrl({ ...ctx, callbackSecret: "someone-else" }, "status"), delivery("delivered")),
    // A status URL's signature replayed on the inbound endpoint.
    tampered: (fake) =>
      fake.callback(statusUrl.replace("/status?", "/inbound?"), { source: "4155550123", destination: "2125550100", message: "STOP" }),
    unsigned: (fake) => fake.callback(statusUrl.replace(/\?.*/, ""), delivery("delivered")),
    inbound: (fake) => ({
      request: fake.callback(signedHookUrl(ctx, "inbound"), {
        source: "4155550123",
        destination: "2125550100",
        message: "YES",
        type: "sms",
      }),
      expected: { from: "+14155550123", to: "+12125550100", body: "YES" },
    }),
  },
});

describe("Teli send adapter: numbers, answers and statuses", () => {
  let fake: FakeTeli;
  const adapter = () =>
    teliSmsAdapter({ token: fake.token }, ctx, sendOptions(fake), {
      list: [{ name: "Main", number: "+12125550100" }],
    });

  beforeAll(async () => {
    fake = await startFakeTeli();
  });
  afterAll(() => fake.close());

  it("reads Teli's HTTP 200 error answer as a rejection with its words", async () => {
    expect(await adapter().send({ ...request, from: "+13035550100" })).toEqual({
      kind: "rejected",
      code: "400",
      message: "Teli refused the message (HTTP 200): Invalid source number",
    });
  });

  it("refuses a number outside +1, and a pool, before calling Teli", async () => {
    fake.stats.reset();
    expect(await adapter().send({ ...request, to: "+447700900123" })).toMatchObject({ kind: "rejected", code: "unsupported_number" });
    expect(await adapter().send({ ...request, senderKind: "pool", from: "Main" })).toMatchObject({
      kind: "rejected",
      code: "pool_unsupported",
    });
    expect(fake.stats.total).toBe(0);
  });

  it.each([
    ["DELIVRD", "delivered"],
    ["UNDELIV", "undelivered"],
    ["EXPIRED", "failed"],
    ["enroute", "sent"],
  ])("maps the delivery status %s to %s, matched by the tracking id", async (raw, expected) => {
    const result = await adapter().parseCallback(fake.callback(statusUrl, delivery(raw, { error_code: "000" })));
    expect(result).toMatchObject({
      kind: "status",
      events: [{ status: expected, providerId: TRACKING_ID, messageId: null, errorCode: null }],
    });
  });

  it("offers the gateway's senders and reports the balance", async () => {
    expect(await adapter().senderOptions()).toEqual([{ kind: "number", key: "+12125550100", label: "Main (+12125550100)" }]);
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to Teli: balance $12.3400." });
  });
});
