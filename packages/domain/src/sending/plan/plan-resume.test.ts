import type { Db } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignWaiting, campaignWaitingBriefs } from "../../campaign-statistics";
import { one, rows } from "../../shared/rows";
import { gatewaysWithDueRows } from "../dispatch/dispatcher";
import { completeFinishedCampaigns } from "../outcomes/campaign-progress";
import { planFirstSlice, planFirstStep } from "./plan";
import { useSendingTestkit } from "./plan.testkit";

const kit = useSendingTestkit();
const db = kit.db;

// 2026-07-01 14:00Z is 10:00 in New York: every lead below is due at once.
const NOW = new Date("2026-07-01T14:00:00Z");

const phones = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    phone: `+1212555${String(2000 + i).padStart(4, "0")}`,
    timezone: "America/New_York",
    state: "NY",
  }));

/**
 * The database as the planner sees it, counting its ledger inserts, and failing the `failAt`-th one (1-based) as a
 * process that dies mid-planning would leave it: that slice's transaction rolls back, the ones before it stay.
 */
function planner(failAt?: number) {
  const dialect = (db() as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
  let inserts = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "execute")
          return (q: SQL) => {
            if (/^\s*WITH ins AS \(INSERT INTO campaign_messages/.test(dialect.sqlToQuery(q).sql) && ++inserts === failAt)
              return Promise.reject(new Error("planner stopped"));
            return (t as unknown as Db).execute(q);
          };
        if (prop === "transaction")
          return (fn: (tx: unknown) => Promise<unknown>) => (t as unknown as Db).transaction((tx) => fn(wrap(tx)));
        const v = Reflect.get(t, prop, receiver);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
  return { db: wrap(db()), inserts: () => inserts };
}

const ledger = (campaignId: number) =>
  rows<{ lead_id: number; state: string }>(
    db(),
    sql`SELECT lead_id::float8 AS lead_id, state FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY lead_id`,
  );
const marks = (campaignId: number) =>
  one<{ planning: boolean; through: number | null; records: number }>(
    db(),
    sql`SELECT c.planning_since IS NOT NULL AS planning, c.planned_through::float8 AS through,
          (SELECT coalesce(sum(records), 0)::int FROM campaign_counters k WHERE k.campaign_id = c.id) AS records
        FROM campaigns c WHERE c.id = ${campaignId}`,
  );

describe("a planning in slices", () => {
  it("sends its first slice before the rest is planned, and a planner stopped part way resumes after its last slice, planning no one twice", async () => {
    const t = await kit.setup(phones(7));
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);

    // The first slice: committed, due, its gateway's dispatcher has work — while the campaign is still planning and
    // cannot complete.
    const first = await planFirstSlice(db(), c.id, NOW, 2);
    expect(first.planned).toBe(2);
    expect((await ledger(c.id)).every((r) => r.state === "planned")).toBe(true);
    expect(await gatewaysWithDueRows(db())).toContain(t.sms.id);
    await db().execute(sql`UPDATE campaign_messages SET state = 'delivered' WHERE campaign_id = ${c.id}`);
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([]);
    expect((await marks(c.id))!.planning).toBe(true);

    // The rest in slices of two lead ids; the planner stops in the second: the first slice of ids is kept, with its mark.
    const [a, b, , d] = t.leadIds as [number, number, number, number];
    const stopped = planner(2);
    await expect(planFirstStep(stopped.db, c.id, NOW, 2)).rejects.toThrow("planner stopped");
    const part = await marks(c.id);
    expect(part).toMatchObject({ planning: true, through: b });
    const kept = new Set((await ledger(c.id)).map((r) => r.lead_id));
    expect(kept.has(a) && kept.has(b)).toBe(true);

    // Resumed: only the slices after the mark are read (ids 3–4, 5–6, then 7 and the open end), each lead once.
    const resumed = planner();
    const rest = await planFirstStep(resumed.db, c.id, NOW, 2);
    expect(resumed.inserts()).toBe(3);
    const all = await ledger(c.id);
    expect(all.map((r) => r.lead_id)).toEqual(t.leadIds);
    expect(rest.planned + kept.size).toBe(7);
    expect(all.filter((r) => r.lead_id === d)).toHaveLength(1);
    // Counted once each, and the planning over: no mark left.
    expect(await marks(c.id)).toEqual({ planning: false, through: null, records: 7 });
  });
});

describe("slices planned at once", () => {
  it("two at a time plan every lead once, and a planner stopped in one resumes after the slices committed without a gap", async () => {
    const t = await kit.setup(phones(9));
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    await planFirstSlice(db(), c.id, NOW, 1);

    // Slices of two lead ids, two at a time: ids 1–2 and 3–4 start together; the second insert fails, the other
    // slices go on or stop, and the mark never passes a slice that did not commit.
    const stopped = planner(2);
    await expect(planFirstStep(stopped.db, c.id, NOW, { slice: 2, parallel: 2 })).rejects.toThrow("planner stopped");
    const part = await marks(c.id);
    expect(part!.planning).toBe(true);
    const kept = new Set((await ledger(c.id)).map((r) => r.lead_id));
    const ids = t.leadIds as number[];
    const gapless = ids.filter((id) => part!.through !== null && id <= part!.through);
    expect(gapless.every((id) => kept.has(id))).toBe(true);

    // Resumed two at a time: every lead once, each counted once, the planning over.
    let slices = 0;
    const rest = await planFirstStep(db(), c.id, NOW, { slice: 2, parallel: 2, onSlice: () => void slices++ });
    expect(slices).toBeGreaterThan(1);
    expect((await ledger(c.id)).map((r) => r.lead_id)).toEqual(ids);
    expect(rest.planned + kept.size).toBe(9);
    expect(await marks(c.id)).toEqual({ planning: false, through: null, records: 9 });
  });
});

describe("planning progress", () => {
  it("shows the recipients planned so far of the audience while the planning runs, and nothing once it ends", async () => {
    const t = await kit.setup(phones(7));
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    // The list's maintained count, as an import leaves it.
    await db().execute(sql`UPDATE lists SET total_leads = 7 WHERE id = ${t.list.id}`);
    await planFirstSlice(db(), c.id, NOW, 3);
    expect((await campaignWaiting(db(), t.ctx, c.id)).planning_progress).toEqual({ planned: 3, total: 7 });

    // Each committed slice moves it: after the first slice of the rest, the leads up to its bound are in.
    const seen: (number | undefined)[] = [];
    await planFirstStep(db(), c.id, NOW, {
      slice: 4,
      onSlice: async () => {
        seen.push((await campaignWaiting(db(), t.ctx, c.id)).planning_progress?.planned);
      },
    });
    expect(seen).toEqual([4, 7]);
    expect((await campaignWaiting(db(), t.ctx, c.id)).planning_progress).toBeNull();
    const { data } = await campaignWaitingBriefs(db(), t.ctx, [c.id]);
    expect(data[0]).toMatchObject({ planning: false, planning_progress: null });
  });
});
