import { StatisticQuery } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignStatistic } from "../campaign-statistics";
import { getLeadCampaigns } from "../leads";
import type { TeamCtx } from "../shared/context";
import { one, rows } from "../shared/rows";
import { DEMO_EMAIL, seedDemo, seedDemoTeam } from "./demo.seed";
import { recountDemo, teamTotals } from "./demo-recount.testkit";

let database: Database;
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const demoCtx = async (): Promise<TeamCtx> => {
  const u = (await one<{ id: number; team_id: number }>(db(), sql`SELECT id, team_id FROM users WHERE email = ${DEMO_EMAIL}`))!;
  return { teamId: u.team_id, userId: u.id, role: "team_admin" };
};
const campaign = (ctx: TeamCtx, name: string) =>
  one<{ id: number; status: string }>(db(), sql`SELECT id, status FROM campaigns WHERE team_id = ${ctx.teamId} AND name = ${name}`);

describe("the demo seed", () => {
  it("gives the demo team leads, an audience and two finished campaigns whose figures agree with their ledgers", async () => {
    const started = performance.now();
    expect(await seedDemo(db(), { appUrl: "http://demo.test" })).toMatchObject({ created: true, added: true });
    // A few seconds at most on the embedded database (it runs at the first start).
    expect(performance.now() - started).toBeLessThan(15_000);
    const ctx = await demoCtx();

    const teams = await teamTotals(db(), ctx.teamId);
    expect(teams).toMatchObject({ leads: 270, lists_agree: true, sources_agree: true, segment: { name: "New York leads", members: 72 } });
    expect(teams.segment_agrees).toBe(true);

    const sms = (await campaign(ctx, "Spring sale (SMS)"))!;
    const email = (await campaign(ctx, "Spring newsletter (email)"))!;
    expect([sms.status, email.status]).toEqual(["completed", "completed"]);
    for (const c of [sms, email]) expect(await recountDemo(db(), c.id)).toEqual([]);

    const smsFigures = await campaignStatistic(db(), ctx, sms.id, StatisticQuery.parse({}));
    expect(smsFigures).toMatchObject({ sent: 135, delivered: 120, clicked: 20 });
    expect(smsFigures.total_errors).toBe(15);
    expect(smsFigures.revenue).toBeGreaterThan(0);
    const emailFigures = await campaignStatistic(db(), ctx, email.id, StatisticQuery.parse({}));
    expect(emailFigures).toMatchObject({ sent: 119, delivered: 116, clicked: 15, opened: 39 });
    expect(emailFigures.revenue).toBe(79);

    // A question and a STOP: the STOP suppressed the number and its confirmation went out; the email unsubscribe too.
    const replies = await rows<{ intent: string; answer_state: string | null }>(
      db(),
      sql`SELECT intent, answer_state FROM inbound_messages WHERE team_id = ${ctx.teamId} ORDER BY id`,
    );
    expect(replies).toEqual([
      { intent: "none", answer_state: null },
      { intent: "stop", answer_state: "accepted" },
    ]);
    const opted = await rows<{ channel: string; reason: string }>(
      db(),
      sql`SELECT channel, reason FROM suppressions WHERE team_id = ${ctx.teamId} AND reason IN ('stop', 'unsubscribe') ORDER BY channel`,
    );
    expect(opted).toEqual([
      { channel: "email", reason: "unsubscribe" },
      { channel: "sms", reason: "stop" },
    ]);

    // The lead page of a buyer shows the click and the money the counters have.
    const buyer = (await one<{ lead_id: number; revenue: number }>(
      db(),
      sql`SELECT lead_id::float8 AS lead_id, revenue::float8 AS revenue FROM campaign_messages WHERE campaign_id = ${sms.id} AND revenue > 0 LIMIT 1`,
    ))!;
    const onLead = (await getLeadCampaigns(db(), ctx, buyer.lead_id)).data.find((c) => c.id === sms.id);
    expect(onLead).toMatchObject({ clicked: true, revenue: buyer.revenue, state: "delivered" });
  });

  it("changes nothing when run again", async () => {
    const before = await counts();
    expect(await seedDemo(db(), { appUrl: "http://demo.test" })).toMatchObject({ created: false, added: false });
    expect(await counts()).toEqual(before);
  });

  it("adds the leads and campaigns once to a demo made before them", async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoTeam(other.db);
      // Another address than the first database's: the hooks keep a gateway's verifier a few seconds by gateway id
      // and address, and this database's gateways have the same ids with other secrets.
      expect(await seedDemo(other.db, { appUrl: "http://older-demo.test" })).toMatchObject({ created: false, added: true });
      const leads = await one<{ n: number }>(other.db, sql`SELECT count(*)::int AS n FROM leads`);
      expect(leads?.n).toBe(270);
      expect(await seedDemo(other.db, { appUrl: "http://older-demo.test" })).toMatchObject({ added: false });
      expect((await one<{ n: number }>(other.db, sql`SELECT count(*)::int AS n FROM campaigns`))?.n).toBe(2);
    } finally {
      await other.close();
    }
  });
});

const counts = () =>
  one(
    db(),
    sql`SELECT (SELECT count(*) FROM leads)::int AS leads, (SELECT count(*) FROM campaigns)::int AS campaigns,
          (SELECT count(*) FROM campaign_messages)::int AS messages, (SELECT count(*) FROM message_hits)::int AS hits,
          (SELECT count(*) FROM import_lists)::int AS keys, (SELECT count(*) FROM segments)::int AS segments,
          (SELECT sum(sent) FROM campaign_counters)::int AS sent`,
  );
