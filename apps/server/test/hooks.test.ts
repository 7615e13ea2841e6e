import { createHmac } from "node:crypto";
import type { Gateway } from "@leadflow/contracts";
import {
  callbackSecretFor,
  type DelayedCallback,
  emailSendAdapterFor,
  SandboxCallbacks,
  type SendContext,
  smsSendAdapterFor,
} from "@leadflow/domain";
import { callbackHmac } from "@leadflow/domain/providers/callback-signing";
import { rememberTestSnsCertificate, sesEvent, snsNotification } from "@leadflow/domain/providers/fakes/index";
import { sandboxInboundCallback } from "@leadflow/domain/providers/sandbox-send.adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
/** The sandbox's callbacks go to this app in-process, through the same route a provider's would take. */
let queue: SandboxCallbacks;
const answers: { status: number; body: string }[] = [];
const posted: DelayedCallback[] = [];
beforeAll(async () => {
  api = await setupApi();
  queue = new SandboxCallbacks({
    delayMs: 0,
    post: async (cb) => {
      posted.push(cb);
      const url = new URL(cb.url);
      const res = await api.app.inject({ method: "POST", url: url.pathname + url.search, headers: cb.headers, payload: cb.body });
      answers.push({ status: res.statusCode, body: res.body });
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
    },
  });
  rememberTestSnsCertificate();
});
afterAll(async () => {
  await queue.close();
  await api.close();
});

