import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asRecord } from "../adapter-params";
import { signedStatusUrl } from "../callback-signing";
import { type FakeFlowroute, startFakeFlowroute } from "../fakes/fake-flowroute";
import type { ProviderOptions } from "../provider-types";
import type { CallbackResult, SmsSendRequest } from "../send-types";
import { clearFlowrouteNumbers, pickDid } from "./flowroute-numbers";
import { FLOWROUTE_UNIT_COST, flowrouteSendAdapter } from "./flowroute-sms.adapter";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, sendOptions, signedUrlCallbacks, testSendContext, testSmsRequest } from "./send-resilience.testkit";

const ctx = testSendContext(121);
const creds = (fake: FakeFlowroute) => ({ token: fake.accessKey, api_secret: fake.secretKey });
const request = testSmsRequest("8001", { validitySeconds: 600 });

async function lastSent(fake: FakeFlowroute) {
  if (fake.sent.length === 0) await flowrouteSendAdapter(creds(fake), ctx, sendOptions(fake)).send(request);
  return fake.sent.at(-1)!;
}

describeSendResilience<FakeFlowroute>({
  name: "Flowroute",
  start: () => startFakeFlowroute(),
  adapter: (fake, opts) => flowrouteSendAdapter(creds(fake), ctx, opts),
  wrongAdapter: (fake, opts) => flowrouteSendAdapter({ ...creds(fake), api_secret: "wrong-secret" }, ctx, opts),
  wrongMessage: /^The Flowroute Token \(Access Key\) or Api Secret \(Secret Key\) is wrong/,
  secrets: (fake) => [fake.secretKey],
  request,
  rejectedCode: "400",
  accepted(fake, outcome) {
    const sent = fake.sent.at(-1)!;
    expect(sent.request.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.accessKey}:${fake.secretKey}`).toString("base64")}`);
    expect(sent.request.headers["content-type"]).toBe("application/vnd.api+json");
    expect(sent.request.json).toEqual({
      data: {
        type: "message",
        attributes: {
          to: "14155550123",
          from: "12125550100",
          body: request.body,
          is_mms: false,
          dlr_callback: signedStatusUrl(ctx, request.messageId),
        },
      },
    });
    expect(outcome).toEqual({ kind: "accepted", providerId: sent.id });
  },
  callbacks: {
    valid: async (fake, status) => fake.dlr(await lastSent(fake), { status: status === "sent" ? "message buffered" : "delivered" }),
    ...signedUrlCallbacks<FakeFlowroute>(ctx, request.messageId, async (fake) => fake.dlr(await lastSent(fake), { status: "delivered" })),
    inbound: (fake) => ({
      request: fake.inbound(signedHookUrl(ctx, "inbound"), { from: "14155550123", to: "12125550100", body: "STOP" }),
      expected: { from: "+14155550123", to: "+12125550100", body: "STOP" },
    }),
  },
});

