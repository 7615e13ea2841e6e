import type { Database } from "@leadflow/db";

/*
 * B16's truth, and the last check of every sending fault run: a campaign's counters (`campaign_counters`, written by
 * the engine beside each ledger change) against a recount of its ledger, written here from the states' meaning
 * (counters.ts, apply-events.outcomes.ts, dispatch-record.ts) rather than by replaying the engine's deltas:
 * - records: the rows of its first step (planned or enrolled; counted campaign-wide, on step 0);
 * - processed: every row that is done with or was handed to a provider (skipped, cancelled, rejected, unknown and
 *   everything the provider took);
 * - sent: what the provider sent (sent and every final outcome after it); delivered: delivered and complained;
 * - failed and errors: failed at the provider, or rejected by it; blocked, inactive_device, bounces, complaints and
 *   cancelled: rows in those states; cool-offs: rows skipped for those reasons;
 * - cost: the rows that may have been sent (the provider took them, or their outcome is unknown), and the welcome
 *   messages that may have been (their cost is written when the provider took them or may have: lane-welcomes.ts
 *   counts it on their step, so a campaign's profit pays for them).
 * Every figure but records is compared per step as well as in total (a skip at planning is counted on part 0, so parts
 * are not compared). The daily-limit figure counts deferrals (a row deferred twice counts twice): it has no recount.
 */

const TAKEN = "('accepted', 'sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained')";
const SENT = "('sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained')";

/** Each figure as a recount of the ledger's rows (`m`), by the states that count for it. */
const BY_STATE = {
  processed: `count(*) FILTER (WHERE m.state IN ('skipped', 'cancelled', 'rejected', 'unknown') OR m.state IN ${TAKEN})`,
  sent: `count(*) FILTER (WHERE m.state IN ${SENT})`,
  delivered: `count(*) FILTER (WHERE m.state IN ('delivered', 'complained'))`,
  failed: `count(*) FILTER (WHERE m.state IN ('failed', 'rejected'))`,
  errors: `count(*) FILTER (WHERE m.state IN ('failed', 'rejected'))`,
  blocked: `count(*) FILTER (WHERE m.state = 'blocked')`,
  inactive_device: `count(*) FILTER (WHERE m.state = 'inactive')`,
  bounces: `count(*) FILTER (WHERE m.state = 'bounced')`,
  complaints: `count(*) FILTER (WHERE m.state = 'complained')`,
  cancelled: `count(*) FILTER (WHERE m.state = 'cancelled')`,
  cool_offs: `count(*) FILTER (WHERE m.state = 'skipped' AND m.reason = 'cool_off_period')`,
  cool_offs_inactive_device: `count(*) FILTER (WHERE m.state = 'skipped' AND m.reason = 'cool_off_inactive_device')`,
  cost: `coalesce(sum(m.cost) FILTER (WHERE m.state = 'unknown' OR m.state IN ${TAKEN}), 0)`,
} as const;

type Figure = keyof typeof BY_STATE;
const FIGURES = Object.keys(BY_STATE) as Figure[];
export type Figures = Record<Figure | "records", number>;

const rounded = (expr: string, name: string) => `round(${expr}, 4)::float8 AS ${name}`;

const RECOUNT_BY_STEP = `
  SELECT m.step_id AS step, ${FIGURES.map((f) => rounded(BY_STATE[f], f)).join(", ")}
  FROM campaign_messages m WHERE m.campaign_id = $1 GROUP BY m.step_id`;

const COUNTED_BY_STEP = `
  SELECT k.step_id AS step, ${FIGURES.map((f) => rounded(`sum(k.${f})`, f)).join(", ")}
  FROM campaign_counters k WHERE k.campaign_id = $1 GROUP BY k.step_id`;

const WELCOME_COST_BY_STEP = `
  SELECT w.step_id AS step, round(sum(w.cost), 4)::float8 AS cost
  FROM welcome_messages w WHERE w.campaign_id = $1 AND w.cost IS NOT NULL GROUP BY w.step_id`;

const RECORDS = `
  SELECT (SELECT coalesce(sum(k.records), 0) FROM campaign_counters k WHERE k.campaign_id = $1)::float8 AS counted,
         (SELECT count(*) FROM campaign_messages m WHERE m.campaign_id = $1 AND m.step_id = (
            SELECT s.id FROM campaign_steps s WHERE s.campaign_id = $1 AND s.parent_step_id IS NULL ORDER BY s.position, s.id LIMIT 1
          ))::float8 AS recounted`;

type StepFigures = Record<Figure, number> & { step: number };

const differ = (a: number, b: number) => Math.abs(a - b) > 1e-6;

/** The counters and the recount of one campaign (totals), and every figure where they differ (none: they are equal). */
export async function recountCampaign(
  database: Database,
  campaignId: number,
): Promise<{ counted: Figures; recounted: Figures; mismatches: string[] }> {
  const counted = (await database.query<StepFigures>(COUNTED_BY_STEP, [campaignId])).rows;
  const recounted = (await database.query<StepFigures>(RECOUNT_BY_STEP, [campaignId])).rows;
  for (const w of (await database.query<{ step: number; cost: number }>(WELCOME_COST_BY_STEP, [campaignId])).rows) {
    const row = recounted.find((r) => Number(r.step) === Number(w.step));
    if (row) row.cost = Number(row.cost) + Number(w.cost);
    else recounted.push({ ...(Object.fromEntries(FIGURES.map((f) => [f, 0])) as Record<Figure, number>), step: w.step, cost: w.cost });
  }
  const records = (await database.query<{ counted: number; recounted: number }>(RECORDS, [campaignId])).rows[0]!;
  const totals = (list: StepFigures[]): Figures => {
    const sum = { records: 0 } as Figures;
    for (const f of FIGURES) sum[f] = list.reduce((s, r) => s + Number(r[f]), 0);
    return sum;
  };
  const counts = { ...totals(counted), records: records.counted };
  const recounts = { ...totals(recounted), records: records.recounted };
  const mismatches: string[] = [];
  for (const f of ["records", ...FIGURES] as const)
    if (differ(counts[f], recounts[f])) mismatches.push(`campaign ${campaignId} ${f}: counters ${counts[f]}, ledger ${recounts[f]}`);
  const steps = new Set([...counted, ...recounted].map((r) => Number(r.step)));
  for (const step of [...steps].sort((a, b) => a - b)) {
    const c = counted.find((r) => Number(r.step) === step);
    const r = recounted.find((x) => Number(x.step) === step);
    for (const f of FIGURES) {
      const [a, b] = [Number(c?.[f] ?? 0), Number(r?.[f] ?? 0)];
      if (differ(a, b)) mismatches.push(`campaign ${campaignId} step ${step} ${f}: counters ${a}, ledger ${b}`);
    }
  }
  return { counted: counts, recounted: recounts, mismatches };
}

/** The figures where a campaign's counters differ from a recount of its ledger; empty when they are equal. */
export async function recountMismatches(database: Database, campaignId: number): Promise<string[]> {
  return (await recountCampaign(database, campaignId)).mismatches;
}
