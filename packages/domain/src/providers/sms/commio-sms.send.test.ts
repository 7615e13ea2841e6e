import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeCommio, startFakeCommio } from "../fakes/fake-commio";
import { commioSmsAdapter } from "./commio-sms.adapter";
import { signedHookUrl } from "./send-callback";
import { describeSendResilience, SEND_TIMEOUT_MS, testSendContext, testSmsRequest } from "./send-resilience.testkit";

const ctx = testSendContext(9);
const account = (fake: FakeCommio, i = 0, key?: string) => {
  const a = fake.accounts[i]!;
  return { name: `Account ${a.accountId}`, account_id: a.accountId, api_key: key ?? `${a.username}:${a.token}` };
};
const request = testSmsRequest("4242", { from: "+12125550101", body: "Your code is 1234." });
const GUID = "5f0c7f4b-8c1d-4e3a-9b2f-000000000001";
const statusUrl = signedHookUrl(ctx, "status");
const confirmation = (status: string, extra: Record<string, string> = {}) => ({
  guid: GUID,
  account_id: "24601",
  source_did: "2125550101",
  destination_did: "4155550123",
  timestamp: "2026-01-05 15:04:09",
  send_status: status === "DELIVRD" ? "delivered" : "sent",
  status,
  error: "000",
  ...extra,
});

describeSendResilience<FakeCommio>({
  name: "Commio",
  start: () => startFakeCommio(),
  adapter: (fake, opts) => commioSmsAdapter({}, ctx, opts, { list: [account(fake)] }),
  wrongAdapter: (fake, opts) => commioSmsAdapter({}, ctx, opts, { list: [account(fake, 0, "leadflow:wrong-token")] }),
  wrongMessage: /^The Commio username, token or account ID of "Account 24601" is wrong/,
  secrets: (fake) => [fake.accounts[0]!.token],
  request,
  rejectedCode: "400",
  accepted(fake, outcome) {
    const sent = fake.messages.at(-1)!;
    expect(sent.url.pathname).toBe("/account/24601/product/origination/sms/send");
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from("leadflow:0f9e8d7c6b5a49382716").toString("base64")}`);
    expect(sent.json).toEqual({ from_did: "2125550101", to_did: "4155550123", message: request.body });
    expect(outcome).toEqual({ kind: "accepted", providerId: expect.stringMatching(/^5f0c7f4b-/) });
  },
  callbacks: {
    valid: (fake, status) => fake.callback(statusUrl, confirmation(status === "sent" ? "ENROUTE" : "DELIVRD")),
    forged: (fake) => fake.callback(signedHookUrl({ ...ctx, callbackSecret: "not-ours" }, "status"), confirmation("DELIVRD")),
    // Signed, but for an account this gateway does not have.
    tampered: (fake) => fake.callback(statusUrl, confirmation("DELIVRD", { account_id: "99999" })),
    unsigned: (fake) => fake.callback(statusUrl.replace(/\?.*/, ""), confirmation("DELIVRD")),
    inbound: (fake) => ({
      request: fake.callback(signedHookUrl(ctx, "inbound"), { from: "4155550123", to: "2125550101", type: "sms", message: "STOP" }),
      expected: { from: "+14155550123", to: "+12125550101", body: "STOP" },
    }),
  },
});

describe("Commio send adapter: accounts as pools, DIDs and statuses", () => {
  let fake: FakeCommio;
  const both = () => [
    { name: "East", account_id: "24601", api_key: "east:0f9e8d7c6b5a49382716" },
    { name: "West", account_id: "31415", api_key: "west:a1b2c3d4e5f6" },
  ];
  const adapter = (list = both()) =>
    commioSmsAdapter({}, ctx, { timeoutMs: SEND_TIMEOUT_MS, backoffMs: 5, maxBackoffMs: 20, baseUrls: fake.baseUrls }, { list });

  beforeAll(async () => {
    fake = await startFakeCommio({
      accounts: [
        { accountId: "24601", username: "east", token: "0f9e8d7c6b5a49382716", dids: ["2125550100", "2125550101", "2125550102"] },
        { accountId: "31415", username: "west", token: "a1b2c3d4e5f6", dids: ["4155550199"] },
      ],
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.stats.reset());

  it("sends to an account (a pool) from one of its DIDs, the same one for the same recipient", async () => {
    const gw = adapter();
    const pool = { ...request, senderKind: "pool" as const, from: "24601" };
    expect(await gw.send(pool)).toMatchObject({ kind: "accepted" });
    const first = fake.messages.at(-1)?.json?.from_did;
    expect(["2125550100", "2125550101", "2125550102"]).toContain(first);
    expect(await gw.send(pool)).toMatchObject({ kind: "accepted" });
    expect(fake.messages.at(-1)?.json?.from_did).toBe(first);
    // The DID list was read once for both sends.
    expect(fake.stats.total).toBe(3);
  });

  it("finds the account of a DID when the gateway has several", async () => {
    expect(await adapter().send({ ...request, from: "+14155550199" })).toMatchObject({ kind: "accepted" });
    expect(fake.messages.at(-1)?.url.pathname).toBe("/account/31415/product/origination/sms/send");
    expect(await adapter().send({ ...request, from: "+13035550100" })).toMatchObject({ kind: "rejected", code: "unknown_sender" });
  });

  it("refuses an Api Key that is not username:token, and an unknown account, without sending", async () => {
    const noUser = [{ name: "East", account_id: "24601", api_key: "0f9e8d7c6b5a49382716" }];
    expect(await adapter(noUser).send(request)).toMatchObject({ kind: "rejected", code: "configuration" });
    expect(await adapter().send({ ...request, senderKind: "pool", from: "11111" })).toMatchObject({
      kind: "rejected",
      code: "unknown_sender",
    });
    expect(await adapter(noUser).testConnection()).toEqual({ ok: false, message: expect.stringMatching(/username:token/) });
    expect(fake.stats.total).toBe(0);
  });

  it("throttles a pool send whose DID list cannot be read yet (nothing was sent)", async () => {
    await fake.down("refuse");
    try {
      expect(await adapter().send({ ...request, senderKind: "pool", from: "24601" })).toMatchObject({ kind: "throttled" });
    } finally {
      await fake.down(false);
    }
  });

  it.each([
    ["DELIVRD", "000", "delivered", null],
    ["UNDELIV", "001", "undelivered", "001"],
    ["EXPIRED", "000", "failed", null],
    ["REJECTD", "085", "failed", "085"],
  ])("maps the confirmation %s (error %s) to %s, matched by the guid", async (status, error, expected, code) => {
    const result = await adapter().parseCallback(fake.callback(statusUrl, confirmation(status, { error })));
    expect(result).toMatchObject({ kind: "status", events: [{ status: expected, errorCode: code, providerId: GUID, messageId: null }] });
  });

  it("offers each account as a pool and its DIDs as numbers, and counts them in the connection test", async () => {
    expect(await adapter().senderOptions()).toEqual([
      { kind: "pool", key: "24601", label: "East (24601)" },
      { kind: "number", key: "+12125550100", label: "+12125550100 (East)" },
      { kind: "number", key: "+12125550101", label: "+12125550101 (East)" },
      { kind: "number", key: "+12125550102", label: "+12125550102 (East)" },
      { kind: "pool", key: "31415", label: "West (31415)" },
      { kind: "number", key: "+14155550199", label: "+14155550199 (West)" },
    ]);
    expect(await adapter().testConnection()).toEqual({ ok: true, message: "Connected to Commio: 2 accounts, 4 DIDs." });
  });
});
