import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachAudience } from "../campaigns";
import type { JobDeps, JobSender } from "../shared/jobs";
import { one } from "../shared/rows";
import { planFirstStep } from "./plan/plan";
import { useSendingTestkit } from "./plan/plan.testkit";
import { planSegmentJoiners, sendingTickJob } from "./sending.jobs";

const kit = useSendingTestkit();
const db = kit.db;

/** A job sender that keeps what it is given. */
function keptJobs(): { jobs: JobSender; queued: { name: string; payload: unknown }[] } {
  const queued: { name: string; payload: unknown }[] = [];
  return {
    queued,
    jobs: {
      async send(job, payload) {
        queued.push({ name: job.name, payload });
        return null;
      },
    },
  };
}

/** The tick as the worker runs it, its follow-up jobs kept instead of queued. */
async function tick(): Promise<{ name: string; payload: unknown }[]> {
  const { jobs, queued } = keptJobs();
  const deps: JobDeps = {
    database: kit.database(),
    live: { toUser: async () => undefined, toTeam: async () => undefined },
    mail: {} as JobDeps["mail"],
    appUrl: "https://app.leadflow.test",
    log: () => undefined,
    jobs,
  };
  await sendingTickJob.handler(deps, {});
  return queued;
}
const plansQueued = (queued: { name: string; payload: unknown }[]) =>
  queued.filter((j) => j.name === "sending.plan").map((j) => (j.payload as { campaignId: number }).campaignId);

const phones = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    phone: `+1212555${String(3000 + i).padStart(4, "0")}`,
    timezone: "America/New_York",
    state: "NY",
  }));

describe("the sending tick", () => {
  it("plans a started campaign again when leads join its audience, paused or active, and not otherwise", async () => {
    const t = await kit.setup(phones(3));
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await db().execute(sql`UPDATE campaigns SET status = 'paused', is_started = true WHERE id = ${c.id}`);
    await db().execute(sql`UPDATE lists SET total_leads = 3 WHERE id = ${t.list.id}`);
    await planFirstStep(db(), c.id);
    const seen = await one<{ audience_seen: number }>(
      db(),
      sql`SELECT audience_seen::float8 AS audience_seen FROM campaigns WHERE id = ${c.id}`,
    );
    expect(seen!.audience_seen).toBe(3);
    expect(plansQueued(await tick())).not.toContain(c.id);

    // Two leads join the list (its maintained counter moves, as an import moves it): the paused campaign is planned.
    await db().execute(sql`UPDATE lists SET total_leads = 5 WHERE id = ${t.list.id}`);
    expect(plansQueued(await tick())).toContain(c.id);
    await planFirstStep(db(), c.id);
    expect(plansQueued(await tick())).not.toContain(c.id);

    // A campaign whose planning is under way is left to it.
    await db().execute(sql`UPDATE lists SET total_leads = 6 WHERE id = ${t.list.id}`);
    await db().execute(sql`UPDATE campaigns SET planning_since = now() WHERE id = ${c.id}`);
    expect(plansQueued(await tick())).not.toContain(c.id);
  });

  it("plans a started campaign at once when the dynamic sync adds members to its segment, not a campaign over another", async () => {
    const t = await kit.setup(phones(2));
    const segment = async (name: string) =>
      (await one<{ id: number }>(
        db(),
        sql`INSERT INTO segments (team_id, name, total_leads) VALUES (${t.ctx.teamId}, ${name}, 2) RETURNING id`,
      ))!.id;
    const [mine, other] = [await segment("New York"), await segment("Elsewhere")];
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await attachAudience(db(), t.ctx, c.id, "segment", { ids: [mine] });
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    await planFirstStep(db(), c.id);

    const sent = keptJobs();
    expect(await planSegmentJoiners(db(), sent.jobs, [mine])).toEqual([]);
    // The sync moved the segment's counter (a lead joined): its campaign plans now, the other segment's does not.
    await db().execute(sql`UPDATE segments SET total_leads = 3 WHERE id = ${mine}`);
    expect(await planSegmentJoiners(db(), sent.jobs, [other])).toEqual([]);
    expect(await planSegmentJoiners(db(), sent.jobs, [mine])).toEqual([c.id]);
    expect(plansQueued(sent.queued)).toEqual([c.id]);
  });

  it("cancels what a stopped campaign still had planned, with why, and counts it", async () => {
    const t = await kit.setup(phones(2));
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    await planFirstStep(db(), c.id);
    await db().execute(sql`UPDATE campaigns SET status = 'stop' WHERE id = ${c.id}`);
    await tick();
    const rowsNow = await one<{ states: string[]; reasons: string[] }>(
      db(),
      sql`SELECT array_agg(DISTINCT state) AS states, array_agg(DISTINCT reason) AS reasons FROM campaign_messages WHERE campaign_id = ${c.id}`,
    );
    expect(rowsNow).toEqual({ states: ["cancelled"], reasons: ["campaign_stopped"] });
    const k = await one<{ processed: number; cancelled: number }>(
      db(),
      sql`SELECT sum(processed)::int AS processed, sum(cancelled)::int AS cancelled FROM campaign_counters WHERE campaign_id = ${c.id}`,
    );
    expect(k).toEqual({ processed: 2, cancelled: 2 });
  });
});
