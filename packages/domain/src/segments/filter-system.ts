import { CarrierTypes, type SegmentFilter, type SystemField, SystemFields } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { likePattern } from "../shared/paging";
import { intArray } from "../shared/rows";
import { type Wall, zonedInstant } from "../shared/zoned-time";
import { consentConditions } from "./filter-consent";
import { daysAgo } from "./filter-dates";
import { dateValues, dayCount, instant, numberValues, optionValues, type RowScope, stringValues, textArray } from "./filter-values";

/*
 * System attributes: the lead's own columns, and results on its phones and emails. A phone (email) field holds
 * when some phone (email) of the lead satisfies it; not_in when none does, so a lead without phones is "not in"
 * every set. Phone and email tests are EXISTS on the lead's rows by (team_id, lead_id) — lead_phones_team_lead_idx,
 * lead_emails_team_lead_idx. Every condition is true or false, never NULL, so a caller may negate a tree.
 */

type Compile = (f: SegmentFilter, scope: RowScope) => SQL | null;

const CONTACTS = { phone: sql`lead_phones`, email: sql`lead_emails` } as const;

/** Some phone (email) of the lead satisfies `cond` (on alias `c`). */
const someContact = (kind: keyof typeof CONTACTS, scope: RowScope, cond: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${CONTACTS[kind]} c WHERE c.team_id = ${scope.teamId} AND c.lead_id = l.id AND ${cond})`;

/** Status options: in — the lead's (some phone's / email's) status is one of them; not_in — none is. */
function statusIn(kind: "lead" | "phone" | "email", field: SystemField): Compile {
  return (f, scope) => {
    const picked = optionValues<number>(f, SystemFields[field], scope);
    if (!picked) return null;
    const inSet = (status: SQL) => sql`${status} = ANY(${intArray(picked)})`;
    if (kind === "lead") return f.expression === "in" ? inSet(sql`l.status`) : sql`NOT (${inSet(sql`l.status`)})`;
    const some = someContact(kind, scope, inSet(sql`c.status`));
    return f.expression === "in" ? some : sql`NOT ${some}`;
  };
}

/**
 * Text results on phones (emails): in — some phone's value equals one of the given, case-insensitively;
 * not_in — no phone's does; empty — no phone has a value ('' counts as none); not_empty — some phone has one.
 *
 * The equality is ILIKE with the value's wildcards escaped (case-insensitive equality, exactly): PostgreSQL
 * estimates it by testing the column's most common values, where `lower(col) = …` gets a fixed 0.5% guess —
 * measured at 300k leads, that guess turned "carrier type is mobile" (a quarter of the phones) into a nested loop
 * of 75k index probes at twice the time of the hash semi-join the estimate now picks. `col <> ''` likewise
 * keeps the column's statistics (its share of NULLs) where `btrim(col) <> ''` would not.
 *
 * A field with fixed options (carrier type) is stored as one of them (lookup-settle.ts writes the option itself),
 * so a value that is an option compares with `=` and only a value outside the options is tested with ILIKE:
 * the same leads, at a plain comparison per phone instead of lower-casing both sides (ILIKE) — carrier type over
 * a million phones took 2.5× the time of `=` (B5d).
 */
function contactText(kind: "phone" | "email", column: string, options?: readonly string[]): Compile {
  const col = sql`c.${sql.identifier(column)}`;
  return (f, scope) => {
    const filled = someContact(kind, scope, sql`${col} <> ''`);
    if (f.expression === "empty") return sql`NOT ${filled}`;
    if (f.expression === "not_empty") return filled;
    const values = options ? optionValues<string>(f, SystemFields.carrier_type, scope) : stringValues(f, scope);
    if (!values) return null;
    const ilike = sql`${col} ILIKE ANY(${textArray(values.map((v) => likePattern(v).slice(1, -1)))})`;
    const test = options ? sql`(${col} = ANY(${textArray(values)}) OR (${col} <> ALL(${textArray(options)}) AND ${ilike}))` : ilike;
    const some = someContact(kind, scope, test);
    return f.expression === "in" ? some : sql`NOT ${some}`;
  };
}

const NUMBER_OPS = { eq: sql`=`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` } as const;

