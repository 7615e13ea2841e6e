import type { Campaign, CampaignRow } from "@leadflow/contracts";
import { sendUnitCost } from "@leadflow/domain";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();
type Team = Awaited<ReturnType<typeof signedInTeam>>;

/** A team with an active sandbox SMS gateway, an audience (a segment) and a list. */
async function team() {
  const t = await signedInTeam(api);
  const sms = (
    await t.call("POST", "/api/gateways", {
      kind: "sms",
      type: "sandbox",
      name: "Sandbox",
      senders: { numbers: [{ number: "+12015550101" }] },
    })
  ).json().data as { id: number };
  const segment = (await t.call("POST", "/api/segments", { name: "Everyone" })).json().data as { id: number };
  const source = await api.factory.source(t.ctx, { name: "Web" });
  const list = await api.factory.list(t.ctx, source.id, { name: "Signups" });
  return { ...t, sms, segment, source, list };
}

const smsCampaign = (gatewayId: number, extra: object = {}) => ({
  name: "Spring sale",
  type: "sms",
  sender_type: "gateway",
  setting_gateway_id: gatewayId,
  ...extra,
});

async function create(t: Team, body: object): Promise<Campaign> {
  const res = await t.call("POST", "/api/campaigns", body);
  if (res.statusCode !== 201) throw new Error(`campaign: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A campaign that can go Active: audience and a step with a message. */
async function ready(t: Awaited<ReturnType<typeof team>>, extra: object = {}) {
  const c = await create(t, smsCampaign(t.sms.id, extra));
  await t.call("POST", `/api/campaigns/${c.id}/segments`, { ids: [t.segment.id] });
  await t.call("POST", `/api/campaigns/${c.id}/campaign-steps`, { type: "sms", name: "Hello", message: "Hi {{first_name}}" });
  return c;
}

describe("campaigns: create, edit, delete", () => {
  it("creates a draft with its labels and reads it back", async () => {
    const t = await team();
    const res = await t.call("POST", "/api/campaigns", {
      ...smsCampaign(t.sms.id),
      started_at: "2030-01-01T10:00:00Z",
      started_at_tz: "America/New_York",
      daytime_limitation: true,
      run_daily_from: "09:00",
      run_daily_to: "14:00",
      frequency_count: 120,
      frequency_period: 1,
      daily_limit: 500,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().data as Campaign;
    expect(res.json().message).toBe("Campaign has been created.");
    expect(c).toMatchObject({
      name: "Spring sale",
      type: "sms",
      type_label: "Sms",
      status: "draft",
      status_label: "Draft",
      setting_gateway_id: t.sms.id,
      gateway_label: "Sandbox",
      started_at_tz: "America/New_York",
      run_daily_from: "09:00",
      run_daily_to: "14:00",
      frequency_period_label: "Minute",
      is_started: false,
      records: 0,
      steps: 0,
    });
    const one = await t.call("GET", `/api/campaigns/${c.id}`);
    expect(one.json().data).toEqual(c);
  });

  it("refuses bad input with errors on the field", async () => {
    const t = await team();
    const cases: [object, string][] = [
      [{ ...smsCampaign(t.sms.id), name: "" }, "name"],
      [{ ...smsCampaign(t.sms.id), setting_gateway_id: null }, "setting_gateway_id"],
      [{ ...smsCampaign(t.sms.id), type: "email" }, "setting_gateway_id"],
      [{ ...smsCampaign(t.sms.id), type: "email", sender_type: "route", route_id: 1 }, "sender_type"],
      [{ ...smsCampaign(t.sms.id), daytime_limitation: true, run_daily_from: "09:00" }, "run_daily_to"],
      [{ ...smsCampaign(t.sms.id), frequency_count: 10 }, "frequency_period"],
      [{ ...smsCampaign(t.sms.id), frequency_count: 1.5, frequency_period: 1 }, "frequency_count"],
      [{ ...smsCampaign(t.sms.id), type: "automation" }, "triggers"],
      [{ ...smsCampaign(t.sms.id), triggers: ["keyword"] }, "triggers"],
      [{ ...smsCampaign(t.sms.id), only_verified_leads: true }, "lookup_gateway_id"],
      [{ ...smsCampaign(t.sms.id), started_at_tz: "Mars/Base" }, "started_at_tz"],
    ];
    for (const [body, field] of cases) {
      const res = await t.call("POST", "/api/campaigns", body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(field);
    }
    // Another team's gateway is not found, on the field, and nothing was written.
    const other = await team();
    const res = await t.call("POST", "/api/campaigns", smsCampaign(other.sms.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual({ setting_gateway_id: ["The selected gateway was not found."] });
    const n = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM campaigns WHERE team_id = $1", [t.ctx.teamId]);
    expect(n.rows[0]!.n).toBe(0);
  });

  it("answers 404 for a rule, route or pool that is another team's or none, saves nothing, and saves the team's own", async () => {
    const t = await team();
    const other = await team();
    const rule = async (who: Team, body: object) => (await who.call("POST", "/api/rules", body)).json().id as number;
    const rules = { type: 1, name: "Cool", params: { period: 30 } };
    const mine = {
      cool_off_rule_id: await rule(t, rules),
      inactive_device_rule_id: await rule(t, { type: 2, name: "Inactive", params: { period: 3 } }),
      set_frequency_rule_id: await rule(t, {
        type: 4,
        name: "Reset",
        params: { frequency_count: 10, frequency_period: 1, reset_time: "9:00 am" },
      }),
      increase_frequency_rule_id: await rule(t, {
        type: 5,
        name: "Up",
        params: { profit_percent: 20, increase_percent: 10, max_frequency: 30 },
      }),
    };
    const theirs = await rule(other, rules);
    const stored = async () =>
      (
        await api.database.query(
          "SELECT name, cool_off_rule_id, inactive_device_rule_id, set_frequency_rule_id, increase_frequency_rule_id FROM campaigns WHERE team_id = $1",
          [t.ctx.teamId],
        )
      ).rows;

    for (const field of Object.keys(mine)) {
      for (const id of [theirs, 999_999]) {
        const res = await t.call("POST", "/api/campaigns", smsCampaign(t.sms.id, { [field]: id }));
        expect(res.statusCode, `${field} ${id}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ message: "Rule not found.", errors: { [field]: ["The selected rule was not found."] } });
      }
    }
    for (const [body, field] of [
      [{ sender_type: "route", route_id: 999_999 }, "route_id"],
      [{ sender_type: "pool", pool_id: 999_999 }, "pool_id"],
    ] as const) {
      const res = await t.call("POST", "/api/campaigns", { ...smsCampaign(t.sms.id), setting_gateway_id: null, ...body });
      expect(res.statusCode, res.body).toBe(404);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await stored()).toEqual([]);

    const c = await create(t, smsCampaign(t.sms.id, mine));
    expect(c).toMatchObject({ ...mine, cool_off_rule: { id: mine.cool_off_rule_id, name: "Cool" } });
    // An edit naming another team's rule is refused the same way and leaves the campaign as it was.
    const edit = await t.call(
      "PUT",
      `/api/campaigns/${c.id}`,
      smsCampaign(t.sms.id, { ...mine, name: "Edited", cool_off_rule_id: theirs }),
    );
    expect(edit.statusCode, edit.body).toBe(404);
    expect(await stored()).toEqual([{ name: "Spring sale", ...mine }]);
  });

  it("keeps one rule of each kind: a rule of another kind in a field is refused", async () => {
    const t = await team();
    const coolOff = (await t.call("POST", "/api/rules", { type: 1, name: "Cool", params: { period: 30 } })).json().id as number;
    const inactive = (await t.call("POST", "/api/rules", { type: 2, name: "Inactive", params: { period: 3 } })).json().id as number;
    const ok = await create(t, smsCampaign(t.sms.id, { cool_off_rule_id: coolOff, inactive_device_rule_id: inactive }));
    expect(ok.cool_off_rule).toEqual({ id: coolOff, name: "Cool" });
    const wrong = await t.call("POST", "/api/campaigns", smsCampaign(t.sms.id, { cool_off_rule_id: inactive }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.cool_off_rule_id).toBeDefined();
  });

  it("edits, and locks the sending fields once started", async () => {
    const t = await team();
    const c = await ready(t);
    const edited = await t.call("PUT", `/api/campaigns/${c.id}`, smsCampaign(t.sms.id, { name: "Renamed", daily_limit: 10 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: "Renamed", daily_limit: 10 });
    const started = await t.call("PUT", "/api/campaigns/batch-status", { ids: [c.id], status: "active" });
    expect(started.json()).toEqual({ info: ['Campaign "Renamed" set to Active.'], errors: [] });
    const locked = await t.call(
      "PUT",
      `/api/campaigns/${c.id}`,
      smsCampaign(t.sms.id, { name: "Renamed", daytime_limitation: true, run_daily_from: "08:00", run_daily_to: "12:00" }),
    );
    expect(locked.statusCode).toBe(422);
    expect(Object.keys(locked.json().errors)).toEqual(["daytime_limitation", "run_daily_from", "run_daily_to"]);
    // Fields that are not locked still change.
    const allowed = await t.call("PUT", `/api/campaigns/${c.id}`, smsCampaign(t.sms.id, { name: "Still editable" }));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it("deletes a draft for good and hides a started campaign", async () => {
    const t = await team();
    const draft = await create(t, smsCampaign(t.sms.id));
    expect((await t.call("DELETE", `/api/campaigns/${draft.id}`)).json()).toEqual({ message: "Campaign has been deleted." });
    const gone = await api.database.query("SELECT id FROM campaigns WHERE id = $1", [draft.id]);
    expect(gone.rows).toEqual([]);
    const started = await ready(t);
    await t.call("PUT", "/api/campaigns/batch-status", { ids: [started.id], status: "active" });
    expect((await t.call("DELETE", "/api/campaigns/batch", { ids: [started.id] })).statusCode).toBe(200);
    const kept = await api.database.query<{ deleted_at: string | null }>("SELECT deleted_at FROM campaigns WHERE id = $1", [started.id]);
    expect(kept.rows[0]!.deleted_at).not.toBeNull();
    expect((await t.call("GET", `/api/campaigns/${started.id}`)).statusCode).toBe(404);
  });

  it("prices a part through its sender: the gateway's, or the dearest of a route's gateways", async () => {
    const t = await team();
    const byGateway = await create(t, smsCampaign(t.sms.id));
    expect(byGateway.part_price).toBe(sendUnitCost("sms", "sandbox"));

    const twilio = (
      await t.call("POST", "/api/gateways", {
        kind: "sms",
        type: "gateway1",
        name: "Twilio",
        params: { sys_id: "AC0000000000000001", auth_token: "twilio-auth-token-9876" },
        senders: { numbers: [{ number: "+12125550100", type: "local" }] },
      })
    ).json().data as { id: number };
    const groups = (await t.call("GET", "/api/carrier-groups")).json().data.data as { id: number }[];
    const route = await t.call("POST", "/api/routes", {
      name: "Main",
      default: { gateway_id: t.sms.id, sender_type: "phone", sender: "+12015550101", frequency: 60 },
      groups: [{ gateway_id: twilio.id, sender_type: "phone", sender: "+12125550100", group_id: groups[0]!.id, frequency: 30 }],
    });
    expect(route.statusCode, route.body).toBe(201);
    const byRoute = await create(t, { name: "Routed", type: "sms", sender_type: "route", route_id: route.json().data.id });
    expect(byRoute.part_price).toBe(sendUnitCost("sms", "gateway1"));
    expect(sendUnitCost("sms", "gateway1")).toBeGreaterThan(sendUnitCost("sms", "sandbox")!);
  });

  it("expires every link sent so far, once asked", async () => {
    const t = await team();
    const c = await create(t, smsCampaign(t.sms.id));
    expect(c.links_expired_at).toBeNull();
    const res = await t.call("POST", `/api/campaigns/${c.id}/expire-links`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Links have been expired.");
    const after = (await t.call("GET", `/api/campaigns/${c.id}`)).json().data as Campaign;
    expect(Date.parse(after.links_expired_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers 404 for another team's campaign", async () => {
    const a = await team();
    const b = await team();
    const c = await create(a, smsCampaign(a.sms.id));
    expect((await b.call("GET", `/api/campaigns/${c.id}`)).statusCode).toBe(404);
    expect((await b.call("PUT", `/api/campaigns/${c.id}`, smsCampaign(b.sms.id))).statusCode).toBe(404);
    expect((await b.call("DELETE", `/api/campaigns/${c.id}`)).statusCode).toBe(404);
    expect((await a.call("GET", `/api/campaigns/${c.id}`)).json().data.name).toBe("Spring sale");
  });
});

describe("campaign status", () => {
  it("refuses Active without an audience, a step with a message or a sender that can send", async () => {
    const t = await team();
    const c = await create(t, smsCampaign(t.sms.id));
    const set = (ids: number[], status: string) => t.call("PUT", "/api/campaigns/batch-status", { ids, status });
    expect((await set([c.id], "active")).json().errors).toEqual(['Campaign "Spring sale" cannot be set to Active: it has no audience.']);
    await t.call("POST", `/api/campaigns/${c.id}/lists`, { id: t.list.id });
    await t.call("POST", `/api/campaigns/${c.id}/campaign-steps`, { type: "sms", name: "Empty" });
    expect((await set([c.id], "active")).json().errors[0]).toContain("it has no step with a message");
    await t.call("POST", `/api/campaigns/${c.id}/campaign-steps`, { type: "sms", name: "Hello", message: "Hi" });
    await api.database.query("UPDATE gateways SET active = false WHERE id = $1", [t.sms.id]);
    expect((await set([c.id], "active")).json().errors[0]).toContain("its gateway cannot send");
    await api.database.query("UPDATE gateways SET active = true WHERE id = $1", [t.sms.id]);
    expect((await set([c.id], "active")).json()).toEqual({ info: ['Campaign "Spring sale" set to Active.'], errors: [] });
    expect((await t.call("GET", `/api/campaigns/${c.id}`)).json().data).toMatchObject({ status: "active", is_started: true });
  });

  it("moves by the table: allowed and refused moves in one batch, Active ahead is Scheduled", async () => {
    const t = await team();
    const a = await ready(t);
    const b = await ready(t, { name: "Later", started_at: "2099-01-01T00:00:00Z" });
    const set = (ids: number[], status: string) => t.call("PUT", "/api/campaigns/batch-status", { ids, status });
    expect((await set([a.id, b.id], "active")).json()).toEqual({
      info: ['Campaign "Spring sale" set to Active.', 'Campaign "Later" set to Scheduled.'],
      errors: [],
    });
    expect((await set([a.id], "draft")).json().errors).toEqual(['Campaign "Spring sale" cannot be set from Active to Draft.']);
    expect((await set([a.id], "active")).json().errors).toEqual(['Campaign "Spring sale" is already Active.']);
    expect((await set([a.id], "stop")).json().info).toEqual(['Campaign "Spring sale" set to Stop.']);
    expect((await set([a.id], "active")).json().errors).toEqual(['Campaign "Spring sale" cannot be set from Stop to Active.']);
    expect((await set([a.id], "completed")).statusCode).toBe(422);
  });

  it("dates the start when a campaign is first set Active, and keeps it through a pause", async () => {
    const t = await team();
    const c = await ready(t);
    const set = (status: string) => t.call("PUT", "/api/campaigns/batch-status", { ids: [c.id], status });
    const startedAt = async () => (await t.call("GET", `/api/campaigns/${c.id}`)).json().data.started_at as string | null;
    expect(await startedAt()).toBeNull();
    const before = Date.now();
    await set("active");
    const started = await startedAt();
    expect(Date.parse(started!)).toBeGreaterThanOrEqual(before - 1000);
    await set("paused");
    await set("active");
    expect(await startedAt()).toBe(started);
    // The list's Started Date too.
    const row = (await t.call("GET", "/api/campaigns")).json().data.find((r: { id: number }) => r.id === c.id);
    expect(row.started_at).toBe(started);
  });

  it("offers the status lists in the configuration", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/config" });
    expect(res.json().campaign_manual_status_list).toEqual([
      { key: "draft", label: "Draft" },
      { key: "active", label: "Active" },
      { key: "paused", label: "Paused" },
      { key: "stop", label: "Stop" },
    ]);
    expect(res.json().campaign_status_list).toHaveLength(8);
  });
});

describe("campaign bulk actions", () => {
  it("copies settings, steps and audience as a draft without figures", async () => {
    const t = await team();
    const c = await ready(t);
    await t.call("PUT", "/api/campaigns/batch-status", { ids: [c.id], status: "active" });
    await api.database.query(
      "INSERT INTO campaign_counters (team_id, campaign_id, day, records, sent) VALUES ($1, $2, current_date, 5, 3)",
      [t.ctx.teamId, c.id],
    );
    const res = await t.call("POST", "/api/campaigns/copy", { ids: [c.id] });
    expect(res.statusCode, res.body).toBe(201);
    const [copyId] = res.json().ids as number[];
    const copy = (await t.call("GET", `/api/campaigns/${copyId}`)).json().data as Campaign;
    expect(copy).toMatchObject({ name: "Spring sale (copy)", status: "draft", is_started: false, records: 0, steps: 1 });
    expect((await t.call("GET", `/api/campaigns/${copyId}/segments`)).json().data.map((s: { id: number }) => s.id)).toEqual([t.segment.id]);
    expect((await t.call("GET", `/api/campaigns/${copyId}/campaign-steps`)).json().data[0]).toMatchObject({
      name: "Hello",
      message: "Hi {{first_name}}",
    });
  });

  it("archives and unarchives; the list shows archived ones only on request", async () => {
    const t = await team();
    const c = await create(t, smsCampaign(t.sms.id));
    const other = await create(t, smsCampaign(t.sms.id, { name: "Other" }));
    expect((await t.call("POST", "/api/campaigns/batch-archive", { ids: [c.id] })).statusCode).toBe(200);
    const ids = async (qs: string) => ((await t.call("GET", `/api/campaigns${qs}`)).json().data as CampaignRow[]).map((r) => r.id);
    expect(await ids("")).toEqual([other.id]);
    expect(await ids("?archived=true")).toEqual([c.id]);
    expect((await t.call("DELETE", `/api/campaigns/batch-archive?ids[0]=${c.id}`)).statusCode).toBe(200);
    expect(await ids("")).toEqual([other.id, c.id]);
  });

  it("sets the click trigger to a campaign-click trigger campaign only", async () => {
    const t = await team();
    const c = await create(t, smsCampaign(t.sms.id));
    const trigger = await create(t, smsCampaign(t.sms.id, { name: "On click", type: "automation", triggers: ["campaign_click"] }));
    const keyword = await create(t, smsCampaign(t.sms.id, { name: "On keyword", type: "automation", triggers: ["keyword"] }));
    const bad = await t.call("PUT", "/api/campaigns/click-trigger", { campaigns: [c.id], click_automation_campaign_id: keyword.id });
    expect(bad.statusCode).toBe(422);
    const none = await t.call("PUT", "/api/campaigns/click-trigger", { campaigns: [c.id], click_automation_campaign_id: 999_999 });
    expect(none.statusCode).toBe(404);
    expect(none.json().errors).toEqual({ click_automation_campaign_id: ["The selected campaign was not found."] });
    const ok = await t.call("PUT", "/api/campaigns/click-trigger", { campaigns: [c.id], click_automation_campaign_id: trigger.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.call("GET", `/api/campaigns/${c.id}`)).json().data.click_automation_campaign_id).toBe(trigger.id);
    const byTrigger = await t.call("GET", "/api/automations/list-by-trigger?trigger=campaign_click");
    expect(byTrigger.json().data.map((r: { id: number }) => r.id)).toEqual([trigger.id]);
    expect((await t.call("GET", "/api/automations/list-by-trigger?trigger=nope")).statusCode).toBe(422);
  });
});

describe("campaign list", () => {
  it("pages, searches, sorts, filters by type and sums the period's counters", async () => {
    const t = await team();
    const a = await create(t, smsCampaign(t.sms.id, { name: "Alpha" }));
    const b = await create(t, smsCampaign(t.sms.id, { name: "Bravo", type: "automation", triggers: ["keyword"] }));
    const c = await create(t, smsCampaign(t.sms.id, { name: "Charlie" }));
    const list = async (qs: string) => (await t.call("GET", `/api/campaigns${qs}`)).json();
    const first = await list("?limit=2");
    expect(first.data.map((r: CampaignRow) => r.id)).toEqual([c.id, b.id]);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect((await list("?search=brav")).data.map((r: CampaignRow) => r.id)).toEqual([b.id]);
    expect((await list("?sort=name,asc")).data.map((r: CampaignRow) => r.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect((await list("?types[]=automation")).data.map((r: CampaignRow) => r.id)).toEqual([b.id]);
    expect((await t.call("GET", "/api/campaigns?sort=nope")).statusCode).toBe(422);
    expect((await t.call("GET", "/api/campaigns?period=forever")).statusCode).toBe(422);

    // Zeros until the engine writes counters; then today's and all time's sums.
    const row = (await list("")).data.find((r: CampaignRow) => r.id === a.id) as CampaignRow;
    expect(row).toMatchObject({
      sent: 0,
      delivered: 0,
      cost: 0,
      progress: 0,
      delivered_percent: 0,
      status_label: "Draft",
      gateway_label: "Sandbox",
    });
    await api.database.query(
      `INSERT INTO campaign_counters (team_id, campaign_id, day, records, processed, sent, delivered, clicked, cost, revenue)
       VALUES ($1, $2, current_date, 10, 4, 4, 3, 1, 0.5, 2), ($1, $2, current_date - 400, 0, 0, 6, 6, 0, 1, 0)`,
      [t.ctx.teamId, a.id],
    );
    await t.call("POST", `/api/campaigns/${a.id}/campaign-steps`, { type: "sms", name: "One" });
    const today = (await list("")).data.find((r: CampaignRow) => r.id === a.id) as CampaignRow;
    expect(today).toMatchObject({
      records: 10,
      steps: 1,
      sent: 4,
      delivered: 3,
      delivered_percent: 75,
      clicked: 1,
      cost: 0.5,
      revenue: 2,
      profit: 1.5,
      progress: 40,
    });
    const all = (await list("?period=all_time")).data.find((r: CampaignRow) => r.id === a.id) as CampaignRow;
    expect(all).toMatchObject({ sent: 10, delivered: 9, cost: 1.5 });
    const yesterday = (await list("?period=yesterday")).data.find((r: CampaignRow) => r.id === a.id) as CampaignRow;
    expect(yesterday.sent).toBe(0);
    expect((await list("?sort=sent,desc&period=all_time")).data[0].id).toBe(a.id);
    expect((await t.call("GET", "/api/campaigns?stat_from=2024-02-01")).statusCode).toBe(422);
    const cards = (await t.call("GET", "/api/campaigns/statistics/counters")).json().data;
    expect(cards.sms).toEqual({ sent: 4, delivered: 3, delivered_percent: 75, clicked: 1, clicked_percent: 25, cost: 0.5 });
    expect(cards.email.sent).toBe(0);
    const allCards = (await t.call("GET", "/api/campaigns/statistics/counters?period=all_time")).json().data;
    expect(allCards.sms).toMatchObject({ sent: 10, delivered: 9, cost: 1.5 });
    expect((await t.call("GET", "/api/campaigns/statistics/counters?period=yesterday")).json().data.sms.sent).toBe(0);
    expect((await t.call("GET", "/api/campaigns/statistics/counters?stat_from=2024-02-01")).statusCode).toBe(422);
    // Another team sees none of it.
    const other = await team();
    expect((await other.call("GET", "/api/campaigns")).json().meta.total).toBe(0);
    const names = (await t.call("GET", "/api/campaigns/list-names?types[]=sms")).json().data.map((r: { id: number }) => r.id);
    expect(names).toEqual([c.id, a.id]);
  });
});
