import type { CampaignStepSaved, MessagePreview } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";
import { leadHelpers } from "./leads-helpers";

/*
 * The step editor's phone preview: a draft SMS rendered for the audience's leads one by one (fallbacks, a link as long
 * as a real one on the step's short domain), sample values for an empty audience, and no lead of another team or
 * outside the audience. Also the fallback rules of a saved step.
 */

const api = useApi({ APP_URL: "https://app.leadflow.example" });
const leads = leadHelpers(api);

type Team = Awaited<ReturnType<typeof signedInTeam>>;

async function created<T = { id: number }>(t: Team, url: string, body: object): Promise<T> {
  const res = await t.call("POST", url, body);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

async function setup() {
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
  const preview = (body: object) => t.call("POST", `/api/campaigns/${campaign.id}/message-preview`, body);
  return { ...t, campaign, preview };
}

/** A list of three leads (one with no first name, one with no phone) in the campaign's audience. */
async function withAudience(t: Awaited<ReturnType<typeof setup>>) {
  const source = await api.factory.source(t.ctx, { name: "Web" });
  const list = await api.factory.list(t.ctx, source.id, { name: "April" });
  await leads.importInto(
    t.token,
    list.id,
    "Phone,Email,First Name\n2015550177,ann@example.com,Ann\n2015550188,bo@example.com,\n,cy@example.com,Cy",
  );
  expect((await t.call("POST", `/api/campaigns/${t.campaign.id}/lists`, { id: list.id })).statusCode).toBe(200);
  return list;
}

describe("message preview", () => {
  it("renders sample values for an empty audience, with the sender and a real-length link", async () => {
    const t = await setup();
    await created(t, "/api/lead-attributes", { name: "First Name" });
    const res = await t.preview({ message: "Hi {{first_name|there}}, {{last_4_digits}}: {{link}}" });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as MessagePreview;
    expect(p).toMatchObject({ lead: null, previous_lead_id: null, next_lead_id: null, encoding: "GSM-7", parts: 1 });
    expect(p.sender).toEqual({ number: "+12015550101", name: "Sandbox" });
    expect(p.body).toMatch(/^Hi First Name, 0123: https:\/\/app\.leadflow\.example\/[0-9A-Za-z]{11}$/);
    expect(p.characters).toBe(p.body.length);
    expect(p.brand).toBeTruthy();
  });

  it("steps through the audience's leads with a phone, each with its values or the fallback", async () => {
    const t = await setup();
    await withAudience(t);
    const message = "Hi {{first_name|there}} {{link}}";
    const domain = await api.database.query<{ id: number }>(
      "INSERT INTO short_url_domains (team_id, url, https_enabled) VALUES ($1, $2, true) RETURNING id",
      [t.ctx.teamId, `go${t.ctx.teamId}.acme.io`],
    );
    const first = (await t.preview({ message, short_url_domain_id: domain.rows[0]!.id })).json() as MessagePreview;
    expect(first.body).toMatch(new RegExp(`^Hi Ann https://go${t.ctx.teamId}\\.acme\\.io/[0-9A-Za-z]{11}$`));
    expect(first.lead).toMatchObject({ name: "Ann", phone: "+12015550177" });
    expect(first.previous_lead_id).toBeNull();
    expect(first.next_lead_id).toEqual(expect.any(Number));

    const second = (await t.preview({ message, lead_id: first.next_lead_id })).json() as MessagePreview;
    expect(second.body).toMatch(/^Hi there https:\/\/app\.leadflow\.example\//);
    expect(second.lead).toMatchObject({ name: null, phone: "+12015550188" });
    // The lead with no phone is not one an SMS would go to: the end of the audience.
    expect(second.next_lead_id).toBeNull();
    expect(second.previous_lead_id).toBe(first.lead!.id);
  });

  it("refuses a lead of another team, or of the team outside the audience, as not found", async () => {
    const a = await setup();
    await withAudience(a);
    const b = await setup();
    const bList = await withAudience(b);
    const bLead = ((await b.preview({ message: "x" })).json() as MessagePreview).lead!.id;
    const cross = await a.preview({ message: "Hi", lead_id: bLead });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe("Lead not found.");
    expect((await b.call("POST", `/api/campaigns/${b.campaign.id}/lists`, { ids: [] })).statusCode).toBe(200);
    expect(bList.id).toBeTruthy();
    expect((await b.preview({ message: "Hi", lead_id: bLead })).statusCode).toBe(404);
    expect((await b.call("POST", `/api/campaigns/${a.campaign.id}/message-preview`, { message: "Hi" })).statusCode).toBe(404);
  });
});

describe("fallbacks on a saved step", () => {
  it("refuses an empty fallback, a fallback on {{link}} and a broken tag on the message field", async () => {
    const t = await setup();
    const url = `/api/campaigns/${t.campaign.id}/campaign-steps`;
    for (const message of ["Hi {{first_name|}}", "Go {{link|here}}", "Hi {{first_name|a}b}}"]) {
      const res = await t.call("POST", url, { type: "sms", name: "S", message });
      expect(res.statusCode, message).toBe(422);
      expect(Object.keys(res.json().errors), message).toEqual(["message"]);
    }
  });

  it("keeps acknowledged checks and reads the counter as an upper bound with tags", async () => {
    const t = await setup();
    const res = await t.call("POST", `/api/campaigns/${t.campaign.id}/campaign-steps`, {
      type: "sms",
      name: "S",
      message: "Hi {{first_name|there}} bit.ly/x",
      acknowledged_checks: ["shortener:bit.ly", "opt_out", "opt_out"],
    });
    expect(res.statusCode, res.body).toBe(201);
    const step = (res.json() as CampaignStepSaved).data;
    expect(step.options.acknowledged_checks).toEqual(["shortener:bit.ly", "opt_out"]);
    expect(step.sms).toMatchObject({ exact: false, characters: 26 });
    const plain = await created<CampaignStepSaved["data"]>(t, `/api/campaigns/${t.campaign.id}/campaign-steps`, {
      type: "sms",
      name: "P",
      message: "Hello",
    });
    expect(plain.sms).toMatchObject({ exact: true, characters: 5 });
  });
});
