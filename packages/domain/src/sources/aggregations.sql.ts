import { type SQL, sql } from "drizzle-orm";

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

/** Sort keys map to expressions, never to text from the request. */
export function aggregationSortColumn(alias: string, key: string): SQL {
  const t = sql.raw(alias);
  const today = (col: string) => sql`(CASE WHEN ${t}.today_on = current_date THEN ${t}.${sql.raw(col)} ELSE 0 END)`;
  const pct = (col: string) => sql`(CASE WHEN ${t}.contacts_total > 0 THEN ${t}.${sql.raw(col)}::float8 / ${t}.contacts_total ELSE 0 END)`;
  switch (key) {
    case "unique_today":
      return today("unique_today");
    case "added_today":
      return today("added_today");
    case "percentage_lookup":
      return pct("contacts_looked_up");
    case "percentage_verified":
      return pct("contacts_verified");
    case "name":
      return sql`lower(${t}.name)`;
    default:
      return sql`${t}.${sql.raw(key)}`;
  }
}
