import { type CampaignChangeEntry, CampaignChangeQuery, SaveCampaign, SaveStep } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachAudience, CounterBatch, createStep, inZone, setCampaignStatus, updateCampaign, updateStep, utcDay } from "../campaigns";
import { completeFinishedCampaigns, failCampaignsOverThreshold, planFirstStep } from "../sending";
import { useSendingTestkit } from "../sending/testing";
import type { TeamCtx } from "../shared/context";
import { one } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { campaignChangePage } from "./change-log.queries";

const kit = useSendingTestkit();
const db = kit.db;

const page = (ctx: TeamCtx, campaignId: number, q: Partial<CampaignChangeQuery> = {}) =>
  campaignChangePage(db(), ctx, campaignId, CampaignChangeQuery.parse(q));
/** The newest entry of the campaign's Logs tab. */
const newest = async (ctx: TeamCtx, campaignId: number): Promise<CampaignChangeEntry> => (await page(ctx, campaignId)).data[0]!;
const userName = async (ctx: TeamCtx) => (await one<{ name: string }>(db(), sql`SELECT name FROM users WHERE id = ${ctx.userId}`))!.name;

/** A team with a draft SMS campaign over a list, with one step ("Hello"). */
async function campaign() {
  const t = await kit.setup([{ phone: "+12125550100", timezone: "America/New_York", state: "NY" }]);
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
  const save = (extra: object = {}) =>
    SaveCampaign.parse({ name: "Spring", type: "sms", sender_type: "gateway", setting_gateway_id: t.sms.id, ...extra });
  return { ...t, c, save };
}

describe("inZone", () => {
  it.each([
    ["2030-01-01T15:05:00Z", "America/New_York", "01-01-2030 10:05 AM"],
    ["2030-07-04T00:30:00Z", "UTC", "07-04-2030 12:30 AM"],
    ["2030-07-04T12:00:00Z", "Not/AZone", "07-04-2030 12:00 PM"],
  ])("%s in %s reads %s", (at, zone, expected) => {
    expect(inZone(at, zone)).toBe(expected);
  });
});

