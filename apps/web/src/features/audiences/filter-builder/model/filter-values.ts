import {
  AttributeExpressions,
  assertNever,
  type FilterFieldDef,
  type FilterGroup,
  fieldDef,
  type SegmentFilter,
  type SystemField,
  ValuelessExpressions,
} from "@leadflow/contracts";

/** The system fields that read the lead's consent: proof, the certificate's verdict, its age, a reassigned phone. */
export const CONSENT_FIELDS = [
  "consent_proof",
  "consent_certificate",
  "consent_captured_at",
  "rnd_result",
] as const satisfies readonly SystemField[];
export const isConsentField = (field: string): boolean => (CONSENT_FIELDS as readonly string[]).includes(field);

/** The contract's stand-in for attribute rows (they name an attribute, not a table field). */
const AttributeDef: FilterFieldDef = { label: "Attribute", expressions: AttributeExpressions, values: "strings" };

/** A row's field definition, attribute rows included; undefined while no (known) field is chosen. */
export function rowDef(group: FilterGroup, row: SegmentFilter): FilterFieldDef | undefined {
  if (group === "attributes") return row.attribute_id === undefined ? undefined : AttributeDef;
  return fieldDef(group, row);
}

/**
 * Which values editor a row shows: the field's value kind narrowed by its expression (one number or two for
 * between, days for the within-last expressions, From/To for a Custom dates range, nothing for valueless
 * expressions and the other ranges). Campaign rows have their own form.
 */
export type ValueEditor = "none" | "ids" | "options" | "strings" | "number" | "numbers" | "date" | "dates" | "days" | "custom_dates";

export function valueEditor(group: FilterGroup, row: SegmentFilter): ValueEditor {
  const def = rowDef(group, row);
  if (!def || !row.expression || (ValuelessExpressions as readonly string[]).includes(row.expression)) return "none";
  const kind = def.values;
  switch (kind) {
    case "ids":
    case "options":
    case "strings":
      return kind;
    case "range":
      return row.expression === "custom_dates" ? "custom_dates" : "none";
    case "number":
      return row.expression === "between" ? "numbers" : "number";
    case "date":
      return row.expression === "between" ? "dates" : row.expression.endsWith("_days") ? "days" : "date";
    default:
      return assertNever(kind);
  }
}

/** Rows whose meaning depends on the calendar: editing them records the browser's time zone on the tree. */
export function touchesDates(group: FilterGroup, row: SegmentFilter): boolean {
  if (group === "campaigns") return true;
  const kind = rowDef(group, row)?.values;
  return kind === "date" || kind === "range";
}

/** Changing the field resets the expression and the values (and any custom dates). */
export function withField(group: FilterGroup, row: SegmentFilter, field: string | number): SegmentFilter {
  const { date_from: _f, date_to: _t, ...rest } = row;
  return group === "attributes"
    ? { ...rest, attribute_id: Number(field), expression: "", values: [] }
    : { ...rest, field: String(field), expression: "", values: [] };
}

/** A new expression keeps the values while they still fit (equals ↔ not equals), and clears them otherwise. */
export function withExpression(group: FilterGroup, row: SegmentFilter, expression: string): SegmentFilter {
  const next = { ...row, expression };
  if (valueEditor(group, next) !== valueEditor(group, row)) next.values = [];
  if (group !== "campaigns" && expression !== "custom_dates") {
    delete next.date_from;
    delete next.date_to;
  }
  return next;
}

/** A campaign row's period: custom dates are kept only while the period is Custom dates. */
export function withPeriod(row: SegmentFilter, period: NonNullable<SegmentFilter["period"]>): SegmentFilter {
  if (period === "custom_dates") return { ...row, period };
  const { date_from: _f, date_to: _t, ...rest } = row;
  return { ...rest, period };
}

// ── Free text ──────────────────────────────────────────────────────────────────────────────────────────────

/** Enter adds the typed text trimmed; blank text and a value already there are ignored. */
export function addTextValue(values: readonly (string | number)[], raw: string): (string | number)[] {
  const text = raw.trim();
  return text === "" || values.some((v) => String(v) === text) ? [...values] : [...values, text];
}

/** The chips after an edit of the chip input (MUI hands over the whole list, the new text untrimmed). */
export const normalizeTextValues = (values: readonly (string | number)[]): (string | number)[] =>
  values.reduce<(string | number)[]>((kept, v) => (typeof v === "number" ? addTextValue(kept, String(v)) : addTextValue(kept, v)), []);

// ── Dates ──────────────────────────────────────────────────────────────────────────────────────────────────

export type DateBound = "from" | "to";

/** A day picked as a lower bound starts at 00:00:00, as an upper bound ends at 23:59:59. */
export function clampDate(day: string, bound: DateBound): string {
  const d = day.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return "";
  return `${d} ${bound === "from" ? "00:00:00" : "23:59:59"}`;
}

/** The day part of a stored date, for a date input. */
export const dayOf = (value: unknown): string => (typeof value === "string" ? value.slice(0, 10) : "");

/**
 * The bound a date value is: between's first is a from and its second a to; before a day means before it
 * starts, after a day means after it ends (so both exclude the picked day, as people read them).
 */
export function boundOf(expression: string, index: number): DateBound {
  if (expression === "between") return index === 0 ? "from" : "to";
  return expression === "after" ? "to" : "from";
}

/** A custom-dates bound picked (or cleared): date_from clamps to the day's start, date_to to its end. */
export function withCustomDate(row: SegmentFilter, bound: DateBound, day: string): SegmentFilter {
  const value = clampDate(day, bound) || null;
  return bound === "from" ? { ...row, date_from: value } : { ...row, date_to: value };
}

/** A date value picked (or cleared) at `index` of `count`, clamped by the bound the expression makes it. */
export function withDateValue(row: SegmentFilter, index: number, count: 1 | 2, day: string): SegmentFilter {
  const values = Array.from({ length: count }, (_v, k) => row.values[k] ?? "");
  values[index] = clampDate(day, boundOf(row.expression, index));
  return { ...row, values };
}
