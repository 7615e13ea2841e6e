import type { SourceSortKeys } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { SortMap } from "../shared/paging";

/**
 * The counter columns of `sources` and `lists` as the API shows them. The "today" counters count only when
 * they were written today; percentages come from maintained numerators and denominators.
 */
export function aggregationColumns(alias: string): SQL {
  const t = sql.raw(alias);
  return sql`${t}.id,
    ${t}.total_leads::int AS total_leads,
    (CASE WHEN ${t}.today_on = current_date THEN ${t}.unique_today ELSE 0 END)::int AS unique_today,
    (CASE WHEN ${t}.today_on = current_date THEN ${t}.added_today ELSE 0 END)::int AS added_today,
    ${t}.total_flagged_leads::int AS total_flagged_leads,
    ${t}.total_blacklisted_leads::int AS total_blacklisted_leads,
    (CASE WHEN ${t}.contacts_total > 0 THEN round(100.0 * ${t}.contacts_looked_up / ${t}.contacts_total, 2) ELSE 0 END)::float8 AS percentage_lookup,
    (CASE WHEN ${t}.contacts_total > 0 THEN round(100.0 * ${t}.contacts_verified / ${t}.contacts_total, 2) ELSE 0 END)::float8 AS percentage_verified`;
}

/** How sources and lists sort: the "today" counters as they show, percentages by their ratio. */
export function aggregationSorts(alias: string) {
  const t = sql.raw(alias);
  const today = (col: SQL) => sql`(CASE WHEN ${t}.today_on = current_date THEN ${col} ELSE 0 END)`;
  const pct = (col: SQL) => sql`(CASE WHEN ${t}.contacts_total > 0 THEN ${col}::float8 / ${t}.contacts_total ELSE 0 END)`;
  return {
    name: sql`lower(${t}.name)`,
    total_leads: sql`${t}.total_leads`,
    unique_today: today(sql`${t}.unique_today`),
    added_today: today(sql`${t}.added_today`),
    total_flagged_leads: sql`${t}.total_flagged_leads`,
    total_blacklisted_leads: sql`${t}.total_blacklisted_leads`,
    percentage_verified: pct(sql`${t}.contacts_verified`),
    percentage_lookup: pct(sql`${t}.contacts_looked_up`),
    created_at: sql`${t}.created_at`,
    updated_at: sql`${t}.updated_at`,
    id: sql`${t}.id`,
  } satisfies SortMap<(typeof SourceSortKeys)[number]>;
}
