import { type CampaignWaiting, type CampaignWaitingBriefs, type PlanningProgress, WAITING_BRIEF_CAP } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type CampaignRecord, campaignOf } from "../campaigns";
import { audienceSizeOf } from "../sending";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, intArray, iso, rows } from "../shared/rows";
import { explainGroup, type WaitingGroup, waitingReasons } from "./waiting-reasons";

/*
 * The waiting figure: how many of a campaign's messages are planned and why they wait, for the campaign page, its
 * Statistics tab and the list. Here rather than in the engine's folder because it is a read of the campaign page
 * with the team's scope (another team's campaign is a 404), like the other statistics; what a window's rule says
 * comes from the engine's own window module (gate/window/window-rule.ts), so the claim, Queued Logs and this figure
 * name a rule the same way.
 *
 * Fast at a million planned rows: one GROUP BY over the campaign's planned rows (its entries of the ledger's
 * (campaign, state, id) index) by (reason, zone, state, country, due now, step) — a few hundred groups at most — each
 * explained once in code (waiting-reasons.ts). The step keeps a later step's delay apart from the first step's window.
 */

type Campaign = CampaignRecord & { team_id: number; planning_since: string | null };

async function groupsOf(db: DbOrTx, c: Campaign, now: number): Promise<WaitingGroup[]> {
  const found = await rows<WaitingGroup>(
    db,
    sql`SELECT m.reason, m.time_zone, m.us_state, m.country, m.due_at <= ${new Date(now).toISOString()}::timestamptz AS due,
          count(*)::int AS n, min(m.due_at) AS next
        FROM campaign_messages m
        WHERE m.campaign_id = ${c.id} AND m.team_id = ${c.team_id} AND m.state = 'planned'
        GROUP BY 1, 2, 3, 4, 5, m.step_id`,
  );
  return found.map((g) => ({ ...g, next: iso(g.next)! }));
}

/**
 * How far a planning under way is: the campaign's records (its first step's rows, counted as each slice commits) of
 * its audience's size; null when none is.
 */
async function planningProgressOf(db: DbOrTx, c: Campaign): Promise<PlanningProgress | null> {
  if (c.planning_since === null) return null;
  const [p] = await rows<PlanningProgress>(
    db,
    sql`SELECT (SELECT coalesce(sum(k.records), 0)::float8 FROM campaign_counters k WHERE k.campaign_id = ${c.id} AND k.team_id = ${c.team_id}) AS planned,
          ${audienceSizeOf(sql`${c.id}::int`)} AS total`,
  );
  return p ?? null;
}

async function waitingOf(db: DbOrTx, c: Campaign, now: number): Promise<CampaignWaiting> {
  const reasons = waitingReasons(await groupsOf(db, c, now), c, now);
  const next = reasons.flatMap((r) => (r.next_send_at ? [r.next_send_at] : [])).sort()[0] ?? null;
  return {
    campaign_id: c.id,
    waiting: reasons.reduce((n, r) => n + r.count, 0),
    next_send_at: next,
    planning_since: iso(c.planning_since),
    planning_progress: await planningProgressOf(db, c),
    reasons,
  };
}

/** The team's campaign's waiting figure (another team's campaign is a 404). `now`: the clock, for tests. */
export async function campaignWaiting(db: DbOrTx, ctx: TeamCtx, campaignId: number, now = Date.now()): Promise<CampaignWaiting> {
  return waitingOf(db, (await campaignOf(db, ctx, campaignId)) as Campaign, now);
}

/**
 * The list's compact figures for the team's Active and Paused campaigns among `ids` (a page of the list); other
 * campaigns have nothing waiting and are left out, as are another team's. Cheap whatever a campaign's size: what
 * waits is counted up to a cap, and only the next message to go is explained (the Queued Logs index's first entry).
 */
export async function campaignWaitingBriefs(
  db: DbOrTx,
  ctx: TeamCtx,
  ids: readonly number[],
  now = Date.now(),
): Promise<CampaignWaitingBriefs> {
  const campaigns = await rows<Campaign>(
    db,
    sql`SELECT * FROM campaigns WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(ids)}) AND deleted_at IS NULL
          AND status IN ('active', 'paused') ORDER BY id`,
  );
  const data: CampaignWaitingBriefs["data"] = [];
  for (const c of campaigns) {
    const planned = sql`FROM campaign_messages m WHERE m.campaign_id = ${c.id} AND m.team_id = ${c.team_id} AND m.state = 'planned'`;
    const [counted] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 ${planned} LIMIT ${WAITING_BRIEF_CAP + 1}) x`,
    );
    const [first] = await rows<WaitingGroup>(
      db,
      sql`SELECT m.reason, m.time_zone, m.us_state, m.country, m.due_at <= ${new Date(now).toISOString()}::timestamptz AS due,
            1 AS n, m.due_at AS next ${planned} ORDER BY m.due_at, m.id LIMIT 1`,
    );
    const n = counted?.n ?? 0;
    const next = first ? explainGroup({ ...first, next: iso(first.next)! }, c, now) : null;
    data.push({
      id: c.id,
      waiting: Math.min(n, WAITING_BRIEF_CAP),
      waiting_is_capped: n > WAITING_BRIEF_CAP,
      next_send_at: next?.next ?? null,
      reason: next?.label ?? null,
      planning: c.planning_since !== null,
      planning_progress: await planningProgressOf(db, c),
    });
  }
  return { data };
}
