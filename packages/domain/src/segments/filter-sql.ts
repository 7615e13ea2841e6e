import {
  type DataField,
  type FilterGroup,
  FilterGroups,
  filterTreeProblems,
  type SegmentFilter,
  type SegmentFilters,
  type SystemField,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { isTimeZone } from "../shared/zoned-time";
import { attributeCondition, stringEquals } from "./filter-attributes";
import { campaignCondition } from "./filter-campaigns";
import { dataConditions } from "./filter-data";
import { systemConditions } from "./filter-system";
import { type AttributeKind, type RowScope, stringValues } from "./filter-values";

/**
 * The segment filter compiler: a filter tree (the contracts' SegmentFilters) to one boolean SQL expression over
 * `leads l`, for `SELECT … FROM leads l WHERE l.team_id = $team AND <compiled>`. Pure: the team's attribute
 * types come in the context (loadCompileContext), whether ids exist is checkFilterRefs' part.
 *
 * Shape: each group's rows combine by the group's match — all (AND, the default) or any (OR) — and the groups
 * AND together; an empty tree (or group) is TRUE. Every value is a bind parameter; every condition is true or
 * false, never NULL, so `NOT (<compiled>)` is exactly the leads that do not match.
 *
 * What the operators mean (product decisions):
 * - Source / List (ids): equals — the lead is in some chosen list (some list of a chosen source); not_equals — in
 *   none of them; unique — in some of them and in no other list; empty / not_empty — in no list / some list
 *   (values ignored); first_appeared (lists) — its first membership (earliest list_leads.created_at, ties by
 *   list id) is a chosen list. Other teams' ids match nothing.
 * - Created date (a DateRange): all_time — every lead; last_24_hours / 7 / 30 / 90 days — created in the last
 *   N×24 hours before now; this_month / this_year — the calendar month / year in the tree's zone; custom_dates —
 *   from date_from (inclusive) to date_to (inclusive, the whole day / minute / second written).
 * - Attributes: see filter-attributes.ts — case-insensitive equals / not_equals / unique / contains /
 *   not_contains over any of the lead's values, empty / not_empty; phones in E.164, emails lower-cased.
 * - System attributes: see filter-system.ts — statuses in / not_in; phone and email results in / not_in /
 *   empty / not_empty over any of the lead's phones (emails), case-insensitive; numbers eq / gt / gte / lt / lte
 *   / between (inclusive); dates before / after / between (in the tree's zone) and within / not within the last
 *   N days; last clicked also empty / not_empty.
 * - Campaigns: see filter-campaigns.ts — sent / non_clicked / clicked / opened / unsubscribed / bounced / complained
 *   in the chosen campaigns (none: any of the team's) within the period, narrowed to message statuses.
 *
 * Dates are read in `tree.timezone` (IANA; UTC when absent).
 */

export interface CompileContext {
  teamId: number;
  /** The team's attributes by id, with their type. */
  attributes: ReadonlyMap<number, AttributeKind>;
  /** The clock relative ranges count back from (tests pin it); now when absent. */
  now?: Date;
}

type Compile = (f: SegmentFilter, scope: RowScope) => SQL | null;

const groupCompilers = {
  data: (f, scope) => dataConditions[f.field as DataField](f, scope),
  attributes: attributeCondition,
  system_attributes: (f, scope) => systemConditions[f.field as SystemField](f, scope),
  campaigns: campaignCondition,
} as const satisfies Record<FilterGroup, Compile>;

function compile(tree: SegmentFilters, ctx: CompileContext): { where: SQL; problems: Record<string, string[]> } {
  // Incomplete rows (the builder's own rule) are reported as they are and not compiled further.
  const problems = filterTreeProblems(tree);
  const incomplete = new Set(Object.keys(problems).map((k) => k.split(".").slice(0, 2).join(".")));
  let timeZone = tree.timezone?.trim() || "UTC";
  if (!isTimeZone(timeZone)) {
    problems.timezone = ["Unknown time zone."];
    timeZone = "UTC";
  }
  const now = ctx.now ?? new Date();
  const groups: SQL[] = [];
  for (const group of FilterGroups) {
    const any = tree.match?.[group] === "any";
    const conditions: SQL[] = [];
    // Under "match any", equals rows on one string attribute are one equals of all their values: the same leads,
    // with one pass over a lead's values instead of one per row (the 8-condition tree of B5e).
    const equalsAny = new Map<number, string[]>();
    tree[group].forEach((f, i) => {
      if (incomplete.has(`${group}.${i}`)) return;
      const scope: RowScope = {
        teamId: ctx.teamId,
        timeZone,
        now,
        attributes: ctx.attributes,
        problem: (part, message) => {
          (problems[`${group}.${i}.${part}`] ??= []).push(message);
        },
      };
      const id = f.attribute_id;
      if (any && group === "attributes" && f.expression === "equals" && id !== undefined && ctx.attributes.get(id) === "string") {
        const values = stringValues(f, scope);
        if (values) equalsAny.set(id, [...(equalsAny.get(id) ?? []), ...values]);
        return;
      }
      const condition = groupCompilers[group](f, scope);
      if (condition) conditions.push(sql`(${condition})`);
    });
    for (const [id, values] of equalsAny) conditions.push(sql`(${stringEquals(id, [...new Set(values)])})`);
    if (conditions.length > 0) groups.push(sql`(${sql.join(conditions, any ? sql` OR ` : sql` AND `)})`);
  }
  return { where: groups.length > 0 ? sql.join(groups, sql` AND `) : sql`TRUE`, problems };
}

/**
 * Everything wrong with a tree that the context can tell, keyed `group.index.part` (and `timezone`): the
 * builder's completeness rule (filterTreeProblems), then values (numbers, dates, options, ids, phones, emails),
 * unknown attributes and the zone. Empty when the tree compiles.
 */
export function filterProblems(tree: SegmentFilters, ctx: CompileContext): Record<string, string[]> {
  return compile(tree, ctx).problems;
}

/** The tree as SQL over `leads l`; a tree with problems is a 422 (`segment_filters_invalid`) listing them all. */
export function compileFilters(tree: SegmentFilters, ctx: CompileContext): SQL {
  const { where, problems } = compile(tree, ctx);
  if (Object.keys(problems).length > 0) throw new AppError("segment_filters_invalid", undefined, problems);
  return where;
}
