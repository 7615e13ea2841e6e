import type { DataField, DateRange, SegmentFilter } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { intArray } from "../shared/rows";
import { wallOrder } from "../shared/zoned-time";
import { type Bounds, parseDatePeriod, rangeBounds } from "./filter-dates";
import { DATE_HINT, idValues, instant, type RowScope } from "./filter-values";

/*
 * Data filters: where the lead came from (its list memberships) and when it was created.
 *
 * Memberships are tested with EXISTS on list_leads by (team_id, lead_id) — the index list_leads_team_lead_idx —
 * rather than `l.id IN (SELECT lead_id …)`. At the top level of the WHERE (a group matching all) PostgreSQL pulls
 * an EXISTS up into the same semi-join as IN (measured: identical plans, a hash semi-join over the chosen lists'
 * primary-key range, or a nested loop into leads for a small list); NOT EXISTS becomes an anti-join. Under OR (a
 * group matching any) only the EXISTS form stays sane: it probes the index per lead or hashes the subquery,
 * while IN became a subplan that rescanned the whole list for every lead (11 minutes at 500k leads).
 */

/** The lead's memberships of this team, as the start of a correlated subquery (alias `m`). */
const memberships = (teamId: number) => sql`SELECT 1 FROM list_leads m WHERE m.team_id = ${teamId} AND m.lead_id = l.id`;

/** The chosen lists: the ids themselves, or the team's lists of the chosen sources (an initplan, run once). */
function chosenLists(field: "source" | "list", ids: number[], teamId: number): SQL {
  return field === "list"
    ? intArray(ids)
    : sql`ARRAY(SELECT s.id FROM lists s WHERE s.team_id = ${teamId} AND s.source_id = ANY(${intArray(ids)}))`;
}

/**
 * Source and list: equals — in some of the chosen lists (lists of the chosen sources); not_equals — in none of
 * them; unique — in some of them and in no other list; empty / not_empty — in no list / in some list;
 * first_appeared (lists) — the lead's first membership (earliest `list_leads.created_at`, ties by list id) is
 * one of the chosen lists.
 */
function membershipCondition(field: "source" | "list", f: SegmentFilter, scope: RowScope): SQL | null {
  const t = scope.teamId;
  if (f.expression === "empty") return sql`NOT EXISTS (${memberships(t)})`;
  if (f.expression === "not_empty") return sql`EXISTS (${memberships(t)})`;
  const ids = idValues(f, scope);
  if (!ids) return null;
  const lists = chosenLists(field, ids, t);
  const inChosen = sql`EXISTS (${memberships(t)} AND m.list_id = ANY(${lists}))`;
  switch (f.expression) {
    case "equals":
      return inChosen;
    case "not_equals":
      return sql`NOT ${inChosen}`;
    case "unique":
      return sql`${inChosen} AND NOT EXISTS (${memberships(t)} AND m.list_id <> ALL(${lists}))`;
    case "first_appeared":
      // A chosen membership with no earlier one: set-based (the chosen lists' rows, each checked by one index
      // probe), where "the first list = ANY(chosen)" would sort every lead's memberships.
      return sql`EXISTS (${memberships(t)} AND m.list_id = ANY(${lists}) AND NOT EXISTS (
                   SELECT 1 FROM list_leads e WHERE e.team_id = ${t} AND e.lead_id = l.id
                     AND (e.created_at, e.list_id) < (m.created_at, m.list_id)))`;
    default:
      scope.problem("expression", "This operator does not apply to the field.");
      return null;
  }
}

/** A timestamptz column within bounds (from inclusive, to exclusive); TRUE without bounds. */
export function withinBounds(column: SQL, b: Bounds | null): SQL {
  const parts = [...(b?.from ? [sql`${column} >= ${instant(b.from)}`] : []), ...(b?.to ? [sql`${column} < ${instant(b.to)}`] : [])];
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** Custom dates' problems: each date real, the end not before the start. True when there are none. */
export function checkCustomDates(f: Pick<SegmentFilter, "date_from" | "date_to">, scope: RowScope): boolean {
  const from = f.date_from ? parseDatePeriod(f.date_from) : undefined;
  const to = f.date_to ? parseDatePeriod(f.date_to) : undefined;
  let ok = true;
  const fail = (part: string, message: string) => {
    scope.problem(part, message);
    ok = false;
  };
  if (from === null) fail("date_from", DATE_HINT);
  if (to === null) fail("date_to", DATE_HINT);
  if (from && to && wallOrder(to.start) < wallOrder(from.start)) fail("date_to", "The end date is before the start date.");
  return ok;
}

/** The lead's created date within a DateRange (the expression), in the tree's zone. */
function createdCondition(f: SegmentFilter, scope: RowScope): SQL | null {
  const range = f.expression as DateRange;
  if (range === "custom_dates" && !checkCustomDates(f, scope)) return null;
  return withinBounds(sql`l.created_at`, rangeBounds(range, { from: f.date_from, to: f.date_to }, scope.timeZone, scope.now));
}

export const dataConditions = {
  source: (f, scope) => membershipCondition("source", f, scope),
  list: (f, scope) => membershipCondition("list", f, scope),
  created_at: createdCondition,
} as const satisfies Record<DataField, (f: SegmentFilter, scope: RowScope) => SQL | null>;
