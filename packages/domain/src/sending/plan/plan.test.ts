import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carrierGroupRules, createPool, createRoute } from "../../routing";
import { one, rows } from "../../shared/rows";
import { completeFinishedCampaigns } from "../outcomes/campaign-progress";
import { planFirstSlice, planFirstStep, planSliceOf } from "./plan";
import { type LeadSpec, useSendingTestkit } from "./plan.testkit";

const kit = useSendingTestkit();
const db = kit.db;
const setup = (leads: LeadSpec[]) => kit.setup(leads);
const campaign = kit.campaign;

type Row = {
  lead_id: number;
  step_id: number;
  part_id: number;
  address: string;
  state: string;
  reason: string | null;
  gateway_id: number | null;
  sender: string | null;
  due_at: string;
  not_after: string | null;
  time_zone: string | null;
};
const ledger = (campaignId: number) =>
  rows<Row>(
    db(),
    sql`SELECT lead_id, step_id, part_id, address, state, reason, gateway_id, sender, due_at, not_after, time_zone
        FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY lead_id`,
  );
const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

const phones = (n: number, over: LeadSpec = {}) =>
  Array.from({ length: n }, (_, i) => ({
    phone: `+1212555${String(1000 + i).padStart(4, "0")}`,
    timezone: "America/New_York",
    state: "NY",
    ...over,
  }));

// 2026-07-01 14:00Z is 10:00 in New York, 07:00 in Los Angeles, 04:00 in Honolulu.
const NOW = new Date("2026-07-01T14:00:00Z");

