import type { TestSendResult } from "@leadflow/contracts";
import { startFakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { afterAll, describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";
import { leadHelpers } from "./leads-helpers";

/*
 * Test SMS / Test Email (issue 15 §3) through the real send adapters: the sandbox for the demo-like flows, and
 * Twilio's adapter against a fake Twilio on loopback for a provider's refusal. The provider URL is a deployment
 * setting read from the environment when the routes are registered, so it is set before the API starts.
 */

const twilio = await startFakeTwilioMessaging();
const TWILIO_ENV = "LEADFLOW_PROVIDER_URL_TWILIO_API";
const savedTwilioUrl = process.env[TWILIO_ENV];
process.env[TWILIO_ENV] = twilio.baseUrls.twilio_api;

const api = useApi({ APP_URL: "https://app.leadflow.example" });
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

  it("sends at most 10 test SMS a day per campaign", async () => {
    const t = await smsSetup("Hi");
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.testSms({})));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(200), 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toBe("You can send 10 test messages a day for a campaign.");
    expect(await testRows(t.campaign.id)).toHaveLength(10);
    // Yesterday's tests no longer count.
    await api.database.query("UPDATE campaign_test_sends SET created_at = now() - interval '25 hours' WHERE campaign_id = $1", [
      t.campaign.id,
    ]);
    expect((await t.testSms({})).statusCode).toBe(200);
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
