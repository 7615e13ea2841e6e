import type { SegmentFilter } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { normalizeEmail, normalizePhone } from "../contacts";
import { likePattern } from "../shared/paging";
import { lowerTextArray, type RowScope, stringValues, textArray } from "./filter-values";

/*
 * Attribute filters. A string attribute's values are `leads.attrs -> '<id>'` (a JSON array, the key absent when
 * the lead has none); the system Phone attribute reads the lead's `lead_phones`, Email its `lead_emails`.
 *
 * equals — some value equals some given value, case-insensitively; not_equals — none does; unique — some value
 * is one of the given and no value is another; empty / not_empty — no value / some value; contains /
 * not_contains — some value / no value contains a given text, case-insensitively (LIKE, wildcards escaped).
 * Phones compare in E.164 (the given values normalised as imports do; "contains" compares digits), emails
 * lower-cased as stored.
 */

export const UNKNOWN_ATTRIBUTE = "This attribute no longer exists.";

/**
 * String attributes. contains is one SQL/JSON path test on the stored jsonb — a case-insensitive regular expression
 * over the attribute's array elements (`like_regex … flag "i"`), the given values escaped so they match literally.
 * It reads the binary jsonb in place, which is as cheap as a per-lead test gets (extracting the array as text,
 * lower-casing and unnesting it was 2.5× slower at a million leads).
 *
 * equals is that test anchored, AND the same values in the leads' case-folded values
 * (`lead_attrs_folded(attrs)`, migration 0022), which the GIN index leads_attrs_folded_idx answers: a value held
 * by a few percent of the leads is found from the index instead of testing every lead (B5a, docs/audiences.md
 * "Measured"). The regular expression comes first so that a plan that does read every lead (a common value, a
 * negation, an OR with a test no index answers) folds only the leads it already matched — folding a lead's values
 * costs ~2 µs, five times the regular expression. For values in ASCII the two tests agree exactly (the regular
 * expression matches a subset of what lower() equates), so the conjunction is the regular expression's meaning;
 * beyond ASCII they differ only on letters lower() and the regex's case folding treat apart (the Kelvin sign).
 * Every condition is true or false, never NULL (`@?` on a missing key is false).
 */
function stringAttribute(id: number, f: SegmentFilter, scope: RowScope): SQL | null {
  const key = sql`${String(id)}::text`;
  const has = sql`l.attrs ? ${key}`;
  if (f.expression === "empty") return sql`NOT (${has})`;
  if (f.expression === "not_empty") return has;
  const values = stringValues(f, scope);
  if (!values) return null;
  const equals = stringEquals(id, values);
  const contains = sql`(l.attrs @? ${valuesPath(id, values, false)}::jsonpath)`;
  switch (f.expression) {
    case "equals":
      return equals;
    case "not_equals":
      return sql`NOT ${equals}`;
    case "unique":
      return sql`${equals} AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(l.attrs -> ${key}) AS v(value)
                                          WHERE lower(v.value) <> ALL(${lowerTextArray(values)}))`;
    case "contains":
      return contains;
    case "not_contains":
      return sql`NOT ${contains}`;
    default:
      scope.problem("expression", "This operator does not apply to the field.");
      return null;
  }
}

/** equals over a string attribute's values (see above): also one merged test for several rows (filter-sql.ts). */
export function stringEquals(id: number, values: readonly string[]): SQL {
  return sql`(l.attrs @? ${valuesPath(id, values, true)}::jsonpath AND lead_attrs_folded(l.attrs) @? lower(${foldedPath(id, values)}::text)::jsonpath)`;
}

