import type { MessageReason } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../../campaigns";
import { type DbOrTx, intArray, rows } from "../../shared/rows";
import { shift, wallAt, zonedInstant } from "../../shared/zoned-time";
import { type DailyLimitDeferred, enrollDailyLimitTriggers } from "../plan/daily-limit-trigger";

/*
 * A campaign's frequency and daily limit (docs/sending.md), whatever gateways send for it: before each claim, the
 * campaigns with due rows on the gateway take their allowance from `campaign_pacing` (locked, so two dispatchers
 * never spend it twice) — a token bucket refilled at frequency_count per frequency_period minutes, and what is left
 * of the daily limit on the campaign's local day. A campaign whose day is used up has its due rows moved to its next
 * day with the reason `daily_limit`; one out of tokens waits for the next.
 */

/** How many seconds of its rate a campaign may send at once: a batch, not a burst. */
const BUCKET_SECONDS = 10;

export interface Allowances {
  /** Rows each limited campaign may claim now; campaigns not listed have no limit. */
  quota: Map<number, number>;
  /** When a campaign out of tokens gets its next one (ms from now); null when none waits for tokens. */
  waitMs: number | null;
  /** Gateways of the trigger campaigns the daily-limit deferrals enrolled leads into: their dispatchers are woken. */
  triggered: number[];
  /** Commits what was claimed per campaign. */
  spend(tx: DbOrTx, claimed: Map<number, number>): Promise<void>;
}

interface Limited {
  id: number;
  team_id: number;
  frequency_count: number | null;
  frequency_period: number | null;
  daily_limit: number | null;
  started_at_tz: string;
  tokens: number | null;
  refilled_at: string | null;
  day: string | null;
  sent_today: number | null;
}