/**
 * A number column: eq, gt, gte, lt, lte, or between (inclusive, either order). Compared as numeric — but a whole
 * number against an integer column compares as bigint: the same answer without converting every lead's value
 * to numeric, and with the column's statistics (`duplicates_count::numeric < 3` gets a fixed guess).
 */
function leadNumber(column: string, integer: boolean): Compile {
  const col = sql`l.${sql.identifier(column)}`;
  return (f, scope) => {
    const ns = numberValues(f, scope);
    if (!ns) return null;
    const asInt = integer && ns.every(Number.isSafeInteger);
    const num = (n: number) => (asInt ? sql`${String(n)}::bigint` : sql`${String(n)}::numeric`);
    if (f.expression === "between") return sql`${col} BETWEEN ${num(ns[0]!)} AND ${num(ns[1]!)}`;
    return sql`${col} ${NUMBER_OPS[f.expression as keyof typeof NUMBER_OPS]} ${num(ns[0]!)}`;
  };
}

/**
 * A timestamp column, dates read in the tree's zone as periods (a day, a minute or a second, as written):
 * before — earlier than the period; after — later than the period; between — from the first period's start to
 * the second's end; within_last_days N — in the last N×24 hours; not_within_last_days — not in them (a lead
 * that never clicked is "not within"); empty / not_empty — no value / a value. A NULL column fails the others.
 */
function leadDate(column: string, nullable: boolean): Compile {
  const col = sql`l.${sql.identifier(column)}`;
  const known = (cond: SQL) => (nullable ? sql`${col} IS NOT NULL AND ${cond}` : cond);
  return (f, scope) => {
    const at = (w: Wall) => instant(zonedInstant(w, scope.timeZone));
    switch (f.expression) {
      case "empty":
        return sql`${col} IS NULL`;
      case "not_empty":
        return sql`${col} IS NOT NULL`;
      case "within_last_days":
      case "not_within_last_days": {
        const days = dayCount(f, scope);
        if (days === null) return null;
        const within = known(sql`${col} >= ${instant(daysAgo(scope.now, days))}`);
        return f.expression === "within_last_days" ? within : sql`NOT (${within})`;
      }
    }
    const periods = dateValues(f, scope);
    if (!periods) return null;
    const [a, b] = periods;
    if (f.expression === "before") return known(sql`${col} < ${at(a!.start)}`);
    if (f.expression === "after") return known(sql`${col} >= ${at(a!.end)}`);
    return known(sql`${col} >= ${at(a!.start)} AND ${col} < ${at(b!.end)}`);
  };
}

export const systemConditions = {
  lead_status: statusIn("lead", "lead_status"),
  phone_status: statusIn("phone", "phone_status"),
  phone_lookup: (f, scope) => {
    const some = someContact("phone", scope, sql`c.looked_up_at IS NOT NULL`);
    return f.expression === "looked_up" ? some : sql`NOT ${some}`;
  },
  carrier_type: contactText("phone", "carrier_type", CarrierTypes),
  carrier_name: contactText("phone", "carrier_name"),
  lookup_action: contactText("phone", "lookup_action"),
  dnc_code: contactText("phone", "dnc_code"),
  state: contactText("phone", "state"),
  city: contactText("phone", "city"),
  timezone: contactText("phone", "timezone"),
  email_status: statusIn("email", "email_status"),
  email_result: contactText("email", "result"),
  duplicates: leadNumber("duplicates_count", true),
  revenue: leadNumber("revenue", false),
  total_clicks: leadNumber("total_clicks", true),
  last_clicked_at: leadDate("last_clicked_at", true),
  created_at: leadDate("created_at", false),
  updated_at: leadDate("updated_at", false),
  ...consentConditions,
} as const satisfies Record<SystemField, Compile>;