/** ASCII punctuation, escaped with a backslash so a regular expression takes it literally. */
const REGEX_SPECIAL = /[!-/:-@[-`{-~]/g;

/**
 * `$."<id>"[*] ? (@ like_regex "^(?:v1|v2)$" flag "i")`: some element of the attribute's array matches one of
 * the values, case-insensitively — whole (equals) or in part (contains). The path is built here and sent as one
 * bind parameter; JSON.stringify writes the regular expression as a path string literal (same escapes).
 */
export function valuesPath(attributeId: number, values: readonly string[], whole: boolean): string {
  const alternatives = values.map((v) => v.replace(REGEX_SPECIAL, (c) => `\\${c}`)).join("|");
  const regex = whole ? `^(?:${alternatives})$` : `(?:${alternatives})`;
  return `$.${JSON.stringify(String(attributeId))}[*] ? (@ like_regex ${JSON.stringify(regex)} flag "i")`;
}

/**
 * `$."<id>"[*] ? (@ == "v1" || @ == "v2")`, to be lower-cased by PostgreSQL (as the index's values were: JavaScript's
 * toLowerCase differs from lower() on a few letters) — lowering the whole path leaves its syntax alone. A path of
 * equalities is what a jsonb_path_ops index answers; one bind parameter, written like valuesPath's.
 */
export function foldedPath(attributeId: number, values: readonly string[]): string {
  return `$.${JSON.stringify(String(attributeId))}[*] ? (${values.map((v) => `@ == ${JSON.stringify(v)}`).join(" || ")})`;
}

const CONTACTS = {
  phone: { table: sql`lead_phones`, column: sql`c.phone` },
  email: { table: sql`lead_emails`, column: sql`c.email` },
} as const;

/** The given phones in E.164 or emails as stored; a value that is neither is a problem, as it can never match. */
function contactValues(kind: "phone" | "email", values: string[], scope: RowScope): string[] | null {
  const bad: string[] = [];
  const out = values.flatMap((v) => {
    const r = kind === "phone" ? normalizePhone(v, { defaultCountry: "US" }) : normalizeEmail(v);
    if (r.ok) return ["e164" in r ? r.e164 : r.email];
    bad.push(v);
    return [];
  });
  if (bad.length > 0) {
    scope.problem("values", `Not a valid ${kind === "phone" ? "phone number" : "email address"}: ${bad.join(", ")}.`);
    return null;
  }
  return [...new Set(out)];
}

/**
 * "contains" patterns: a phone's digits (and a leading +), so "(512) 555" finds +15125550100; an email's text
 * (ILIKE). A phone text without a digit can match no phone: a problem.
 */
function containsPatterns(kind: "phone" | "email", values: string[], scope: RowScope): string[] | null {
  if (kind === "email") return values.map(likePattern);
  const digits = values.map((v) => v.replace(/(?!^\+)[^\d]/g, ""));
  if (digits.some((d) => !/\d/.test(d))) {
    scope.problem("values", "Enter digits of a phone number.");
    return null;
  }
  return digits.map(likePattern);
}

/**
 * Phones and emails: the lead's rows by (team_id, lead_id), indexes lead_phones_team_lead_idx and
 * lead_emails_team_lead_idx. For equals at the top level the planner turns the EXISTS into a semi-join driven by
 * the primary key (team_id, phone/email): a few key probes, then the leads they name.
 */
function contactAttribute(kind: "phone" | "email", f: SegmentFilter, scope: RowScope): SQL | null {
  const { table, column } = CONTACTS[kind];
  const some = (cond?: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${table} c WHERE c.team_id = ${scope.teamId} AND c.lead_id = l.id${cond ? sql` AND ${cond}` : sql``})`;
  if (f.expression === "empty") return sql`NOT ${some()}`;
  if (f.expression === "not_empty") return some();
  const values = stringValues(f, scope);
  if (!values) return null;
  if (f.expression === "contains" || f.expression === "not_contains") {
    const patterns = containsPatterns(kind, values, scope);
    if (!patterns) return null;
    const contains = some(sql`${column} ILIKE ANY(${textArray(patterns)})`);
    return f.expression === "contains" ? contains : sql`NOT ${contains}`;
  }
  const given = contactValues(kind, values, scope);
  if (!given) return null;
  const equals = some(sql`${column} = ANY(${textArray(given)})`);
  switch (f.expression) {
    case "equals":
      return equals;
    case "not_equals":
      return sql`NOT ${equals}`;
    case "unique":
      return sql`${equals} AND NOT ${some(sql`${column} <> ALL(${textArray(given)})`)}`;
    default:
      scope.problem("expression", "This operator does not apply to the field.");
      return null;
  }
}

export function attributeCondition(f: SegmentFilter, scope: RowScope): SQL | null {
  const kind = f.attribute_id === undefined ? undefined : scope.attributes.get(f.attribute_id);
  if (!kind) {
    scope.problem("attribute_id", UNKNOWN_ATTRIBUTE);
    return null;
  }
  return kind === "string" ? stringAttribute(f.attribute_id!, f, scope) : contactAttribute(kind, f, scope);
}