describe("Flowroute send adapter: DID groups, refusals, receipts and numbers", () => {
  let fake: FakeFlowroute;
  const groups = {
    did_groups: [
      { id: "g1", name: "Spring" },
      { id: "g2", name: "Empty" },
    ],
    dids: [{ number: "+12125550100" }],
  };
  const adapter = (extra: ProviderOptions = {}) => flowrouteSendAdapter(creds(fake), ctx, sendOptions(fake, extra), groups);
  const only = (r: CallbackResult) => (r.kind === "status" ? r.events[0] : undefined);
  const pool = (to: string): SmsSendRequest => ({ ...request, to, from: "g1", senderKind: "pool" });
  const lastFrom = () => asRecord(asRecord(fake.sent.at(-1)?.request.json?.data).attributes).from;

  beforeAll(async () => {
    fake = await startFakeFlowroute({
      numbers: [
        { value: "12125550100", alias: null },
        { value: "12065550100", alias: "Spring" },
        { value: "14155550101", alias: "g1" },
        { value: "14155550102", alias: "G1" },
        { value: "13035550100", alias: "other" },
      ],
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    clearFlowrouteNumbers();
    fake.stats.reset();
    fake.failNext(0);
  });

  it("sends from a DID group's number with the recipient's area code, the same one every time, listing once", async () => {
    expect(await adapter().send(pool("+14155550123"))).toMatchObject({ kind: "accepted" });
    const first = lastFrom();
    expect(["14155550101", "14155550102"]).toContain(first);
    await adapter().send(pool("+14155550123"));
    expect(lastFrom()).toBe(first);
    // No 303 number in the group (13035550100 is another group's): any member, by alias or group name.
    await adapter().send(pool("+13035550123"));
    expect(["12065550100", "14155550101", "14155550102"]).toContain(lastFrom());
    expect(fake.numberListings).toBe(1);
  });

  it("spreads recipients over a group's numbers", () => {
    const members = [
      { value: "12065550100", alias: "g" },
      { value: "13125550100", alias: "g" },
      { value: "17185550100", alias: "g" },
    ];
    const picked = new Set(Array.from({ length: 40 }, (_, i) => pickDid(members, `+1303555${String(i).padStart(4, "0")}`)));
    expect(picked.size).toBeGreaterThan(1);
    expect(pickDid([], "+14155550123")).toBeNull();
  });

  it("refuses a group without numbers, and a listing that fails sends nothing", async () => {
    const before = fake.sent.length;
    expect(await adapter().send({ ...pool("+14155550123"), from: "g2" })).toMatchObject({ kind: "rejected", code: "empty_did_group" });
    clearFlowrouteNumbers();
    fake.failNext(1, 503);
    expect(await adapter({ attempts: 1 }).send(pool("+14155550123"))).toMatchObject({ kind: "throttled" });
    const wrong = flowrouteSendAdapter({ ...creds(fake), api_secret: "nope" }, ctx, sendOptions(fake), groups);
    expect(await wrong.send(pool("+14155550123"))).toMatchObject({ kind: "rejected", code: "401" });
    expect(fake.sent).toHaveLength(before);
  });

  it("marks Flowroute's opt-out refusal, and refuses a number that is not the account's", async () => {
    fake.optedOut.add("14155550177");
    expect(await adapter().send({ ...request, to: "+14155550177" })).toMatchObject({ kind: "rejected", code: "403", optedOut: true });
    const outcome = await adapter().send({ ...request, from: "+13105550100" });
    expect(outcome).toEqual({
      kind: "rejected",
      code: "403",
      message: "Flowroute refused the message (HTTP 403): Forbidden: 13105550100 is not a number on this account.",
    });
  });

  it.each([
    ["delivered", "1000", "", "delivered", null],
    ["message buffered", "1003", "Message accepted by Carrier", "sent", null],
    ["smsc submit", null, "Message has been sent", "sent", null],
    ["message failed", "4001", "Unknown subscriber", "inactive_device", "4001"],
    ["smsc reject", "4470", "Message blocked as spam by the carrier", "blocked_by_carrier", "4470"],
    ["undeliverable", "4500", "Destination is a landline", "landline", "4500"],
    ["message failed", "4760", "Recipient opted out (STOP)", "opted_out", "4760"],
    ["expired", "4100", "Message expired", "undelivered", "4100"],
  ])("maps a receipt %s (%s, %s) to %s", async (status, code, description, expected, errorCode) => {
    const event = only(await adapter().parseCallback(fake.dlr(await lastSent(fake), { status, code, description })));
    expect(event).toMatchObject({ status: expected, errorCode, messageId: request.messageId, occurredAt: "2023-11-14T12:20:01.000Z" });
  });

  it("keeps level 1 and level 2 receipts apart, and ignores words it does not know", async () => {
    const sent = await lastSent(fake);
    const l1 = only(await adapter().parseCallback(fake.dlr(sent, { status: "smsc submit", level: 1 })));
    const l2 = only(await adapter().parseCallback(fake.dlr(sent, { status: "message buffered", level: 2, code: "1003" })));
    expect(l1?.eventId).not.toBe(l2?.eventId);
    expect(await adapter().parseCallback(fake.dlr(sent, { status: "something new" }))).toMatchObject({ kind: "ignored" });
  });

  it("lists the account's numbers and the gateway's DID groups", async () => {
    const options = await adapter().senderOptions();
    expect(options).toContainEqual({ kind: "number", key: "+12125550100", label: "+12125550100" });
    expect(options).toContainEqual({ kind: "number", key: "+14155550101", label: "+14155550101 (g1)" });
    expect(options.filter((o) => o.kind === "pool")).toEqual([
      { kind: "pool", key: "g1", label: "Spring" },
      { kind: "pool", key: "g2", label: "Empty" },
    ]);
  });

  it("tests the connection, prices a part at Flowroute's rate and needs both keys", async () => {
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to Flowroute." });
    expect(adapter().unitCost).toBe(FLOWROUTE_UNIT_COST);
    expect(() => flowrouteSendAdapter({ token: "t" }, ctx)).toThrow(/no Api Secret/);
  });
});
