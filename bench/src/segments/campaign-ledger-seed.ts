import type { SegmentFilters } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";

/*
 * B5's campaign filters: a send ledger as large as the team's leads, made in set statements (INSERT … SELECT over
 * the leads), so a 1M-lead run holds a 1M-row ledger — campaign X (one step) sent to every other lead, campaign Y
 * (two steps) to every fourth — with a fifth of X's messages clicked and a tenth failed, their sends and clicks spread
 * over 180 days (about half of the clicks in the last 90). Another team's campaign names the same leads and must
 * never count.
 */

const tree = (t: Partial<SegmentFilters>): SegmentFilters => ({ data: [], attributes: [], system_attributes: [], campaigns: [], ...t });

export interface CampaignCase {
  id: string;
  what: string;
  filters: SegmentFilters;
  /** The same selection written by hand: a WHERE over `leads l` with $1 the team. */
  hand: string;
}

export async function seedCampaignLedger(database: Database, teamId: number): Promise<CampaignCase[]> {
  const one = async (text: string, params: unknown[]) => (await database.query<{ id: number }>(text, params)).rows[0]!.id;
  const campaign = (team: number, name: string) =>
    one("INSERT INTO campaigns (team_id, name, type, status) VALUES ($1, $2, 'sms', 'completed') RETURNING id", [team, name]);
  const step = (team: number, campaignId: number, position: number) =>
    one("INSERT INTO campaign_steps (team_id, campaign_id, position, type, name) VALUES ($1, $2, $3, 'sms', 'Step') RETURNING id", [
      team,
      campaignId,
      position,
    ]);
  const other = await one("INSERT INTO teams (name) VALUES ('Bench other team') RETURNING id", []);
  const X = await campaign(teamId, "X");
  const Y = await campaign(teamId, "Y");
  const W = await campaign(other, "W");
  const [x1, y1, y2, w1] = [await step(teamId, X, 0), await step(teamId, Y, 0), await step(teamId, Y, 1), await step(other, W, 0)];
  // One statement per campaign step: the rows of the leads it went to, sent (id % 180) days ago, some failed.
  const ledger = (team: number, campaignId: number, stepId: number, which: string, clicks: string) =>
    database.query(
      `INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, due_at,
         submitted_at, sent_at, delivered_at, clicked_at)
       SELECT $1, $2, $3, $3, l.id, 'sms', '+1' || (2000000000 + l.id), CASE WHEN l.id % 20 = 6 THEN 'failed' ELSE 'delivered' END,
         t.sent, t.sent, t.sent, CASE WHEN l.id % 20 = 6 THEN NULL ELSE t.sent END,
         CASE WHEN ${clicks} AND l.id % 20 <> 6 THEN t.sent + interval '1 hour' END
       FROM leads l, LATERAL (SELECT now() - (l.id % 180) * interval '1 day' AS sent) t
       WHERE l.team_id = $4 AND ${which}`,
      [team, campaignId, stepId, teamId],
    );
  await ledger(teamId, X, x1, "l.id % 2 = 0", "l.id % 10 = 0");
  await ledger(teamId, Y, y1, "l.id % 4 = 1", "l.id % 30 = 1");
  await ledger(teamId, Y, y2, "l.id % 4 = 1", "FALSE");
  await ledger(other, W, w1, "l.id % 3 = 0", "TRUE");
  await database.query("VACUUM ANALYZE campaign_messages");
  await database.query("ANALYZE campaign_steps");
  await database.query("ANALYZE campaigns");
  return campaignCases(X);
}

/** B5f and B5g over campaign X of the ledger seeded above. */
export function campaignCases(X: number): CampaignCase[] {
  const filter = (expression: string, period: "all_time" | "last_90_days") =>
    tree({ campaigns: [{ field: "campaign", expression, values: [X], period }] });
  return [
    {
      id: "B5f",
      what: "campaign filter (clicked in campaign X in the last 90 days, 5% of leads)",
      filters: filter("clicked", "last_90_days"),
      hand: `l.id IN (SELECT m.lead_id FROM campaign_messages m WHERE m.campaign_id = ${X} AND m.clicked_at >= now() - interval '90 days')`,
    },
    {
      id: "B5g",
      what: "campaign filter (sent and not clicked in campaign X, 40% of leads)",
      filters: filter("non_clicked", "all_time"),
      hand: `l.id IN (SELECT m.lead_id FROM campaign_messages m WHERE m.campaign_id = ${X} AND m.sent_at IS NOT NULL
        GROUP BY m.lead_id HAVING count(m.clicked_at) = 0)`,
    },
  ];
}
