import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hookUrl, signedStatusUrl } from "../callback-signing";
import { type FakeTwilioMessaging, startFakeTwilioMessaging } from "../fakes/fake-twilio-messaging";
import type { CallbackResult } from "../send-types";
import { describeSendResilience, sendOptions, testSendContext, testSmsRequest } from "./send-resilience.testkit";
import { TwilioFetchClient } from "./twilio-http-client";
import { twilioSmsAdapter } from "./twilio-sms.adapter";

const ctx = testSendContext(41);
const creds = (fake: FakeTwilioMessaging) => ({ sys_id: fake.accountSid, auth_token: fake.authToken });
const request = testSmsRequest("9001", { validitySeconds: 600 });

const statusFields = (fake: FakeTwilioMessaging, status: string, extra: Record<string, string> = {}) => ({
  MessageSid: "SM00000000000000000000000000000001",
  SmsSid: "SM00000000000000000000000000000001",
  AccountSid: fake.accountSid,
  MessageStatus: status,
  SmsStatus: status,
  From: request.from,
  To: request.to,
  ApiVersion: "2010-04-01",
  ...extra,
});
const statusUrl = signedStatusUrl(ctx, request.messageId);

describeSendResilience<FakeTwilioMessaging>({
  name: "Twilio",
  start: () => startFakeTwilioMessaging(),
  adapter: (fake, opts) => twilioSmsAdapter(creds(fake), ctx, opts),
  wrongAdapter: (fake, opts) => twilioSmsAdapter({ ...creds(fake), auth_token: "wrong-token" }, ctx, opts),
  wrongMessage: /^The Account SID or Auth Token is wrong/,
  secrets: (fake) => [fake.authToken],
  request,
  rejectedCode: "21211",
  accepted(fake, outcome) {
    const sent = fake.messages.at(-1)!;
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString("base64")}`);
    expect(sent.headers["user-agent"]).toMatch(/^twilio-node\//);
    expect(sent.json).toEqual({ To: request.to, From: request.from, Body: request.body, StatusCallback: statusUrl, ValidityPeriod: "600" });
    expect(new URL(String(sent.json?.StatusCallback)).searchParams.get("m")).toBe(request.messageId);
    expect(outcome).toEqual({ kind: "accepted", providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/), segments: 1 });
  },
  callbacks: {
    valid: (fake, status) => fake.callback(statusUrl, statusFields(fake, status)),
    forged: (fake) => fake.callback(statusUrl, statusFields(fake, "delivered"), "not-the-auth-token"),
    tampered(fake) {
      const real = fake.callback(statusUrl, statusFields(fake, "undelivered", { ErrorCode: "30007" }));
      return { ...real, rawBody: real.rawBody.replace("undelivered", "delivered").replace("ErrorCode=30007", "ErrorCode=") };
    },
    unsigned: (fake) => ({ ...fake.callback(statusUrl, statusFields(fake, "delivered")), headers: {} }),
    inbound: (fake) => ({
      request: fake.callback(hookUrl(ctx, "sms", "inbound"), {
        MessageSid: "SM00000000000000000000000000000abc",
        AccountSid: fake.accountSid,
        From: "+14155550123",
        To: "+12125550100",
        Body: "STOP",
        SmsStatus: "received",
        NumMedia: "0",
      }),
      expected: { from: "+14155550123", to: "+12125550100", body: "STOP" },
    }),
  },
});

describe("Twilio send adapter: requests, codes and senders", () => {
  let fake: FakeTwilioMessaging;
  const adapter = () => twilioSmsAdapter(creds(fake), ctx, sendOptions(fake));
  const parse = (fields: Record<string, string>, url = statusUrl) => adapter().parseCallback(fake.callback(url, fields));
  const only = (r: CallbackResult) => (r.kind === "status" ? r.events[0] : undefined);

  beforeAll(async () => {
    fake = await startFakeTwilioMessaging({
      numbers: [
        { phone: "+12125550100", name: "Main line" },
        { phone: "+12125550199", name: "Voice only", sms: false },
      ],
      services: [{ sid: "MG11111111111111111111111111111111", name: "Spring pool" }],
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.stats.reset());

  it("sends a pool through its Messaging Service, and clamps the validity to Twilio's limit", async () => {
    const outcome = await adapter().send({
      ...request,
      from: "MG11111111111111111111111111111111",
      senderKind: "pool",
      validitySeconds: 90_000,
    });
    expect(outcome.kind).toBe("accepted");
    expect(fake.messages.at(-1)?.json).toMatchObject({
      MessagingServiceSid: "MG11111111111111111111111111111111",
      ValidityPeriod: "14400",
    });
    expect(fake.messages.at(-1)?.json).not.toHaveProperty("From");
  });

  it("marks Twilio's 21610 as an opt-out the provider knows of", async () => {
    fake.optedOut.add("+14155550177");
    expect(await adapter().send({ ...request, to: "+14155550177" })).toMatchObject({ kind: "rejected", code: "21610", optedOut: true });
  });

  it("refuses a malformed Account SID before any request", async () => {
    const outcome = await twilioSmsAdapter({ sys_id: "XX123", auth_token: "t" }, ctx, { baseUrls: fake.baseUrls }).send(request);
    expect(outcome).toMatchObject({ kind: "rejected", code: "configuration" });
    expect(fake.stats.total).toBe(0);
  });

  it.each([
    ["undelivered", "30003", "inactive_device"],
    ["undelivered", "30005", "inactive_device"],
    ["failed", "30004", "blocked_by_carrier"],
    ["undelivered", "30007", "blocked_by_carrier"],
    ["undelivered", "30006", "landline"],
    ["failed", "21610", "opted_out"],
    ["failed", "30008", "failed"],
    ["undelivered", "", "undelivered"],
    ["queued", "", "queued"],
    ["read", "", "delivered"],
  ])("maps MessageStatus %s with ErrorCode %s to %s", async (status, code, expected) => {
    const event = only(await parse(statusFields(fake, status, code ? { ErrorCode: code } : {})));
    expect(event).toMatchObject({ status: expected, errorCode: code || null, messageId: request.messageId });
  });

  it("refuses callbacks for another account or another gateway's address", async () => {
    expect(await parse(statusFields(fake, "delivered", { AccountSid: "ACother" }))).toMatchObject({ kind: "invalid" });
    const otherGateway = signedStatusUrl({ ...ctx, gatewayId: 42 }, request.messageId);
    expect(await parse(statusFields(fake, "delivered"), otherGateway)).toMatchObject({ kind: "invalid" });
  });

  it("lists the account's SMS numbers and Messaging Services", async () => {
    expect(await adapter().senderOptions()).toEqual([
      { kind: "number", key: "+12125550100", label: "Main line (+12125550100)" },
      { kind: "pool", key: "MG11111111111111111111111111111111", label: "Spring pool (MG11111111111111111111111111111111)" },
    ]);
  });

  it("looks a message up by its SID, or by recipient, sender and body when the send's answer was lost", async () => {
    const sent = await adapter().send({ ...request, body: "Lookup me" });
    if (sent.kind !== "accepted") throw new Error(sent.kind);
    fake.setStatus(sent.providerId, "undelivered", "30007");
    const query = { providerId: sent.providerId, to: request.to, from: request.from, body: "Lookup me", submittedAt: new Date() };
    const answer = { providerId: sent.providerId, status: "blocked_by_carrier", raw: "undelivered", errorCode: "30007" };
    expect(await adapter().lookup!(query)).toMatchObject(answer);
    expect(await adapter().lookup!({ ...query, providerId: null })).toMatchObject(answer);
    expect(await adapter().lookup!({ ...query, providerId: null, body: "Never sent" })).toBeNull();
    expect(await adapter().lookup!({ ...query, providerId: "SM0000000000000000000000000000ffff" })).toBeNull();
  });

  it("never sends the credentials to a host other than Twilio's", async () => {
    const client = new TwilioFetchClient({ baseUrls: fake.baseUrls }, "read", []);
    await expect(client.request({ method: "get", uri: "https://evil.example.com/x", username: "a", password: "b" })).rejects.toThrow(
      /does not call/,
    );
    expect(fake.stats.total).toBe(0);
  });
});
