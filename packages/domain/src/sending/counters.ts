import { sql } from "drizzle-orm";
import type { DbOrTx } from "../shared/rows";

/*
 * Campaign counters (CAMPAIGNS.md §6): every transaction that changes ledger rows adds its own deltas per
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

/** One upsert for all the deltas (keys unique within the call: CounterBatch sums them first). */
export async function writeCounterDeltas(db: DbOrTx, deltas: readonly CounterDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const cols = sql.join(
    CounterColumns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const values = deltas.map(
    (d) =>
      sql`(${d.teamId}::int, ${d.campaignId}::int, ${d.stepId}::int, ${d.partId}::int, ${d.day}::date, ${sql.join(
        CounterColumns.map((c) => sql`${d[c] ?? 0}::numeric`),
        sql`, `,
      )})`,
  );
  const updates = sql.join(
    CounterColumns.map((c) => sql`${sql.identifier(c)} = campaign_counters.${sql.identifier(c)} + excluded.${sql.identifier(c)}`),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO campaign_counters (team_id, campaign_id, step_id, part_id, day, ${cols})
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (campaign_id, step_id, part_id, day) DO UPDATE SET ${updates}`,
  );
}
