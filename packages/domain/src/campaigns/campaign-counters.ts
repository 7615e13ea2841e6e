import { sql } from "drizzle-orm";
import type { DbOrTx } from "../shared/rows";

/*
 * Campaign counters (docs/campaign-statistics.md): every transaction that changes ledger rows adds its own deltas per
 * (campaign, step, part, day), one upsert per key per batch. Nothing else writes `campaign_counters`, and the list,
 * cards and statistics read only it; a test recounts the ledger and compares.
 */

/** The counted columns, by the names the SQL uses. */
export const CounterColumns = [
  "records",
  "processed",
  "sent",
  "delivered",
  "failed",
  "errors",
  "opened",
  "clicked",
  "spam",
  "unsubscribed",
  "cool_offs",
  "cool_offs_inactive_device",
  "daily_limit",
  "blocked",
  "inactive_device",
  "cancelled",
  "bounces",
  "complaints",
  "conversations",
  "cost",
  "revenue",
  "revenue_by_bot",
  "revenue_by_expired",
  "revenue_by_state_filter",
  "lookup_cost",
] as const;
export type CounterColumn = (typeof CounterColumns)[number];

/** Where a delta lands: `stepId`/`partId` 0 for a campaign-wide figure (the audience's records). */
export interface CounterKey {
  teamId: number;
  campaignId: number;
  stepId: number;
  partId: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
}

export type CounterDelta = CounterKey & Partial<Record<CounterColumn, number>>;

export const utcDay = (at: Date | number = Date.now()) => new Date(at).toISOString().slice(0, 10);

/** Sums deltas by key in memory: a batch of 500 outcomes of one step is one row to write. */
export class CounterBatch {
  private readonly byKey = new Map<string, CounterDelta>();

  add(key: CounterKey, column: CounterColumn, by = 1): this {
    if (by === 0) return this;
    const k = `${key.campaignId}|${key.stepId}|${key.partId}|${key.day}`;
    const found = this.byKey.get(k) ?? { ...key };
    found[column] = (found[column] ?? 0) + by;
    this.byKey.set(k, found);
    return this;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Writes every key in one statement; nothing when empty. */
  async write(db: DbOrTx): Promise<void> {
    // In key order: two writers that lock the same counter rows take them in one order, and never deadlock.
    const ordered = [...this.byKey.values()].sort(
      (a, b) => a.campaignId - b.campaignId || a.stepId - b.stepId || a.partId - b.partId || a.day.localeCompare(b.day),
    );
    await writeCounterDeltas(db, ordered);
    this.byKey.clear();
  }
}

/** The figures the Statistics tab charts per hour (`campaign_counter_hours`). */
export const HourColumns = [
  "sent",
  "delivered",
  "failed",
  "errors",
  "blocked",
  "inactive_device",
  "cancelled",
  "bounces",
  "complaints",
  "opened",
  "clicked",
  "unsubscribed",
] as const satisfies readonly CounterColumn[];

/**
 * One statement for all the deltas (keys unique within the call: CounterBatch sums them first): the daily counters,
 * and the charted figures into the current UTC hour (a delta dated another day — a test's clock — lands at that
 * day's midnight).
 */
export async function writeCounterDeltas(db: DbOrTx, deltas: readonly CounterDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const ids = (cols: readonly string[]) =>
    sql.join(
      cols.map((c) => sql.identifier(c)),
      sql`, `,
    );
  const values = deltas.map(
    (d) =>
      sql`(${d.teamId}::int, ${d.campaignId}::int, ${d.stepId}::int, ${d.partId}::int, ${d.day}::date, ${sql.join(
        CounterColumns.map((c) => sql`${d[c] ?? 0}::numeric`),
        sql`, `,
      )})`,
  );
  const added = (table: string, cols: readonly string[]) =>
    sql.join(
      cols.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(table)}.${sql.identifier(c)} + excluded.${sql.identifier(c)}`),
      sql`, `,
    );
  const charted = deltas.some((d) => HourColumns.some((c) => d[c]));
  const hours = charted
    ? sql`, h AS (
        INSERT INTO campaign_counter_hours (team_id, campaign_id, hour, ${ids(HourColumns)})
        SELECT team_id, campaign_id,
               CASE WHEN day = (now() AT TIME ZONE 'UTC')::date THEN date_trunc('hour', now()) ELSE day::timestamp AT TIME ZONE 'UTC' END,
               ${sql.join(
                 HourColumns.map((c) => sql`sum(${sql.identifier(c)})`),
                 sql`, `,
               )}
        FROM d WHERE ${sql.join(
          HourColumns.map((c) => sql`${sql.identifier(c)} <> 0`),
          sql` OR `,
        )}
        GROUP BY 1, 2, 3 ORDER BY 2, 3
        ON CONFLICT (campaign_id, hour) DO UPDATE SET ${added("campaign_counter_hours", HourColumns)})`
    : sql``;
  await db.execute(
    sql`WITH d (team_id, campaign_id, step_id, part_id, day, ${ids(CounterColumns)}) AS (VALUES ${sql.join(values, sql`, `)}),
        k AS (
          INSERT INTO campaign_counters (team_id, campaign_id, step_id, part_id, day, ${ids(CounterColumns)})
          SELECT * FROM d ORDER BY campaign_id, step_id, part_id, day
          ON CONFLICT (campaign_id, step_id, part_id, day) DO UPDATE SET ${added("campaign_counters", CounterColumns)})
        ${hours}
        SELECT 1`,
  );
}
