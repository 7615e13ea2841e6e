import {
  type CampaignStepStatistics,
  percentOf,
  type SplitComparison,
  SplitMinSentPerPart,
  type StatisticQuery,
  type StepStatisticRow,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { campaignProfit } from "../campaigns";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, rows } from "../shared/rows";
import { countersOf, money, type StepNode, statisticScope, stepTree } from "./statistic-scope";
import { winProbabilities } from "./win-probability";

const FIGURES = ["processed", "sent", "delivered", "errors", "clicked", "cost", "revenue"] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
type Keyed = Figures & { step_id: number; part_id: number };

const add = (into: Figures, r: Figures) => {
  for (const f of FIGURES) into[f] += r[f];
  return into;
};
const none = (): Figures => Object.fromEntries(FIGURES.map((f) => [f, 0])) as Figures;

/**
 * How many steps the switch counts ("a split step counts as 2"): one per step, a split as many as its
 * parts and never fewer than two.
 */
export function countedSteps(steps: readonly StepNode[]): number {
  return steps
    .filter((s) => s.parent_step_id === null)
    .reduce((n, s) => n + (s.type === "split" ? Math.max(2, steps.filter((p) => p.parent_step_id === s.id).length) : 1), 0);
}

function row(step: StepNode, k: Figures): StepStatisticRow {
  const cost = money(k.cost);
  const revenue = money(k.revenue);
  return {
    id: step.id,
    name: step.name,
    type: step.type,
    parent_step_id: step.parent_step_id,
    clicked: k.clicked,
    records: k.processed,
    sent: k.sent,
    delivered: k.delivered,
    errors: k.errors,
    clicked_percent: percentOf(k.clicked, k.sent),
    cost,
    revenue,
    profit: campaignProfit({ revenue, cost, lookup_cost: 0 }),
  };
}

/** A split's parts side by side: click rate, money, and each part's chance to beat the best of the others. */
export function compareParts(split: StepNode, parts: readonly StepStatisticRow[]): SplitComparison {
  const wins = winProbabilities(parts.map((p) => ({ sent: p.sent, clicked: p.clicked })));
  // The leader beats the best of the others more likely than not; equal parts (or none sent) have no leader.
  let top = -1;
  wins.forEach((w, i) => {
    if (w !== null && w > 0.5 && (top < 0 || w > (wins[top] ?? 0))) top = i;
  });
  return {
    step_id: split.id,
    name: split.name,
    enough_data: parts.length > 0 && parts.every((p) => p.sent >= SplitMinSentPerPart),
    parts: parts.map((p, i) => ({
      id: p.id,
      name: p.name,
      sent: p.sent,
      clicked: p.clicked,
      click_rate: p.clicked_percent,
      cost: p.cost,
      revenue: p.revenue,
      profit: p.profit,
      win_probability: wins[i] ?? null,
      leader: i === top,
    })),
  };
}

/**
 * The By Step table: a row per step and per split part, from the counters keyed (step, part): a step's
 * row sums its parts, a part's row is its own.
 *
 * Records: the counters hold the audience's size campaign-wide only (step 0), not per step — a lead enters a later
 * step only when its earlier one is accepted, and a split draws its part per lead. Counting the ledger per step
 * would read every row of a million-lead campaign on each view (its index on (campaign, step, lead) does not hold
 * the part), so a step's Records is its `processed` counter: each of its ledger rows counted once when it is handled
 * (sent, refused, skipped or cancelled). A completed step's Records is every lead it had; rows still queued join it
 * as they go out. Rows the planner skips before a split draws a part count on the step, not on a part.
 */
export async function campaignStepStatistics(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  q: StatisticQuery,
): Promise<CampaignStepStatistics> {
  const s = await statisticScope(db, ctx, campaignId);
  const steps = await stepTree(db, s);
  const show_switch = countedSteps(steps) > 1;
  if (!s.available) return { available: false, show_switch, data: [], splits: [] };
  const keyed = await rows<Keyed>(
    db,
    sql`SELECT k.step_id, k.part_id, ${sql.join(
      FIGURES.map((f) => sql`sum(k.${sql.identifier(f)})::float8 AS ${sql.identifier(f)}`),
      sql`, `,
    )} ${countersOf(s, q)} AND k.step_id <> 0 GROUP BY k.step_id, k.part_id`,
  );
  const sum = (match: (k: Keyed) => boolean) => keyed.filter(match).reduce(add, none());
  const data = steps.map((step) =>
    row(step, step.parent_step_id === null ? sum((k) => k.step_id === step.id) : sum((k) => k.part_id === step.id)),
  );
  const splits = steps
    .filter((step) => step.type === "split" && step.parent_step_id === null)
    .map((split) =>
      compareParts(
        split,
        data.filter((r) => r.parent_step_id === split.id),
      ),
    );
  return { available: true, show_switch, data, splits };
}
