import { type CampaignStatus, CampaignStatusLabels, campaignProgress, type LiveEventPayload } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { utcDay } from "../../campaigns";
import type { LivePublisher } from "../../shared/live";
import { intArray, rows } from "../../shared/rows";

/*
 * Campaigns move live (docs/sending.md, "Live"): after the engine or a person changes a campaign, its team gets
 * `CampaignStatus` and `CampaignProgress` with the figures the list and the campaign page show, read from the
 * maintained counters (never a recount). A busy campaign is touched by every batch and every callback run, so each
 * process sends a campaign's events at most once per window; a call inside the window leaves one trailing send at its
 * end, which reads the state then, so the last state always arrives. Processes throttle on their own: two processes
 * touching one campaign may each send (the browser patches idempotently).
 */

export interface CampaignEventDeps {
  db: Db;
  live: LivePublisher;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

/** The clock the throttle runs on; tests pass a fake one. */
export interface CampaignEventClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => void;
}

/** At most two `CampaignProgress` a second per campaign. */
export const CAMPAIGN_EVENT_WINDOW_MS = 500;
/** Above this many remembered campaigns, those outside their window are forgotten. */
const PRUNE_ABOVE = 1000;

interface Figures {
  sent: number;
  delivered: number;
  errors: number;
  cost: number;
  revenue: number;
}
type CampaignFigures = Figures & {
  id: number;
  team_id: number;
  status: CampaignStatus;
  status_reason: string | null;
  records: number;
  processed: number;
  steps: number;
  today: Figures;
};

/** Every campaign's status and its all-time and today's counter sums, in one query; deleted campaigns are left out. */
async function readCampaigns(db: Db, ids: readonly number[], day: string): Promise<CampaignFigures[]> {
  const sum = (col: string, where = sql`true`) => sql`coalesce(sum(${sql.raw(`k.${col}`)}) FILTER (WHERE ${where}), 0)::float8`;
  const today = sql`k.day = ${day}::date`;
  return rows<CampaignFigures>(
    db,
    sql`SELECT c.id, c.team_id, c.status, c.status_reason,
          ${sum("records")} AS records, ${sum("processed")} AS processed,
          ${sum("sent")} AS sent, ${sum("delivered")} AS delivered, ${sum("errors")} AS errors, ${sum("cost")} AS cost,
          ${sum("revenue")} AS revenue,
          json_build_object('sent', ${sum("sent", today)}, 'delivered', ${sum("delivered", today)},
                            'errors', ${sum("errors", today)}, 'cost', ${sum("cost", today)}, 'revenue', ${sum("revenue", today)}) AS today,
          (SELECT count(*)::int FROM campaign_steps s WHERE s.campaign_id = c.id AND s.parent_step_id IS NULL) AS steps
        FROM campaigns c LEFT JOIN campaign_counters k ON k.campaign_id = c.id AND k.team_id = c.team_id
        WHERE c.id = ANY(${intArray(ids)}) AND c.deleted_at IS NULL
        GROUP BY c.id`,
  );
}

export function statusEvent(c: CampaignFigures): LiveEventPayload<"CampaignStatus"> {
  return { id: c.id, status: c.status, status_label: CampaignStatusLabels[c.status], status_reason: c.status_reason };
}

export function progressEvent(c: CampaignFigures, day: string): LiveEventPayload<"CampaignProgress"> {
  const t = c.today;
  return {
    id: c.id,
    records: c.records,
    processed_count: c.processed,
    progress: campaignProgress(c.processed, c.records, c.steps),
    sent: c.sent,
    delivered: c.delivered,
    failed: c.errors,
    cost: c.cost,
    revenue: c.revenue,
    today: { day, sent: t.sent, delivered: t.delivered, failed: t.errors, cost: t.cost, revenue: t.revenue },
  };
}

const realClock: CampaignEventClock = {
  now: Date.now,
  // A pending trailing send never keeps a process (a CLI run, a test) alive.
  setTimeout: (fn, ms) => void setTimeout(fn, ms).unref(),
};

/** A throttled publisher with its own memory; `publishCampaigns` is the process's one. */
export function campaignEventPublisher(clock: CampaignEventClock = realClock, windowMs = CAMPAIGN_EVENT_WINDOW_MS) {
  const lastSent = new Map<number, number>();
  /** Campaigns with a trailing send scheduled: the latest caller's deps, and the token of the timer that owns it. */
  const trailing = new Map<number, { deps: CampaignEventDeps; token: object }>();

  async function send(deps: CampaignEventDeps, ids: readonly number[]): Promise<void> {
    const now = clock.now();
    for (const id of ids) lastSent.set(id, now);
    const day = utcDay(now);
    try {
      const found = await readCampaigns(deps.db, ids, day);
      await Promise.all(
        found.flatMap((c) => [
          deps.live.toTeam(c.team_id, "CampaignStatus", statusEvent(c)),
          deps.live.toTeam(c.team_id, "CampaignProgress", progressEvent(c, day)),
        ]),
      );
    } catch (e) {
      // Live figures are a courtesy: the sending that called this must never fail for them.
      deps.log?.("campaign live events failed", { campaigns: ids, error: e instanceof Error ? e.message : String(e) });
    }
  }

  const dueAt = (id: number) => (lastSent.get(id) ?? Number.NEGATIVE_INFINITY) + windowMs;

  /** A trailing timer fired: it sends its campaign with every other trailing one whose window has ended, in one read. */
  function fire(id: number, token: object): void {
    if (trailing.get(id)?.token !== token) return;
    const now = clock.now();
    const ids = [id, ...[...trailing.keys()].filter((other) => other !== id && dueAt(other) <= now)];
    const deps = trailing.get(id)!.deps;
    for (const other of ids) trailing.delete(other);
    void send(deps, ids);
  }

  function prune(now: number): void {
    if (lastSent.size <= PRUNE_ABOVE) return;
    for (const [id, at] of lastSent) if (at + windowMs <= now && !trailing.has(id)) lastSent.delete(id);
  }

  /**
   * Publishes these campaigns' status and progress to their teams: at once for those outside their window (awaited),
   * later for the rest. Never call it inside a transaction: it reads and publishes on the connection (PGlite has one).
   */
  return async function publish(deps: CampaignEventDeps, campaignIds: readonly number[]): Promise<void> {
    const now = clock.now();
    const due: number[] = [];
    for (const id of new Set(campaignIds)) {
      const waiting = trailing.get(id);
      if (waiting) {
        waiting.deps = deps;
        continue;
      }
      const wait = dueAt(id) - now;
      if (wait <= 0) {
        due.push(id);
        continue;
      }
      const token = {};
      trailing.set(id, { deps, token });
      clock.setTimeout(() => fire(id, token), wait);
    }
    prune(now);
    if (due.length) await send(deps, due);
  };
}

export const publishCampaigns = campaignEventPublisher();
