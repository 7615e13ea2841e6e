import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { one } from "../../shared/rows";
import { enrollLeads } from "./enroll";
import { useSendingTestkit } from "./plan.testkit";

const kit = useSendingTestkit();
const db = kit.db;

const rowsOf = async (campaignId: number) =>
  (await one<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${campaignId}`))!.n;

async function trigger(status: string) {
  const t = await kit.setup([
    { phone: "+12125550100", timezone: "America/New_York", state: "NY" },
    { phone: "+12125550101", timezone: "America/New_York", state: "NY" },
  ]);
  const c = await kit.campaign(t.ctx, t.list.id, { type: "automation", triggers: ["campaign_click"], setting_gateway_id: t.sms.id });
  await db().execute(sql`UPDATE campaigns SET status = ${status} WHERE id = ${c.id}`);
  return { t, c };
}

describe("enrollLeads", () => {
  it("plans a lead on the first step once, however often the event repeats, and names the gateway to wake", async () => {
    const { t, c } = await trigger("active");
    const first = await enrollLeads(db(), t.ctx.teamId, c.id, [t.leadIds[0]!]);
    expect(first).toEqual({ planned: 1, gatewayIds: [t.sms.id] });
    expect(await enrollLeads(db(), t.ctx.teamId, c.id, [t.leadIds[0]!, t.leadIds[0]!])).toEqual({ planned: 0, gatewayIds: [] });
    expect(await rowsOf(c.id)).toBe(1);
    const k = await one<{ records: number }>(
      db(),
      sql`SELECT sum(records)::int AS records FROM campaign_counters WHERE campaign_id = ${c.id}`,
    );
    expect(k!.records).toBe(1);
  });

  it("takes leads silently while paused, none while a draft, and never another team's lead", async () => {
    const paused = await trigger("paused");
    expect((await enrollLeads(db(), paused.t.ctx.teamId, paused.c.id, paused.t.leadIds)).planned).toBe(2);
    const draft = await trigger("draft");
    expect((await enrollLeads(db(), draft.t.ctx.teamId, draft.c.id, draft.t.leadIds)).planned).toBe(0);
    const other = await trigger("active");
    // Team A's campaign, team B's leads; and team B asking for team A's campaign.
    expect((await enrollLeads(db(), other.t.ctx.teamId, other.c.id, paused.t.leadIds)).planned).toBe(0);
    expect((await enrollLeads(db(), paused.t.ctx.teamId, other.c.id, paused.t.leadIds)).planned).toBe(0);
    expect(await rowsOf(other.c.id)).toBe(0);
  });
});