describe("the campaign change log", () => {
  it("records a new campaign with its settings, by whom", async () => {
    const { ctx, c } = await campaign();
    const { data } = await page(ctx, c.id);
    const created = data.at(-1)!;
    expect(created).toMatchObject({ type: "created", type_label: "Campaign created", user: await userName(ctx) });
    expect(created.attributes).toEqual(
      expect.arrayContaining([
        { name: "Name", value_to: "Spring" },
        { name: "Gateway", value_to: "Sandbox SMS" },
        { name: "Status", value_to: "Draft" },
      ]),
    );
    // Switched-off and empty settings are left out of a new campaign's entry.
    expect(created.attributes.map((a) => a.name)).not.toContain("Daily limit");
    expect(created.attributes.map((a) => a.name)).not.toContain("Daytime limitation");
  });

  it("records exactly the fields an update changed, with their new values; an unchanged save records nothing", async () => {
    const { ctx, c, save } = await campaign();
    await updateCampaign(
      db(),
      ctx,
      c.id,
      save({ name: "Summer", daily_limit: 500, daytime_limitation: true, run_daily_from: "09:00", run_daily_to: "17:30" }),
    );
    const entry = await newest(ctx, c.id);
    expect(entry.type).toBe("updated");
    expect(entry.attributes).toEqual([
      { name: "Name", value_to: "Summer" },
      { name: "Daytime limitation", value_to: "Yes" },
      { name: "Run daily from", value_to: "09:00" },
      { name: "Run daily to", value_to: "17:30" },
      { name: "Daily limit", value_to: "500" },
    ]);
    const before = (await page(ctx, c.id)).meta.total;
    await updateCampaign(
      db(),
      ctx,
      c.id,
      save({ name: "Summer", daily_limit: 500, daytime_limitation: true, run_daily_from: "09:00", run_daily_to: "17:30" }),
    );
    expect((await page(ctx, c.id)).meta.total).toBe(before);
    // A cleared field reads as null.
    await updateCampaign(
      db(),
      ctx,
      c.id,
      save({ name: "Summer", daytime_limitation: true, run_daily_from: "09:00", run_daily_to: "17:30" }),
    );
    expect((await newest(ctx, c.id)).attributes).toEqual([{ name: "Daily limit", value_to: null }]);
  });

  it("records a status change with the new status", async () => {
    const { ctx, c } = await campaign();
    const result = await setCampaignStatus(db(), ctx, [c.id], "active", async () => undefined);
    expect(result.errors).toEqual([]);
    expect(await newest(ctx, c.id)).toMatchObject({
      type: "status",
      type_label: "Status changed",
      user: await userName(ctx),
      attributes: [{ name: "Status", value_to: "Active" }],
    });
  });

  it("records a step added with its settings, and a step edited with the step's name and what changed", async () => {
    const { ctx, c } = await campaign();
    const step = await createStep(
      db(),
      ctx,
      c.id,
      SaveStep.parse({ type: "sms", name: "Reminder", message: "Last call", delay: 2, delay_time_period: "days" }),
    );
    const added = await newest(ctx, c.id);
    expect(added.type_label).toBe("Step added");
    expect(added.attributes).toEqual(
      expect.arrayContaining([
        { name: "Step", value_to: "Reminder" },
        { name: "Type", value_to: "SMS" },
        { name: "Delay", value_to: "2 days" },
        { name: "Message", value_to: "Last call" },
      ]),
    );
    await updateStep(
      db(),
      ctx,
      step.id,
      SaveStep.parse({ type: "sms", name: "Reminder", message: "Final call", delay: 3, delay_time_period: "days" }),
    );
    expect((await newest(ctx, c.id)).attributes).toEqual([
      { name: "Step", value_to: "Reminder" },
      { name: "Delay", value_to: "3 days" },
      { name: "Message", value_to: "Final call" },
    ]);
  });

  it("records the audience attached and removed, by name", async () => {
    const { ctx, c, list } = await campaign();
    const factory = makeFactory(kit.database());
    const source = await factory.source(ctx, { name: "Web" });
    const other = await factory.list(ctx, source.id, { name: "Signups" });
    await attachAudience(db(), ctx, c.id, "list", { id: other.id });
    expect(await newest(ctx, c.id)).toMatchObject({ type: "audience", attributes: [{ name: "Lists added", value_to: "Signups" }] });
    await attachAudience(db(), ctx, c.id, "list", { ids: [other.id] });
    expect((await newest(ctx, c.id)).attributes).toEqual([{ name: "Lists removed", value_to: list.name }]);
    await attachAudience(db(), ctx, c.id, "source", { id: source.id });
    expect((await newest(ctx, c.id)).attributes).toEqual([{ name: "Sources added", value_to: "Web" }]);
  });

  it("records the engine failing a campaign with no user, and why", async () => {
    const { ctx, c } = await campaign();
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    const step = (await one<{ id: number }>(db(), sql`SELECT id FROM campaign_steps WHERE campaign_id = ${c.id}`))!.id;
    const key = { teamId: ctx.teamId, campaignId: c.id, stepId: step, partId: step, day: utcDay() };
    await new CounterBatch().add(key, "sent", 50).add(key, "delivered", 20).add(key, "failed", 30).write(db());
    expect(await failCampaignsOverThreshold(db(), [c.id])).toEqual([c.id]);
    const entry = await newest(ctx, c.id);
    expect(entry).toMatchObject({ type: "failed", type_label: "Failed automatically", user: null });
    expect(entry.attributes).toEqual([
      { name: "Status", value_to: "Failed" },
      { name: "Reason", value_to: expect.stringMatching(/^Failed automatically: 60% of the first 50 answers/) },
    ]);
  });

  it("records the engine completing a campaign, with no user", async () => {
    const { ctx, c } = await campaign();
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    await planFirstStep(db(), c.id);
    await db().execute(sql`UPDATE campaign_messages SET state = 'delivered' WHERE campaign_id = ${c.id}`);
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([c.id]);
    expect(await newest(ctx, c.id)).toMatchObject({
      type: "completed",
      type_label: "Completed",
      user: null,
      attributes: [{ name: "Status", value_to: "Completed" }],
    });
  });

  it("pages newest first, and answers another team's campaign with a 404", async () => {
    const { ctx, c, save } = await campaign();
    for (const name of ["B", "C", "D"]) await updateCampaign(db(), ctx, c.id, save({ name }));
    const all = await page(ctx, c.id);
    const ids = all.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = await page(ctx, c.id, { limit: 2 });
    expect(first.data.map((e) => e.attributes[0]?.value_to)).toEqual(["D", "C"]);
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 2, total: all.meta.total, last_page: Math.ceil(all.meta.total / 2) });
    const second = await page(ctx, c.id, { page: 2, limit: 2 });
    expect(second.data.map((e) => e.id)).toEqual(ids.slice(2, 4));
    expect(all.meta.per_page).toBe(20);

    const other = await makeFactory(kit.database()).team();
    await expect(page(other.ctx, c.id)).rejects.toMatchObject({ code: "campaign_not_found" });
  });
});
