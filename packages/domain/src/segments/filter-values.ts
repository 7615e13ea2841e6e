import type { FilterFieldDef, SegmentFilter } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { wallOrder } from "../shared/zoned-time";
import { type DatePeriod, parseDatePeriod } from "./filter-dates";

export type AttributeKind = "string" | "phone" | "email";

/**
 * What compiling one filter row needs: the team, the zone and clock dates are read with, the team's attributes,
 * and a way to report what is wrong with a part of the row (`values`, `date_from`…). A row with problems compiles
 * to nothing; the compiler answers all problems of the tree at once.
 */
export interface RowScope {
  teamId: number;
  timeZone: string;
  now: Date;
  attributes: ReadonlyMap<number, AttributeKind>;
  problem(part: string, message: string): void;
}

const arrayLiteral = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;

export const DATE_HINT = "Enter a date like 2026-01-31 or 2026-01-31 23:59:59.";

/**
 * A text[] parameter: one bind parameter holding an array literal, each element quoted with its backslashes and
 * quotes escaped, so no value ever reaches the SQL text. (Drizzle expands a JS array into one parameter per
 * element; a filter may hold a thousand values.)
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${arrayLiteral(values)}::text[]`;
}

/**
 * The same array lower-cased by PostgreSQL, so both sides of a case-insensitive comparison fold the same way
 * (JavaScript's toLowerCase differs from the database's lower() on a few letters). Lowering the literal's text
 * leaves its quoting alone; the parameter is a constant, so it is folded once at planning.
 */
export function lowerTextArray(values: readonly string[]): SQL {
  return sql`lower(${arrayLiteral(values)}::text)::text[]`;
}

/** Free-text values: trimmed, blanks and repeats dropped (as the builder adds them). */
export function stringValues(f: SegmentFilter, scope: RowScope): string[] | null {
  const values = [...new Set(f.values.map((v) => String(v).trim()).filter((v) => v !== ""))];
  if (values.length === 0) {
    scope.problem("values", "Choose at least one value.");
    return null;
  }
  return values;
}

/** A row's values as ids (serial keys: 1 to 2^31-1); NaN for anything else. */
export const asIds = (f: SegmentFilter) =>
  f.values.map((v) => {
    const n = typeof v === "string" && v.trim() === "" ? Number.NaN : Number(v);
    return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : Number.NaN;
  });

/** Ids of sources, lists or campaigns (whether they exist is checkFilterRefs' part). */
export function idValues(f: SegmentFilter, scope: RowScope, allowEmpty = false): number[] | null {
  const ids = asIds(f);
  if (ids.some(Number.isNaN) || (!allowEmpty && ids.length === 0)) {
    scope.problem("values", "Choose from the list.");
    return null;
  }
  return [...new Set(ids)];
}

/** Values picked from the field's fixed options (numbers compared as numbers, texts as texts). */
export function optionValues<T extends string | number>(f: SegmentFilter, def: FilterFieldDef, scope: RowScope): T[] | null {
  const allowed = new Map((def.options ?? []).map((o) => [String(o.value), o.value]));
  const picked = f.values.map((v) => allowed.get(String(v).trim()));
  if (picked.length === 0 || picked.some((v) => v === undefined)) {
    scope.problem("values", "Choose from the list.");
    return null;
  }
  return [...new Set(picked)] as T[];
}

/** A number value: a JS number or numeric text, finite. */
export function toNumber(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** The one or two (between) number values, between's in ascending order. */
export function numberValues(f: SegmentFilter, scope: RowScope): number[] | null {
  const want = f.expression === "between" ? 2 : 1;
  const ns = f.values.map(toNumber);
  if (ns.length !== want || ns.some((n) => n === null)) {
    scope.problem("values", want === 2 ? "Enter two numbers." : "Enter a number.");
    return null;
  }
  return (ns as number[]).sort((a, b) => a - b);
}

/** Whole days for within_last_days: 0 to 100 years. */
export function dayCount(f: SegmentFilter, scope: RowScope): number | null {
  const n = f.values.length === 1 ? toNumber(f.values[0]) : null;
  if (n === null || !Number.isInteger(n) || n < 0 || n > 36_500) {
    scope.problem("values", "Enter a whole number of days.");
    return null;
  }
  return n;
}

/** The one or two (between) date values as periods, between's in order. */
export function dateValues(f: SegmentFilter, scope: RowScope): DatePeriod[] | null {
  const want = f.expression === "between" ? 2 : 1;
  const periods = f.values.map(parseDatePeriod);
  if (periods.length !== want || periods.some((p) => p === null)) {
    scope.problem("values", DATE_HINT);
    return null;
  }
  return (periods as DatePeriod[]).sort((a, b) => wallOrder(a.start) - wallOrder(b.start));
}

/** A timestamptz parameter. */
export function instant(d: Date): SQL {
  return sql`${d.toISOString()}::timestamptz`;
}