describe("planFirstStep", () => {
  it("plans one row per audience lead with an address, skips a lead without one, and counts the records", async () => {
    const t = await setup([...phones(3), { email: "only@example.com" }]);
    const c = await campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    expect(await planFirstStep(db(), c.id, NOW)).toEqual({ planned: 3, skipped: 1 });
    const rowsNow = await ledger(c.id);
    expect(rowsNow.map((r) => [r.state, r.reason])).toEqual([
      ["planned", null],
      ["planned", null],
      ["planned", null],
      ["skipped", "no_address"],
    ]);
    expect(rowsNow.slice(0, 3).every((r) => t.numbers.includes(r.sender!) && r.gateway_id === t.sms.id)).toBe(true);
    const k = await one<{ records: number; processed: number }>(
      db(),
      sql`SELECT sum(records)::int AS records, sum(processed)::int AS processed FROM campaign_counters WHERE campaign_id = ${c.id}`,
    );
    expect(k).toEqual({ records: 4, processed: 1 });
  });

  it("plans nothing twice: a second run leaves the ledger and the records as they were", async () => {
    const t = await setup(phones(5));
    const c = await campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await planFirstStep(db(), c.id, NOW);
    const before = await ledger(c.id);
    expect(await planFirstStep(db(), c.id, new Date(NOW.getTime() + 3_600_000))).toEqual({ planned: 0, skipped: 0 });
    expect(await ledger(c.id)).toEqual(before);
    const k = await one<{ records: number }>(
      db(),
      sql`SELECT sum(records)::int AS records FROM campaign_counters WHERE campaign_id = ${c.id}`,
    );
    expect(k!.records).toBe(5);
  });

  it("plans a first slice at once, then the rest; a lead in two lists once; the campaign cannot complete in between", async () => {
    const t = await setup(phones(6));
    const c = await campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    // The same six leads in a second list of the audience: the slice reads duplicates, the ledger keeps one row each.
    const again = await one<{ id: number }>(
      db(),
      sql`INSERT INTO lists (team_id, source_id, name) SELECT team_id, source_id, 'Again' FROM lists WHERE id = ${t.list.id} RETURNING id`,
    );
    await db().execute(
      sql`INSERT INTO list_leads (team_id, list_id, lead_id) SELECT team_id, ${again!.id}, lead_id FROM list_leads WHERE list_id = ${t.list.id}`,
    );
    await db().execute(
      sql`INSERT INTO campaign_audiences (team_id, campaign_id, kind, ref_id) VALUES (${t.ctx.teamId}, ${c.id}, 'list', ${again!.id})`,
    );
    await db().execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${c.id}`);
    const first = await planFirstSlice(db(), c.id, NOW, 4);
    expect(first.planned).toBeGreaterThanOrEqual(1);
    expect(first.planned).toBeLessThanOrEqual(4);
    expect((await ledger(c.id)).length).toBe(first.planned);
    // Every row of the slice final, yet the campaign stays active: the rest is still to be planned.
    await db().execute(sql`UPDATE campaign_messages SET state = 'delivered' WHERE campaign_id = ${c.id}`);
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([]);
    // The rest in slices of two of the team's leads, each its own transaction.
    expect(await planFirstStep(db(), c.id, NOW, 2)).toEqual({ planned: 6 - first.planned, skipped: 0 });
    expect(new Set((await ledger(c.id)).map((r) => r.lead_id)).size).toBe(6);
    const k = await one<{ records: number }>(
      db(),
      sql`SELECT sum(records)::int AS records FROM campaign_counters WHERE campaign_id = ${c.id}`,
    );
    expect(k!.records).toBe(6);
    const flag = await one<{ planning_since: string | null }>(db(), sql`SELECT planning_since FROM campaigns WHERE id = ${c.id}`);
    expect(flag!.planning_since).toBeNull();

    // On a PostgreSQL server the rest goes in bigger slices, two at once: the same rows, nothing twice.
    const whole = await campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    const sliced = await planFirstSlice(db(), whole.id, NOW, 4);
    expect(await planFirstStep(db(), whole.id, NOW, { slice: planSliceOf("postgres"), parallel: 2 })).toEqual({
      planned: 6 - sliced.planned,
      skipped: 0,
    });
    expect((await ledger(whole.id)).length).toBe(6);
  });

  it("moves each lead into its own allowed hours: now in New York, 8am in Los Angeles, Hawaii's 8am when the zone is unknown", async () => {
    const t = await setup([
      { phone: "+12125550100", timezone: "America/New_York", state: "NY" },
      { phone: "+13105550100", timezone: "America/Los_Angeles", state: "CA" },
      { phone: "+19995550100", timezone: null, state: "NY" },
    ]);
    const c = await campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await planFirstStep(db(), c.id, NOW);
    const [ny, la, unknown] = await ledger(c.id);
    expect(iso(ny!.due_at)).toBe("2026-07-01T14:00:00.000Z");
    expect(iso(ny!.not_after)).toBe("2026-07-02T00:55:00.000Z"); // 21:00 EDT less the margin
    expect(iso(la!.due_at)).toBe("2026-07-01T15:00:00.000Z");
    expect(iso(unknown!.due_at)).toBe("2026-07-01T18:00:00.000Z");
  });

  it("finds where each lead is: a lookup's zone in any spelling, else the area code, and records the source", async () => {
    const t = await setup([
      { phone: "+12125550100", timezone: "EST", state: "New York" },
      { phone: "+12135550100", timezone: null, state: null },
      { phone: "+13125550100", timezone: "Not/AZone", state: null },
    ]);
    const c = await campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await planFirstStep(db(), c.id, NOW);
    const found = await rows<{ address: string; time_zone: string | null; time_zone_source: string; us_state: string | null }>(
      db(),
      sql`SELECT address, time_zone, time_zone_source, us_state FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY address`,
    );
    expect(found).toEqual([
      { address: "+12125550100", time_zone: "America/New_York", time_zone_source: "lookup", us_state: "NY" },
      { address: "+12135550100", time_zone: "America/Los_Angeles", time_zone_source: "area_code", us_state: "CA" },
      { address: "+13125550100", time_zone: "America/Chicago", time_zone_source: "area_code", us_state: "IL" },
    ]);
  });

  it("holds each recipient to its country's hours: Germany's to the daily window only, Canada's to the CRTC's", async () => {
    const t = await setup([
      { phone: "+4915112345678" },
      { phone: "+14165550100" },
      { phone: "+5511912345678" },
      { phone: "+12125550100", timezone: "America/New_York", state: "NY" },
    ]);
    // 7 am to 6 pm in each recipient's zone; at 04:00Z it is 6 am in Berlin, midnight in Toronto and New York.
    const c = await campaign(t.ctx, t.list.id, {
      setting_gateway_id: t.sms.id,
      daytime_limitation: true,
      run_daily_from: "07:00",
      run_daily_to: "18:00",
      need_send_by_timezones: true,
    });
    await planFirstStep(db(), c.id, new Date("2026-07-01T04:00:00Z"));
    const found = await rows<{ address: string; country: string | null; time_zone: string | null; due_at: string }>(
      db(),
      sql`SELECT address, country, time_zone, due_at FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY lead_id`,
    );
    expect(found.map((r) => [r.address, r.country, r.time_zone, iso(r.due_at)])).toEqual([
      // No legal hours known for Germany: 7 am in Berlin, the only German clock, though its zone was not given.
      ["+4915112345678", "DE", null, "2026-07-01T05:00:00.000Z"],
      // Canada on a Wednesday: 9 am in Toronto (the area code's zone), the CRTC's hours.
      ["+14165550100", "CA", "America/Toronto", "2026-07-01T13:00:00.000Z"],
      // Brazil's zones at once: 7 am in its westernmost clock (UTC−5).
      ["+5511912345678", "BR", null, "2026-07-01T12:00:00.000Z"],
      ["+12125550100", "US", "America/New_York", "2026-07-01T12:00:00.000Z"],
    ]);
  });

  it("skips with why when the daily window never meets the legal hours, and leaves email to the daily window alone", async () => {
    const t = await setup([{ phone: "+12125550100", email: "a@example.com", timezone: "America/New_York", state: "NY" }]);
    const night = await campaign(t.ctx, t.list.id, {
      setting_gateway_id: t.sms.id,
      daytime_limitation: true,
      run_daily_from: "22:00",
      run_daily_to: "23:00",
      started_at_tz: "America/New_York",
    });
    expect(await planFirstStep(db(), night.id, NOW)).toEqual({ planned: 0, skipped: 1 });
    expect((await ledger(night.id))[0]).toMatchObject({ state: "skipped", reason: "outside_window" });

    const mail = await campaign(t.ctx, t.list.id, { type: "email", setting_gateway_id: t.email.id }, [
      { type: "email", name: "Hello", subject: "Hi", message: "<p>Hi</p>" },
    ]);
    await planFirstStep(db(), mail.id, new Date("2026-07-01T04:00:00Z"));
    const [row] = await ledger(mail.id);
    expect(row).toMatchObject({ state: "planned", address: "a@example.com", not_after: "infinity" });
    expect(iso(row!.due_at)).toBe("2026-07-01T04:00:00.000Z");
  });

  it("deals a split's parts out evenly, the same part to a lead however often it is planned", async () => {
    const t = await setup(phones(200));
    const split = {
      type: "split",
      name: "A/B",
      parts: [
        { type: "sms", name: "A", message: "A" },
        { type: "sms", name: "B", message: "B" },
      ],
    };
    const c = await campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id }, [split]);
    await planFirstStep(db(), c.id, NOW);
    const byPart = new Map<number, number>();
    for (const r of await ledger(c.id)) byPart.set(r.part_id, (byPart.get(r.part_id) ?? 0) + 1);
    expect(byPart.size).toBe(2);
    for (const n of byPart.values()) expect(n).toBeGreaterThan(70);
    const first = (await ledger(c.id)).map((r) => r.part_id);
    await db().execute(sql`DELETE FROM campaign_messages WHERE campaign_id = ${c.id}`);
    await planFirstStep(db(), c.id, NOW);
    expect((await ledger(c.id)).map((r) => r.part_id)).toEqual(first);
  });

  it("gives a lead a pool number of its own area code, else of its state, else any — the same one every time", async () => {
    const t = await setup([
      { phone: "+12125551111", timezone: "America/New_York", state: "NY" },
      { phone: "+19175552222", timezone: "America/New_York", state: "NY" },
      { phone: "+14155553333", timezone: "America/Los_Angeles", state: "CA" },
      { phone: "+18085554444", timezone: "Pacific/Honolulu", state: "HI" },
    ]);
    const local = ["+12125550101", "+16465550102", "+13105550103", "+12015550104"];
    const gw = await one<{ id: number }>(
      db(),
      sql`INSERT INTO gateways (team_id, kind, type, name, active, senders)
          VALUES (${t.ctx.teamId}, 'sms', 'sandbox', 'Local numbers', true, ${JSON.stringify({ numbers: local.map((number) => ({ number })) })}::jsonb)
          RETURNING id`,
    );
    const phone = (sender: string) => ({ gateway_id: gw!.id, sender_type: "phone" as const, sender, sender_name: "" });
    const pool = await createPool(db(), t.ctx, { name: "Local", senders: local.map(phone) });
    const plan = async () => {
      const c = await campaign(t.ctx, t.list.id, { sender_type: "pool", pool_id: pool.id });
      await planFirstStep(db(), c.id, NOW);
      return new Map((await ledger(c.id)).map((r) => [r.address, r.sender]));
    };
    const first = await plan();
    expect(first.get("+12125551111")).toBe("+12125550101");
    expect(["+12125550101", "+16465550102"]).toContain(first.get("+19175552222"));
    expect(first.get("+14155553333")).toBe("+13105550103");
    expect(local).toContain(first.get("+18085554444"));
    expect(await plan()).toEqual(first);
  });

  it("keeps a lead on one pool sender across campaigns, and sends a route's carrier group through its own sender", async () => {
    const t = await setup([
      ...phones(40),
      { phone: "+12125559999", timezone: "America/New_York", state: "NY", carrier: "Verizon Wireless" },
    ]);
    const phone = (sender: string) => ({ gateway_id: t.sms.id, sender_type: "phone" as const, sender, sender_name: "" });
    const pool = await createPool(db(), t.ctx, { name: "Two", senders: [phone(t.numbers[0]!), phone(t.numbers[1]!)] });
    const a = await campaign(t.ctx, t.list.id, { sender_type: "pool", pool_id: pool.id });
    const b = await campaign(t.ctx, t.list.id, { sender_type: "pool", pool_id: pool.id });
    await planFirstStep(db(), a.id, NOW);
    await planFirstStep(db(), b.id, NOW);
    const senderA = (await ledger(a.id)).map((r) => r.sender);
    expect(new Set(senderA)).toEqual(new Set([t.numbers[0], t.numbers[1]]));
    expect((await ledger(b.id)).map((r) => r.sender)).toEqual(senderA);

    const groups = await carrierGroupRules(db());
    const verizon = groups.find((g) => g.name === "Verizon")!.id;
    const route = await createRoute(db(), t.ctx, {
      name: "Main",
      default: { ...phone(t.numbers[0]!), frequency: 60 },
      groups: [{ ...phone(t.numbers[2]!), group_id: verizon, frequency: 30 }],
    });
    const r = await campaign(t.ctx, t.list.id, { sender_type: "route", route_id: route.id });
    await planFirstStep(db(), r.id, NOW);
    const routed = await ledger(r.id);
    expect(routed.filter((x) => x.sender === t.numbers[2]).map((x) => x.address)).toEqual(["+12125559999"]);
    expect(routed.filter((x) => x.sender === t.numbers[0])).toHaveLength(40);
  });

  it("splits a carrier group's leads between its senders by their frequencies, each lead keeping its sender", async () => {
    const t = await setup([
      ...phones(40),
      ...phones(600, { carrier: "Verizon Wireless" }).map((p, i) => ({ ...p, phone: `+1646555${String(1000 + i)}` })),
    ]);
    const phone = (sender: string) => ({ gateway_id: t.sms.id, sender_type: "phone" as const, sender, sender_name: "" });
    const verizon = (await carrierGroupRules(db())).find((g) => g.name === "Verizon")!.id;
    const route = await createRoute(db(), t.ctx, {
      name: "Split",
      default: { ...phone(t.numbers[0]!), frequency: 60 },
      groups: [
        { ...phone(t.numbers[1]!), group_id: verizon, frequency: 30 },
        { ...phone(t.numbers[2]!), group_id: verizon, frequency: 10 },
      ],
    });
    const plan = async () => {
      const c = await campaign(t.ctx, t.list.id, { sender_type: "route", route_id: route.id });
      await planFirstStep(db(), c.id, NOW);
      return new Map((await ledger(c.id)).map((r) => [r.address, r.sender]));
    };
    const first = await plan();
    const count = (sender: string) => [...first.values()].filter((s) => s === sender).length;
    expect(count(t.numbers[0]!)).toBe(40);
    // 75% and 25% of 600, within what a hash of 600 leads spreads.
    expect(count(t.numbers[1]!)).toBeGreaterThan(400);
    expect(count(t.numbers[1]!)).toBeLessThan(500);
    expect(count(t.numbers[1]!) + count(t.numbers[2]!)).toBe(600);
    expect(await plan()).toEqual(first);
  });
});
