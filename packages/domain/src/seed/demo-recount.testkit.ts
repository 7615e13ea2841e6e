import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { one, rows } from "../shared/rows";

/*
 * The demo's figures recounted from what they count, written from the states' and tables' meaning rather than by
 * replaying the engine's deltas (as bench/src/sending/recount.ts does for the sending benchmarks): the campaign
 * counters against the send ledger, the hits, the suppressions and the conversions; the list and source counters
 * against their members; the audience's count against its membership.
 */

const TAKEN = sql.raw("('accepted', 'sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained')");
const SENT = sql.raw("('sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained')");

/** Each counted figure of a campaign, from the rows that mean it; `m` the ledger's rows of one step. */
const LEDGER = {
  processed: sql`count(*) FILTER (WHERE m.state IN ('skipped', 'cancelled', 'rejected', 'unknown') OR m.state IN ${TAKEN})`,
  sent: sql`count(*) FILTER (WHERE m.state IN ${SENT})`,
  delivered: sql`count(*) FILTER (WHERE m.state IN ('delivered', 'complained'))`,
  failed: sql`count(*) FILTER (WHERE m.state IN ('failed', 'rejected'))`,
  errors: sql`count(*) FILTER (WHERE m.state IN ('failed', 'rejected'))`,
  blocked: sql`count(*) FILTER (WHERE m.state = 'blocked')`,
  inactive_device: sql`count(*) FILTER (WHERE m.state = 'inactive')`,
  bounces: sql`count(*) FILTER (WHERE m.state = 'bounced')`,
  complaints: sql`count(*) FILTER (WHERE m.state = 'complained')`,
  cancelled: sql`count(*) FILTER (WHERE m.state = 'cancelled')`,
  cost: sql`coalesce(sum(m.cost) FILTER (WHERE m.state = 'unknown' OR m.state IN ${TAKEN}), 0)`,
  clicked: sql`count(m.clicked_at)`,
  opened: sql`count(m.opened_at)`,
} as const;

type Figure = keyof typeof LEDGER | "records" | "unsubscribed" | "revenue" | "conversations";

/** The figures where a campaign's counters differ from the recount (per step and in total); empty when they agree. */
export async function recountDemo(db: Db, campaignId: number): Promise<string[]> {
  const names = Object.keys(LEDGER) as (keyof typeof LEDGER)[];
  const cols = (f: (n: keyof typeof LEDGER) => ReturnType<typeof sql>) =>
    sql.join(
      names.map((n) => sql`round(${f(n)}, 4)::float8 AS ${sql.identifier(n)}`),
      sql`, `,
    );
  type ByStep = Record<keyof typeof LEDGER, number> & { step: number };
  const counted = await rows<ByStep>(
    db,
    sql`SELECT k.step_id AS step, ${cols((n) => sql`sum(k.${sql.identifier(n)})`)} FROM campaign_counters k
        WHERE k.campaign_id = ${campaignId} AND k.step_id <> 0 GROUP BY k.step_id ORDER BY 1`,
  );
  const recounted = await rows<ByStep>(
    db,
    sql`SELECT m.step_id AS step, ${cols((n) => LEDGER[n])} FROM campaign_messages m WHERE m.campaign_id = ${campaignId} GROUP BY m.step_id ORDER BY 1`,
  );
  const out: string[] = [];
  for (const r of recounted) {
    const c = counted.find((x) => x.step === r.step);
    for (const n of names) if (Math.abs(Number(c?.[n] ?? 0) - Number(r[n])) > 1e-6) out.push(`step ${r.step} ${n}: ${c?.[n]} ≠ ${r[n]}`);
  }
  const totals = (await one<Record<Figure, number>>(
    db,
    sql`SELECT (SELECT coalesce(sum(records), 0) FROM campaign_counters WHERE campaign_id = ${campaignId})::float8 AS records,
          (SELECT coalesce(sum(unsubscribed), 0) FROM campaign_counters WHERE campaign_id = ${campaignId})::float8 AS unsubscribed,
          (SELECT coalesce(sum(revenue), 0) FROM campaign_counters WHERE campaign_id = ${campaignId})::float8 AS revenue,
          (SELECT coalesce(sum(conversations), 0) FROM campaign_counters WHERE campaign_id = ${campaignId})::float8 AS conversations`,
  ))!;
  const truth = (await one<Record<Figure, number>>(
    db,
    sql`SELECT (SELECT count(*) FROM campaign_messages m JOIN campaign_steps s ON s.id = m.step_id
                WHERE m.campaign_id = ${campaignId} AND s.parent_step_id IS NULL
                  AND s.position = (SELECT min(position) FROM campaign_steps WHERE campaign_id = ${campaignId} AND parent_step_id IS NULL))::float8 AS records,
          (SELECT count(*) FROM suppressions WHERE campaign_id = ${campaignId} AND reason IN ('stop', 'unsubscribe'))::float8 AS unsubscribed,
          (SELECT coalesce(sum(amount), 0) FROM revenue_conversions WHERE campaign_id = ${campaignId} AND attribution IS NULL)::float8 AS revenue,
          (SELECT count(*) FROM revenue_conversions WHERE campaign_id = ${campaignId} AND attribution IS NULL)::float8 AS conversations`,
  ))!;
  for (const f of ["records", "unsubscribed", "revenue", "conversations"] as const)
    if (Math.abs(totals[f] - truth[f]) > 1e-6) out.push(`${f}: ${totals[f]} ≠ ${truth[f]}`);
  return out;
}

/** The team's leads, and whether its lists', sources' and audience's counters agree with their members. */
export async function teamTotals(db: Db, teamId: number) {
  const leads = (await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM leads WHERE team_id = ${teamId}`))!.n;
  const lists = await rows<{ ok: boolean }>(
    db,
    sql`SELECT l.total_leads = (SELECT count(*) FROM list_leads ll WHERE ll.list_id = l.id) AS ok FROM lists l WHERE l.team_id = ${teamId}`,
  );
  const sources = await rows<{ ok: boolean }>(
    db,
    sql`SELECT s.total_leads = (SELECT count(DISTINCT ll.lead_id) FROM list_leads ll JOIN lists l ON l.id = ll.list_id WHERE l.source_id = s.id) AS ok
        FROM sources s WHERE s.team_id = ${teamId}`,
  );
  const segment = await one<{ name: string; members: number; agrees: boolean }>(
    db,
    sql`SELECT s.name, s.total_leads::int AS members, s.total_leads = (SELECT count(*) FROM segment_leads sl WHERE sl.segment_id = s.id) AS agrees
        FROM segments s WHERE s.team_id = ${teamId} ORDER BY s.id LIMIT 1`,
  );
  return {
    leads,
    lists_agree: lists.length === 5 && lists.every((r) => r.ok),
    sources_agree: sources.length === 3 && sources.every((r) => r.ok),
    segment: segment ? { name: segment.name, members: segment.members } : null,
    segment_agrees: segment?.agrees === true,
  };
}
