import { RESET_TIME_PATTERN, RuleTypes } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { rows } from "../../shared/rows";
import { wallAt } from "../../shared/zoned-time";

/*
 * The frequency rules (docs/sending.md): Reset Frequency (rule 4) puts an Active campaign's frequency back to the
 * rule's count and period once a day at its reset time, in the campaign's time zone; Increase Frequency (rule 5)
 * raises it by the rule's percent, at most once an hour, while the campaign's profit is at least the rule's percent
 * of its cost, up to the rule's maximum per minute. The minute tick applies them; the dispatchers read the new rate
 * at their next claim.
 */

interface Ruled {
  id: number;
  started_at_tz: string;
  frequency_count: number | null;
  frequency_period: number | null;
  reset: { frequency_count: number; frequency_period: number; reset_time: string } | null;
  increase: { profit_percent: number; increase_percent: number; max_frequency: number } | null;
  reset_day: string | null;
  increased_at: string | null;
  cost: number;
  revenue: number;
}

const minutesOf = (resetTime: string): number | null => {
  const m = RESET_TIME_PATTERN.exec(resetTime.trim().toUpperCase());
  if (!m) return null;
  const hour = (Number(m[1]) % 12) + (m[3] === "PM" ? 12 : 0);
  return hour * 60 + Number(m[2]);
};

export async function applyFrequencyRules(db: Db, now = Date.now()): Promise<{ reset: number[]; increased: number[] }> {
  const found = await rows<Ruled>(
    db,
    sql`SELECT c.id, c.started_at_tz, c.frequency_count, c.frequency_period,
          CASE WHEN rr.is_active THEN rr.params END AS reset, CASE WHEN ri.is_active THEN ri.params END AS increase,
          p.reset_day, p.increased_at,
          coalesce((SELECT sum(k.cost + k.lookup_cost) FROM campaign_counters k WHERE k.campaign_id = c.id), 0)::float8 AS cost,
          coalesce((SELECT sum(k.revenue) FROM campaign_counters k WHERE k.campaign_id = c.id), 0)::float8 AS revenue
        FROM campaigns c
        LEFT JOIN rules rr ON rr.id = c.set_frequency_rule_id AND rr.team_id = c.team_id AND rr.type = ${RuleTypes.reset_frequency}::int
        LEFT JOIN rules ri ON ri.id = c.increase_frequency_rule_id AND ri.team_id = c.team_id AND ri.type = ${RuleTypes.increase_frequency}::int
        LEFT JOIN campaign_pacing p ON p.campaign_id = c.id
        WHERE c.status = 'active' AND c.deleted_at IS NULL AND (rr.id IS NOT NULL OR ri.id IS NOT NULL)
        ORDER BY c.id`,
  );
  const out = { reset: [] as number[], increased: [] as number[] };
  for (const c of found) {
    const w = wallAt(now, c.started_at_tz);
    const day = `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
    const at = c.reset ? minutesOf(c.reset.reset_time) : null;
    if (c.reset && at !== null && w.hour * 60 + w.minute >= at && c.reset_day !== day && c.reset.frequency_period > 0) {
      await setFrequency(db, c.id, c.reset.frequency_count, c.reset.frequency_period, sql`reset_day = ${day}`);
      out.reset.push(c.id);
      continue;
    }
    const inc = c.increase;
    if (!inc || !c.frequency_count || !c.frequency_period || c.cost <= 0) continue;
    if (c.increased_at && now - Date.parse(c.increased_at) < 3_600_000) continue;
    const profitPercent = ((c.revenue - c.cost) / c.cost) * 100;
    if (profitPercent < inc.profit_percent) continue;
    const perMinute = c.frequency_count / c.frequency_period;
    const next = Math.min(inc.max_frequency, perMinute * (1 + inc.increase_percent / 100));
    const count = Math.round(next * c.frequency_period);
    if (count <= c.frequency_count) continue;
    await setFrequency(db, c.id, count, c.frequency_period, sql`increased_at = ${new Date(now).toISOString()}::timestamptz`);
    out.increased.push(c.id);
  }
  return out;
}

async function setFrequency(db: Db, campaignId: number, count: number, period: number, pacing: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE campaigns SET frequency_count = ${count}, frequency_period = ${period}, updated_at = now() WHERE id = ${campaignId}`,
    );
    await tx.execute(sql`INSERT INTO campaign_pacing (campaign_id, tokens) VALUES (${campaignId}, 1) ON CONFLICT (campaign_id) DO NOTHING`);
    await tx.execute(sql`UPDATE campaign_pacing SET ${pacing} WHERE campaign_id = ${campaignId}`);
  });
}