async function gateway(token: string, body: object): Promise<Gateway> {
  const res = await api.app.inject({ method: "POST", url: "/api/gateways", headers: api.auth(token), payload: body });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const sandboxSms = (token: string) =>
  gateway(token, { kind: "sms", type: "sandbox", name: `Sandbox ${Math.random()}`, senders: { numbers: [{ number: "+12125550100" }] } });

async function sendContext(gatewayId: number): Promise<SendContext> {
  return { gatewayId, publicUrl: api.config.appUrl, callbackSecret: await callbackSecretFor(api.db, gatewayId) };
}

const inbox = async (gatewayId: number) =>
  (
    await api.database.query<{
      team_id: number | null;
      kind: string;
      event_id: string;
      message_id: string | null;
      payload: Record<string, unknown>;
    }>("SELECT team_id, kind, event_id, message_id, payload FROM provider_events WHERE gateway_id = $1 ORDER BY id", [gatewayId])
  ).rows;

const post = (url: string, payload: string, headers: Record<string, string>) => api.app.inject({ method: "POST", url, payload, headers });
const forward = (cb: DelayedCallback) => post(new URL(cb.url).pathname, cb.body, cb.headers);

describe("SMS status callbacks", () => {
  it("stores the sandbox's signed status callback for the gateway's team, once however often it comes", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await sandboxSms(token);
    const adapter = smsSendAdapterFor({ type: "sandbox", params: {} }, await sendContext(gw.id), { sandboxCallbacks: queue });
    const sent = await adapter.send({
      messageId: "901",
      to: "+12125550107",
      from: "+12125550100",
      senderKind: "number",
      body: "Hi",
      idempotencyKey: "k",
    });
    expect(sent.kind).toBe("accepted");
    await queue.idle();
    expect(answers.at(-1)).toEqual({ status: 200, body: JSON.stringify({ received: 1, stored: 1 }) });
    // The provider's retry of the same callback.
    const replay = await forward(posted.at(-1)!);
    expect(replay.json()).toEqual({ received: 1, stored: 0 });

    const stored = await inbox(gw.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ team_id: ctx.teamId, kind: "status", message_id: "901" });
    expect(stored[0]!.payload).toMatchObject({ status: "inactive_device", errorCode: "30003" });
  });

  it("refuses a forged or altered callback with 403 and stores nothing", async () => {
    const { token } = await api.factory.team();
    const gw = await sandboxSms(token);
    const body = JSON.stringify({ event_id: "x:delivered", message_id: "1", provider_id: "x", status: "delivered", occurred_at: null });
    const url = `/hooks/sms/${gw.id}/status`;
    const unsigned = await post(url, body, { "content-type": "application/json" });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().message).toBe("The callback was refused: The sandbox signature does not match.");
    // Signed with another gateway's secret (a team that knows its own gateway's secret cannot write into another's).
    const other = await sandboxSms(token);
    const signedForOther = callbackHmac(await callbackSecretFor(api.db, other.id), body);
    expect((await post(url, body, { "content-type": "application/json", "x-sandbox-signature": signedForOther })).statusCode).toBe(403);
    expect((await api.app.inject({ method: "GET", url: `${url}?m=1&sig=abc` })).statusCode).toBe(403);
    expect(await inbox(gw.id)).toEqual([]);
  });

  it("answers 404 for a gateway that does not exist, is not an SMS gateway, or takes no callbacks yet", async () => {
    const { token } = await api.factory.team();
    const email = await gateway(token, { kind: "email", type: "sandbox", name: "Mail sandbox" });
    const headers = { "content-type": "application/json" };
    expect((await post("/hooks/sms/2147483000/status", "{}", headers)).json()).toEqual({ message: "Integration not found." });
    expect((await post(`/hooks/sms/${email.id}/status`, "{}", headers)).statusCode).toBe(404);
    const lookup = await gateway(token, { kind: "sms_lookup", type: "sandbox", name: "Lookup sandbox" });
    expect((await post(`/hooks/sms/${lookup.id}/inbound`, "{}", headers)).statusCode).toBe(404);
    // A type with no send adapter (a row from a newer or older version of the contract).
    const odd = await api.database.query<{ id: number }>(
      "INSERT INTO gateways (team_id, kind, type, name) VALUES (NULL, 'sms', 'retired_type', $1) RETURNING id",
      [`Retired ${Math.random()}`],
    );
    expect((await post(`/hooks/sms/${odd.rows[0]!.id}/status`, "{}", headers)).json()).toEqual({
      message: "This integration takes no callbacks.",
    });
    expect((await post("/hooks/sms/abc/status", "{}", headers)).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe("inbound SMS", () => {
  it("stores a form-encoded inbound reply posted to the hook", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await sandboxSms(token);
    const cb = sandboxInboundCallback(await sendContext(gw.id), { from: "+12125550199", to: "+12125550100", body: "STOP" });
    const res = await forward(cb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: 1, stored: 1 });
    expect(await inbox(gw.id)).toMatchObject([{ team_id: ctx.teamId, kind: "inbound", event_id: cb.eventId, payload: { body: "STOP" } }]);
  });

  it("simulates a reply on the team's own sandbox gateway through the same path", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await sandboxSms(token);
    const url = `/api/gateways/${gw.id}/sandbox/inbound`;
    const res = await api.app.inject({
      method: "POST",
      url,
      headers: api.auth(token),
      payload: { from: "(212) 555-0199", to: "+1 212 555 0100", body: "Yes please" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "The reply from +12125550199 has been received.",
      data: { from: "+12125550199", to: "+12125550100" },
    });
    expect(await inbox(gw.id)).toMatchObject([
      { team_id: ctx.teamId, kind: "inbound", event_id: res.json().data.event_id, payload: { from: "+12125550199", body: "Yes please" } },
    ]);
  });

  it("answers 422 on the field for bad input, and for gateways that are not the team's own sandbox SMS", async () => {
    const { token } = await api.factory.team();
    const gw = await sandboxSms(token);
    const simulate = (id: number, payload: object) =>
      api.app.inject({ method: "POST", url: `/api/gateways/${id}/sandbox/inbound`, headers: api.auth(token), payload });
    const ok = { from: "+12125550199", to: "+12125550100", body: "Hi" };

    const missing = await simulate(gw.id, { from: "+12125550199", to: "+12125550100" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("body");
    const badFrom = await simulate(gw.id, { ...ok, from: "call me" });
    expect(badFrom.statusCode).toBe(422);
    expect(badFrom.json().errors.from).toEqual(["The phone number contains letters or symbols."]);
    const notOurs = await simulate(gw.id, { ...ok, to: "+12125550142" });
    expect(notOurs.statusCode).toBe(422);
    expect(notOurs.json().errors.to).toEqual(["+12125550142 is not one of this gateway's numbers."]);

    const emailGw = await gateway(token, { kind: "email", type: "sandbox", name: "Mail sandbox" });
    expect((await simulate(emailGw.id, ok)).json()).toEqual({
      message: "Replies can only be simulated on your own Sandbox SMS integrations.",
    });
    const platform = await api.database.query<{ id: number }>(
      "INSERT INTO gateways (team_id, kind, type, name) VALUES (NULL, 'sms', 'sandbox', $1) RETURNING id",
      [`Platform sandbox ${Math.random()}`],
    );
    expect((await simulate(platform.rows[0]!.id, ok)).statusCode).toBe(422);
    const other = await api.factory.team();
    const theirs = await sandboxSms(other.token);
    expect((await simulate(theirs.id, ok)).statusCode).toBe(404);
    expect(await inbox(theirs.id)).toEqual([]);
    expect(await inbox(gw.id)).toEqual([]);
  });
});

describe("Twilio inbound", () => {
  /** X-Twilio-Signature: HMAC-SHA1 of the URL and the sorted POST fields, keyed by the Auth Token (Twilio's docs). */
  const twilioSignature = (token: string, url: string, fields: Record<string, string>) =>
    createHmac("sha1", token)
      .update(
        url +
          Object.keys(fields)
            .sort()
            .map((k) => k + fields[k])
            .join(""),
      )
      .digest("base64");

  it("answers a verified inbound message with empty TwiML and stores it", async () => {
    const { token, ctx } = await api.factory.team();
    const creds = { sys_id: "AC00000000000000000000000000000042", auth_token: "twilio-auth-token-0042" };
    const gw = await gateway(token, { kind: "sms", type: "gateway1", name: "Twilio", params: creds });
    const path = `/hooks/sms/${gw.id}/inbound`;
    const fields = { AccountSid: creds.sys_id, MessageSid: "SM0042", From: "+12125550199", To: "+12125550100", Body: "HELP" };
    const body = new URLSearchParams(fields).toString();
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(creds.auth_token, `${api.config.appUrl}${path}`, fields),
    };
    const res = await post(path, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/xml/);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await inbox(gw.id)).toMatchObject([{ team_id: ctx.teamId, kind: "inbound", event_id: "SM0042", payload: { body: "HELP" } }]);
    // The same fields signed with another token.
    const forged = await post(path, body, {
      ...headers,
      "x-twilio-signature": twilioSignature("another-token", `${api.config.appUrl}${path}`, fields),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers["content-type"]).toMatch(/json/);
  });
});

describe("email callbacks", () => {
  it("stores verified SES events from SNS once, and refuses forged ones", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await gateway(token, {
      kind: "email",
      type: "aws_ses",
      name: "SES",
      params: { key: "AKIAEXAMPLE", secret: "ses-secret-access-key-4321", region: "us-east-1" },
    });
    const secret = await callbackSecretFor(api.db, gw.id);
    const tags = { "leadflow-message": ["777"], "leadflow-sig": [callbackHmac(secret, "777")] };
    const n = snsNotification(
      sesEvent("Bounce", { bounceType: "Permanent", bounceSubType: "General", timestamp: "2026-01-15T10:00:00.000Z" }, tags),
    );
    const url = `/hooks/email/${gw.id}/sns`;
    const headers = { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" };

    expect((await post(url, JSON.stringify(n), headers)).json()).toEqual({ received: 1, stored: 1 });
    expect((await post(url, JSON.stringify(n), headers)).json()).toEqual({ received: 1, stored: 0 });
    const tampered = { ...n, Message: n.Message.replace("Permanent", "Transient") };
    expect((await post(url, JSON.stringify(tampered), headers)).statusCode).toBe(403);
    // A genuine SNS message whose tag was signed for another gateway.
    const otherTags = { "leadflow-message": ["777"], "leadflow-sig": [callbackHmac(await callbackSecretFor(api.db, gw.id + 1), "777")] };
    const foreign = snsNotification(sesEvent("Complaint", {}, otherTags));
    expect((await post(url, JSON.stringify(foreign), headers)).statusCode).toBe(403);

    const stored = await inbox(gw.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ team_id: ctx.teamId, kind: "status", event_id: n.MessageId, message_id: "777" });
    expect(stored[0]!.payload).toMatchObject({ status: "bounced", errorCode: "Permanent:General" });
  });

  it("stores the email sandbox's status callback", async () => {
    const { token } = await api.factory.team();
    const gw = await gateway(token, { kind: "email", type: "sandbox", name: "Mail sandbox" });
    const adapter = emailSendAdapterFor({ type: "sandbox", params: {} }, await sendContext(gw.id), { sandboxCallbacks: queue });
    await adapter.send({
      messageId: "55",
      to: "complaint@example.com",
      from: "a@sandbox.leadflow.test",
      subject: "s",
      html: "h",
      idempotencyKey: "k",
    });
    await queue.idle();
    expect(await inbox(gw.id)).toMatchObject([{ kind: "status", message_id: "55", payload: { status: "complained" } }]);
  });
});
