import type { TestSendResult } from "@leadflow/contracts";
import { startFakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { afterAll, describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";
import { leadHelpers } from "./leads-helpers";

/*
 * Test SMS / Test Email through the real send adapters, sent by the gateway's dispatcher (run as a worker would, as
 * soon as the request wakes it): the sandbox for the demo-like flows, and Twilio's adapter against a fake Twilio on
 * loopback for a provider's refusal. The provider URL is a deployment setting read from the environment, so it is set
 * before the API starts.
 */

const twilio = await startFakeTwilioMessaging();
const TWILIO_ENV = "LEADFLOW_PROVIDER_URL_TWILIO_API";
const savedTwilioUrl = process.env[TWILIO_ENV];
process.env[TWILIO_ENV] = twilio.baseUrls.twilio_api;

const api = useApi({ APP_URL: "https://app.leadflow.example" }, {}, { runJobs: ["sending.dispatch"] });
const leads = leadHelpers(api);

afterAll(async () => {
  if (savedTwilioUrl === undefined) delete process.env[TWILIO_ENV];
  else process.env[TWILIO_ENV] = savedTwilioUrl;
  await twilio.close();
});

type Team = Awaited<ReturnType<typeof signedInTeam>>;

async function created<T = { id: number }>(t: Team, url: string, body: object): Promise<T> {
  const res = await t.call("POST", url, body);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

/** A team with a sandbox SMS gateway and an SMS campaign through it, with one SMS step. */
async function smsSetup(message = "Hi {{first_name}}") {
  const t = await signedInTeam(api);
  const gateway = await created(t, "/api/gateways", {
    kind: "sms",
    type: "sandbox",
    name: "Sandbox",
    senders: { numbers: [{ number: "+12015550101" }] },
  });
  const campaign = await created(t, "/api/campaigns", {
    name: "Drip",
    type: "sms",
    sender_type: "gateway",
    setting_gateway_id: gateway.id,
  });
  const step = await created(t, `/api/campaigns/${campaign.id}/campaign-steps`, { type: "sms", name: "Hello", message });
  const testSms = (body: object) =>
    t.call("POST", "/api/campaigns/test-sms", { id: campaign.id, step_id: step.id, phone: "+1 (201) 555-0144", message: "", ...body });
  return { ...t, gateway, campaign, step, testSms };
}

const testRows = async (campaignId: number) =>
  (
    await api.database.query<{ channel: string; recipient: string; result: string }>(
      "SELECT channel, recipient, result FROM campaign_test_sends WHERE campaign_id = $1 ORDER BY id",
      [campaignId],
    )
  ).rows;

describe("test SMS", () => {
  it("sends through the sandbox with sample values when the audience is empty, and counts in no figure", async () => {
    const t = await smsSetup("Hi {{first_name}} from {{source}}, {{last_4_digits}}: {{link}}");
    await created(t, "/api/lead-attributes", { name: "First Name" });
    const res = await t.testSms({});
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TestSendResult;
    expect(answer).toMatchObject({
      outcome: "accepted",
      message: "Test message sent to +12015550144.",
      provider_id: expect.stringMatching(/^sbx_/),
      encoding: "GSM-7",
      parts: 1,
      lead_id: null,
    });
    // No lead: the attribute's name, sample source, the recipient's last digits and a link on the app's host.
    expect(answer.body).toMatch(/^Hi First Name from Sample source, 0144: https:\/\/app\.leadflow\.example\/[0-9A-Za-z]{10,11}$/);
    expect(await testRows(t.campaign.id)).toEqual([{ channel: "sms", recipient: "+12015550144", result: answer.message }]);
    const figures = await api.database.query("SELECT 1 FROM campaign_counters WHERE campaign_id = $1", [t.campaign.id]);
    expect(figures.rows).toEqual([]);
  });

  it("renders the message for a lead of the audience and sends the editor's text over the saved one", async () => {
    const t = await smsSetup("saved text");
    const source = await api.factory.source(t.ctx, { name: "Web" });
    const list = await api.factory.list(t.ctx, source.id, { name: "April" });
    await leads.importInto(t.token, list.id, "Phone,Email,First Name\n2015550177,ann@example.com,Ann");
    expect((await t.call("POST", `/api/campaigns/${t.campaign.id}/lists`, { id: list.id })).statusCode).toBe(200);
    const res = await t.testSms({ message: "{{first_name}}/{{source}}/{{list}}/{{last_4_digits}}/{{random:100-110}}/{{nope}}" });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TestSendResult;
    expect(answer.lead_id).toEqual(expect.any(Number));
    expect(answer.body).toMatch(/^Ann\/Web\/April\/0177\/1(0\d|10)\/\{\{nope\}\}$/);
  });

  it("refuses a bad phone, an empty message and a step of another campaign on their fields", async () => {
    const t = await smsSetup("");
    const other = await created(t, "/api/campaigns", {
      name: "Other",
      type: "sms",
      sender_type: "gateway",
      setting_gateway_id: t.gateway.id,
    });
    const otherStep = await created(t, `/api/campaigns/${other.id}/campaign-steps`, { type: "sms", name: "X", message: "Hi" });
    const cases: [object, number, string | null][] = [
      [{ phone: "12345", message: "Hi" }, 422, "phone"],
      [{ phone: "not a phone", message: "Hi" }, 422, "phone"],
      [{ phone: "" }, 422, "phone"],
      [{}, 422, "message"],
      [{ message: "   " }, 422, "message"],
      [{ step_id: otherStep.id, message: "Hi" }, 404, null],
      [{ id: 2_000_000_000, message: "Hi" }, 404, null],
    ];
    for (const [body, status, field] of cases) {
      const res = await t.testSms(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      if (field) expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    expect(await testRows(t.campaign.id)).toEqual([]);
  });

  it("sends at most 25 test SMS a day per team, whatever the campaign", async () => {
    const t = await smsSetup("Hi");
    const other = await created(t, "/api/campaigns", {
      name: "Other",
      type: "sms",
      sender_type: "gateway",
      setting_gateway_id: t.gateway.id,
    });
    const otherStep = await created(t, `/api/campaigns/${other.id}/campaign-steps`, { type: "sms", name: "X", message: "Hi" });
    // Three fresh campaigns' worth of tests sent together: the cap is the team's.
    const answers = await Promise.all(
      Array.from({ length: 28 }, (_, i) => (i % 2 ? t.testSms({}) : t.testSms({ id: other.id, step_id: otherStep.id }))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(25).fill(200), 429, 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toBe("Your team can send 25 test SMS a day; try again tomorrow.");
    expect((await testRows(t.campaign.id)).length + (await testRows(other.id)).length).toBe(25);
    // Yesterday's tests no longer count.
    await api.database.query("UPDATE campaign_test_sends SET created_at = now() - interval '25 hours' WHERE team_id = $1", [t.ctx.teamId]);
    expect((await t.testSms({})).statusCode).toBe(200);
  });

  it("refuses a number that opted out, saying why, in any format it is typed", async () => {
    const t = await smsSetup("Hi");
    await api.database.query("INSERT INTO suppressions (team_id, channel, address, reason) VALUES ($1, 'sms', '+12015550144', 'stop')", [
      t.ctx.teamId,
    ]);
    for (const phone of ["+1 (201) 555-0144", "2015550144", "12015550144"]) {
      const res = await t.testSms({ phone });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(
        /^\+12015550144 is on your suppression list \(replied stop, \d{4}-\d\d-\d\d\): Leadflow sends it nothing, tests included\.$/,
      );
    }
    expect(await testRows(t.campaign.id)).toEqual([]);
  });

  it("charges a test like any message on a platform gateway, and sends none the balance does not cover", async () => {
    const t = await signedInTeam(api);
    await api.database.query(
      `INSERT INTO app_settings (key, value) VALUES ('send_prices', '{"sms": 0.01, "email": 0.001}'::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const platform = await api.database.query<{ id: number }>(
      `INSERT INTO gateways (team_id, kind, type, name, active, senders)
       VALUES (NULL, 'sms', 'sandbox', 'Platform test sends', true, '{"numbers": [{"number": "+12015550199"}]}'::jsonb) RETURNING id`,
    );
    const gatewayId = platform.rows[0]!.id;
    const campaign = await created(t, "/api/campaigns", { name: "P", type: "sms", sender_type: "gateway", setting_gateway_id: gatewayId });
    const step = await created(t, `/api/campaigns/${campaign.id}/campaign-steps`, { type: "sms", name: "S", message: "Hi" });
    const send = () => t.call("POST", "/api/campaigns/test-sms", { id: campaign.id, step_id: step.id, phone: "2015550170" });
    await api.database.query(
      "INSERT INTO team_balances (team_id, balance, free_sms) VALUES ($1, 0.015, 0) ON CONFLICT (team_id) DO UPDATE SET balance = 0.015, free_sms = 0",
      [t.ctx.teamId],
    );
    const first = await send();
    expect(first.json(), first.body).toMatchObject({ outcome: "accepted" });
    const broke = await send();
    expect(broke.json()).toMatchObject({
      outcome: "rejected",
      message: "Test message was not sent: Insufficient funds to send the message.",
    });
    const balance = await api.database.query<{ b: number }>("SELECT balance::float8 AS b FROM team_balances WHERE team_id = $1", [
      t.ctx.teamId,
    ]);
    expect(balance.rows[0]!.b).toBeCloseTo(0.005, 6);
    const charged = await api.database.query<{ items: number }>(
      "SELECT items FROM balance_transactions WHERE team_id = $1 AND kind = 'test'",
      [t.ctx.teamId],
    );
    expect(charged.rows.reduce((n, r) => n + r.items, 0)).toBe(1);
    await api.database.query("DELETE FROM gateways WHERE id = $1", [gatewayId]).catch(() => undefined);
  });

  it("refuses a sender that cannot send", async () => {
    const t = await smsSetup("Hi");
    await api.database.query("UPDATE gateways SET active = false WHERE id = $1", [t.gateway.id]);
    const res = await t.testSms({});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The campaign\'s sender cannot send: the gateway "Sandbox" is inactive.');
    expect(await testRows(t.campaign.id)).toEqual([]);
  });

  it("shows a provider's refusal in its words (Twilio, opted-out recipient)", async () => {
    const t = await signedInTeam(api);
    const gateway = await created(t, "/api/gateways", {
      kind: "sms",
      type: "gateway1",
      name: "Twilio",
      params: { sys_id: twilio.accountSid, auth_token: twilio.authToken },
      senders: { numbers: [{ number: "+12125550100" }] },
    });
    const campaign = await created(t, "/api/campaigns", {
      name: "Tw",
      type: "sms",
      sender_type: "gateway",
      setting_gateway_id: gateway.id,
    });
    const step = await created(t, `/api/campaigns/${campaign.id}/campaign-steps`, { type: "sms", name: "S", message: "Hello" });
    twilio.optedOut.add("+12015550166");
    const res = await t.call("POST", "/api/campaigns/test-sms", { id: campaign.id, step_id: step.id, phone: "2015550166" });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TestSendResult;
    expect(answer.outcome).toBe("rejected");
    expect(answer.message).toMatch(/^Test message was not sent: .*unsubscribed recipient/);
    expect(twilio.messages.at(-1)?.json).toMatchObject({ To: "+12015550166", From: "+12125550100", Body: "Hello" });
    const ok = await t.call("POST", "/api/campaigns/test-sms", { id: campaign.id, step_id: step.id, phone: "2015550167" });
    expect(ok.json()).toMatchObject({ outcome: "accepted", provider_id: expect.stringMatching(/^SM/) });
  });

  it("sends through a route's default sender and a pool's first sender", async () => {
    const t = await signedInTeam(api);
    const gateway = await created(t, "/api/gateways", {
      kind: "sms",
      type: "gateway1",
      name: "Twilio",
      params: { sys_id: twilio.accountSid, auth_token: twilio.authToken },
      senders: { numbers: [{ number: "+12125550100" }, { number: "+12125550111" }], pools: [{ id: "MG0001", name: "Pool" }] },
    });
    const route = await created(t, "/api/routes", {
      name: "Main",
      default: { gateway_id: gateway.id, sender_type: "phone", sender: "+12125550111", frequency: 60 },
      groups: [],
    });
    const pool = await created(t, "/api/pools", {
      name: "P",
      senders: [{ gateway_id: gateway.id, sender_type: "pool", sender: "MG0001" }],
    });
    const cases = [
      [{ sender_type: "route", route_id: route.id }, { From: "+12125550111" }],
      [{ sender_type: "pool", pool_id: pool.id }, { MessagingServiceSid: "MG0001" }],
    ] as const;
    for (const [sender, sent] of cases) {
      const campaign = await created(t, "/api/campaigns", { name: sender.sender_type, type: "sms", ...sender });
      const step = await created(t, `/api/campaigns/${campaign.id}/campaign-steps`, { type: "sms", name: "S", message: "Hi" });
      const res = await t.call("POST", "/api/campaigns/test-sms", { id: campaign.id, step_id: step.id, phone: "2015550168" });
      expect(res.json(), res.body).toMatchObject({ outcome: "accepted" });
      expect(twilio.messages.at(-1)?.json).toMatchObject({ To: "+12015550168", ...sent });
    }
  });
});

describe("test email", () => {
  async function emailSetup() {
    const t = await signedInTeam(api);
    const gateway = await created(t, "/api/gateways", { kind: "email", type: "sandbox", name: "Mail sandbox" });
    const campaign = await created(t, "/api/campaigns", {
      name: "News",
      type: "email",
      sender_type: "gateway",
      setting_gateway_id: gateway.id,
    });
    const step = await created(t, `/api/campaigns/${campaign.id}/campaign-steps`, {
      type: "email",
      name: "Mail",
      subject: "Hello {{first_name}}",
      sender_email: "campaigns@sandbox.leadflow.test",
      message: "<p>Hi {{first_name}} <a href='{{unsubscribe_url}}'>unsubscribe</a></p>",
    });
    const testEmail = (body: object = {}) =>
      t.call("POST", "/api/campaigns/test-email", { id: campaign.id, step_id: step.id, to_email: "me@example.com", ...body });
    return { ...t, campaign, step, testEmail };
  }

  it("sends a draft's step through the email sandbox, rendered", async () => {
    const t = await emailSetup();
    await created(t, "/api/lead-attributes", { name: "First Name" });
    const res = await t.testEmail({ from_name: "Acme" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: "accepted",
      message: "Test email sent to me@example.com.",
      body: "Hello First Name",
      parts: 1,
    });
    expect(await testRows(t.campaign.id)).toMatchObject([{ channel: "email", recipient: "me@example.com" }]);
  });

  it("sends at most 50 test emails a day per team, and none to an address that unsubscribed", async () => {
    const t = await emailSetup();
    // Today's 49 earlier tests of the team (another campaign's as well).
    await api.database.query(
      `INSERT INTO campaign_test_sends (team_id, campaign_id, step_id, channel, recipient, state)
       SELECT $1, $2, $3, 'email', 'me@example.com', 'accepted' FROM generate_series(1, 49)`,
      [t.ctx.teamId, t.campaign.id, t.step.id],
    );
    const answers = await Promise.all([t.testEmail(), t.testEmail()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toBe("Your team can send 50 test emails a day; try again tomorrow.");
    await api.database.query("DELETE FROM campaign_test_sends WHERE team_id = $1", [t.ctx.teamId]);
    await api.database.query(
      "INSERT INTO suppressions (team_id, channel, address, reason) VALUES ($1, 'email', 'me@example.com', 'unsubscribe')",
      [t.ctx.teamId],
    );
    const refused = await t.testEmail();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^me@example\.com is on your suppression list \(used the unsubscribe link, /);
  });

  it("refuses a bad address and a campaign that is not a draft", async () => {
    const t = await emailSetup();
    const bad = await t.testEmail({ to_email: "not-an-email" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain("to_email");
    const badSender = await t.testEmail({ sender: "nobody" });
    expect(Object.keys(badSender.json().errors ?? {})).toContain("sender");
    await api.database.query("UPDATE campaigns SET status = 'paused' WHERE id = $1", [t.campaign.id]);
    const paused = await t.testEmail();
    expect(paused.statusCode).toBe(422);
    expect(paused.json().message).toBe("A test email can be sent only while the campaign is a draft.");
    expect(await testRows(t.campaign.id)).toEqual([]);
  });
});
