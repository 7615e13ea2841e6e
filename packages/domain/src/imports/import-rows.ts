import type { AttributeType, ConsentField, ImportFailureReason, ImportFailureStatus } from "@leadflow/contracts";
import { normalizeEmail, normalizePhone } from "../contacts";
import { unescapeFormula } from "../shared/formula-escape";
import { type ConsentValues, checkConsent, consentProblemText } from "./consent";
import type { ParsedRow } from "./parsers";

/** One mapped column of the file: a lead attribute, or a value of the row's consent record. */
export type ColumnPlan =
  | { col: number; kind: AttributeType; attributeId: number; name: string }
  | { col: number; kind: "consent"; field: ConsentField; name: string };

export interface RowFailure {
  status: Extract<ImportFailureStatus, "failed" | "skipped">;
  reason: ImportFailureReason;
  message: string | null;
}

/** A row of the file, normalised and ready for COPY into import_staging. */
export interface StagedRow {
  line: number;
  /** Line of the earliest row of the batch sharing a phone or email with this one (transitively); null on failure. */
  grp: number | null;
  phones: string[];
  phonesRaw: string[];
  emails: string[];
  attrIds: number[];
  vals: string[];
  fail: RowFailure | null;
  invalidPhones: number;
  ignoredPhones: number;
  /** First phone and email as written, for the failed-rows history. */
  phone: string | null;
  email: string | null;
  /** The row's valid consent values: one consent record for its lead. */
  consent: ConsentValues | null;
  /** The consent values refused, in words (the row imports without them). */
  consentError: string | null;
}

export interface PreparedBatch {
  rows: StagedRow[];
}

export interface PrepareOptions {
  ignoreTemplate: readonly string[];
  /** The clock a consent capture time must not be ahead of (tests pin it). */
  now?: number;
}

/** A cell trimmed, without NULs, and without the apostrophe an export put before a formula (formula-escape.ts). */
const clean = (s: string) => unescapeFormula((s.includes("\0") ? s.replaceAll("\0", "") : s).trim());

/**
 * Normalises a parsed batch: phones to E.164 (default +1, the team's ignore template), emails lower-cased, string
 * values trimmed (stored as text, never interpreted). A row with no usable phone or email fails (or is skipped
 * when its only phones were ignored by the template), with the most specific reason. Then rows sharing a phone
 * or email are grouped, so the merge turns each group into one lead.
 */
export function prepareBatch(parsed: readonly ParsedRow[], plan: readonly ColumnPlan[], opts: PrepareOptions): PreparedBatch {
  const rows: StagedRow[] = [];
  const now = opts.now ?? Date.now();
  for (const p of parsed) {
    const row: StagedRow = {
      line: p.line,
      grp: null,
      phones: [],
      phonesRaw: [],
      emails: [],
      attrIds: [],
      vals: [],
      fail: null,
      invalidPhones: 0,
      ignoredPhones: 0,
      phone: null,
      email: null,
      consent: null,
      consentError: null,
    };
    let consent: Partial<Record<ConsentField, string>> | null = null;
    let invalidPhone: string | null = null;
    let invalidEmail: string | null = null;
    let ignored = false;
    for (const c of plan) {
      const raw = p.cells[c.col];
      if (raw === undefined) continue;
      const value = clean(raw);
      if (value === "") continue;
      if (c.kind === "consent") {
        // Two columns for one consent value: the first one that has it.
        consent ??= {};
        consent[c.field] ??= value;
      } else if (c.kind === "phone") {
        row.phone ??= value;
        const r = normalizePhone(value, { defaultCountry: "US", ignoreTemplate: opts.ignoreTemplate });
        if (r.ok) {
          if (!row.phones.includes(r.e164)) {
            row.phones.push(r.e164);
            row.phonesRaw.push(value);
          }
        } else if (r.reason === "ignored") {
          row.ignoredPhones++;
          ignored = true;
        } else if (r.reason !== "empty") {
          row.invalidPhones++;
          invalidPhone ??= r.message;
        }
      } else if (c.kind === "email") {
        row.email ??= value;
        const r = normalizeEmail(value);
        if (r.ok) {
          if (!row.emails.includes(r.email)) row.emails.push(r.email);
        } else if (r.reason !== "empty") {
          invalidEmail ??= r.message;
        }
      } else if (!hasPair(row, c.attributeId, value)) {
        row.attrIds.push(c.attributeId);
        row.vals.push(value);
      }
    }
    if (consent) {
      const checked = checkConsent(consent, now);
      row.consent = checked.values;
      row.consentError = consentProblemText(checked.problems);
    }
    if (p.problem) {
      row.fail = { status: "failed", reason: "malformed_row", message: p.problem };
    } else if (row.phones.length === 0 && row.emails.length === 0) {
      row.fail = invalidPhone
        ? { status: "failed", reason: "invalid_phone", message: invalidPhone }
        : invalidEmail
          ? { status: "failed", reason: "invalid_email", message: invalidEmail }
          : ignored
            ? { status: "skipped", reason: "ignored_phone", message: null }
            : { status: "failed", reason: "no_contact", message: null };
    }
    rows.push(row);
  }
  groupRows(rows);
  return { rows };
}

function hasPair(row: StagedRow, attrId: number, value: string): boolean {
  for (let i = 0; i < row.vals.length; i++) if (row.attrIds[i] === attrId && row.vals[i] === value) return true;
  return false;
}

/** Union-find over the batch: rows sharing a phone or an email end in one group, named by its earliest line. */
export function groupRows(rows: StagedRow[]): void {
  const parent = rows.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    // The earlier row stays the root, so a group is named by its first line.
    if (ra < rb) parent[rb] = ra;
    else if (rb < ra) parent[ra] = rb;
  };
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    if (row.fail) return;
    for (const key of row.phones) link(`p${key}`, i);
    for (const key of row.emails) link(`e${key}`, i);
  });
  function link(key: string, i: number) {
    const other = seen.get(key);
    if (other === undefined) seen.set(key, i);
    else union(other, i);
  }
  rows.forEach((row, i) => {
    if (!row.fail) row.grp = rows[find(i)]!.line;
  });
}