const localDay = (now: number, zone: string) => {
  const w = wallAt(now, zone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};
/** The next local midnight in the campaign's zone. */
const nextMidnight = (now: number, zone: string) => {
  const next = shift({ ...wallAt(now, zone), hour: 0, minute: 0, second: 0 }, { day: 1 });
  return zonedInstant(next, zone).getTime();
};

/** `counters`: where the daily-limit deferrals count (written by the caller); none: written at once. */
export async function takeAllowances(tx: DbOrTx, gatewayId: number, now = Date.now(), counters?: CounterBatch): Promise<Allowances> {
  const limited = await rows<{ id: number }>(
    tx,
    sql`SELECT c.id FROM campaigns c
        WHERE c.status = 'active' AND ((c.frequency_count > 0 AND c.frequency_period > 0) OR c.daily_limit IS NOT NULL)
          AND EXISTS (SELECT 1 FROM campaign_messages m
                      WHERE m.campaign_id = c.id AND m.gateway_id = ${gatewayId} AND m.state = 'planned' AND m.due_at <= now())
        ORDER BY c.id`,
  );
  const none: Allowances = { quota: new Map(), waitMs: null, triggered: [], spend: async () => {} };
  if (limited.length === 0) return none;
  const ids = limited.map((c) => c.id);
  // A campaign's first message need not wait for a token: the bucket starts with one.
  await tx.execute(
    sql`INSERT INTO campaign_pacing (campaign_id, tokens) SELECT unnest(${intArray(ids)}), 1 ON CONFLICT (campaign_id) DO NOTHING`,
  );
  const found = await rows<Limited>(
    tx,
    sql`SELECT c.id, c.team_id, c.frequency_count, c.frequency_period, c.daily_limit, c.started_at_tz,
          p.tokens::float8 AS tokens, p.refilled_at, p.day, p.sent_today
        FROM campaign_pacing p JOIN campaigns c ON c.id = p.campaign_id
        WHERE p.campaign_id = ANY(${intArray(ids)}) ORDER BY p.campaign_id FOR UPDATE OF p`,
  );
  const quota = new Map<number, number>();
  const state = new Map<number, { tokens: number | null; day: string; sent: number }>();
  const exhausted: Limited[] = [];
  let waitMs: number | null = null;
  for (const c of found) {
    const day = localDay(now, c.started_at_tz);
    const sent = c.day === day ? (c.sent_today ?? 0) : 0;
    let allowed = Number.POSITIVE_INFINITY;
    let tokens: number | null = null;
    if (c.frequency_count && c.frequency_period) {
      const rate = c.frequency_count / (c.frequency_period * 60); // per second
      const elapsed = Math.max(0, (now - Date.parse(c.refilled_at ?? new Date(now).toISOString())) / 1000);
      tokens = Math.min(Math.max(1, rate * BUCKET_SECONDS), (c.tokens ?? 0) + rate * elapsed);
      allowed = Math.floor(tokens);
      if (allowed < 1) {
        const ms = Math.ceil(((1 - tokens) / rate) * 1000);
        waitMs = waitMs === null ? ms : Math.min(waitMs, ms);
      }
    }
    if (c.daily_limit !== null) {
      const left = c.daily_limit - sent;
      if (left <= 0) exhausted.push(c);
      allowed = Math.min(allowed, Math.max(0, left));
    }
    quota.set(c.id, Number.isFinite(allowed) ? allowed : Number.MAX_SAFE_INTEGER);
    state.set(c.id, { tokens, day, sent });
  }
  const triggered = exhausted.length ? await deferToNextDay(tx, gatewayId, exhausted, now, counters) : [];

  return {
    quota,
    waitMs,
    triggered,
    async spend(db, claimed) {
      const values = found.map((c) => {
        const s = state.get(c.id)!;
        const n = claimed.get(c.id) ?? 0;
        const tokens = s.tokens === null ? 0 : Math.max(0, s.tokens - n);
        return sql`(${c.id}::int, ${tokens}::numeric, ${s.day}::text, ${s.sent + n}::int)`;
      });
      await db.execute(
        sql`UPDATE campaign_pacing p SET tokens = v.tokens, refilled_at = ${new Date(now).toISOString()}::timestamptz, day = v.day,
              sent_today = v.sent
            FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, tokens, day, sent) WHERE p.campaign_id = v.id`,
      );
    },
  };
}

const DAILY_LIMIT: MessageReason = "daily_limit";

/**
 * The day is used up: the campaign's due rows on this gateway wait for its next local day, counted once a day. Their
 * window closes as the day starts, so the claim moves them into that day's window (deferMissedWindows).
 */
async function deferToNextDay(
  tx: DbOrTx,
  gatewayId: number,
  campaigns: readonly Limited[],
  now: number,
  into?: CounterBatch,
): Promise<number[]> {
  const counters = into ?? new CounterBatch();
  const deferred: DailyLimitDeferred[] = [];
  for (const c of campaigns) {
    const next = new Date(Math.max(nextMidnight(now, c.started_at_tz), now + 60_000)).toISOString();
    const moved = await rows<{ step_id: number; part_id: number; n: number; lead_ids: number[] }>(
      tx,
      sql`WITH moved AS (
            UPDATE campaign_messages SET due_at = ${next}::timestamptz, not_after = ${next}::timestamptz, reason = ${DAILY_LIMIT}, updated_at = now()
            WHERE campaign_id = ${c.id} AND gateway_id = ${gatewayId} AND state = 'planned' AND due_at <= now()
            RETURNING step_id, part_id, lead_id)
          SELECT step_id, part_id, count(*)::int AS n, array_agg(lead_id::float8) AS lead_ids FROM moved GROUP BY step_id, part_id`,
    );
    for (const m of moved)
      counters.add({ teamId: c.team_id, campaignId: c.id, stepId: m.step_id, partId: m.part_id, day: utcDay(now) }, "daily_limit", m.n);
    deferred.push({ teamId: c.team_id, campaignId: c.id, leadIds: moved.flatMap((m) => m.lead_ids) });
  }
  if (!into) await counters.write(tx);
  // The daily-limit trigger: the deferred leads enter the team's trigger campaigns (daily-limit-trigger.ts).
  return enrollDailyLimitTriggers(tx, deferred);
}
