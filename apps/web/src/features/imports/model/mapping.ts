import {
  type AttributeType,
  type ConsentField,
  ConsentFields,
  type CreateLeadAttribute,
  type ImportUploadResponse,
  type LeadAttribute,
  type SyncImportAttributesRequest,
} from "@leadflow/contracts";
import type { LookupOptions } from "../../../components/lookup-toggles/lookup-options";
import { sameName } from "./import-target";

/**
 * What one column of the file becomes: an existing attribute, nothing, a new attribute, or a value of the
 * lead's consent record (a TrustedForm certificate URL, the opt-in IP …).
 */
export type MappingChoice =
  | { kind: "attribute"; attributeId: number }
  | { kind: "ignore" }
  | { kind: "new"; name: string; type: AttributeType }
  | { kind: "consent"; field: ConsentField };

export interface MappingRow {
  /** `processing_document_attribute_id`. */
  columnId: number;
  heading: string;
  sample: string;
  suggestedName: string;
  suggestedType: AttributeType;
  choice: MappingChoice;
}

type Attr = Pick<LeadAttribute, "id" | "name" | "type" | "sort_order">;

/** One row per heading, pre-filled from the server's suggestion; a sample is the first non-empty preview cell. */
export function initialRows(upload: ImportUploadResponse, attributes: readonly Attr[]): MappingRow[] {
  const rows = upload.data.preview.rows;
  return [...upload.mapping]
    .sort((a, b) => a.col_position - b.col_position)
    .map((m) => {
      const known = m.lead_attribute_id !== null && attributes.some((a) => a.id === m.lead_attribute_id);
      const consent = m.consent_field ?? null;
      return {
        columnId: m.processing_document_attribute_id,
        heading: m.heading,
        sample: rows.map((r) => r[m.col_position]?.trim() ?? "").find(Boolean) ?? "",
        suggestedName: m.suggested_name,
        suggestedType: m.suggested_type,
        choice: known
          ? { kind: "attribute", attributeId: m.lead_attribute_id! }
          : consent
            ? { kind: "consent", field: consent }
            : { kind: "new", name: m.suggested_name || m.heading, type: m.suggested_type },
      };
    });
}

// ── The select of a row: "ignore" | "new" | "a:{id}" | "c:{consent field}" ───────────────────────────────────

export function choiceValue(choice: MappingChoice): string {
  if (choice.kind === "attribute") return `a:${choice.attributeId}`;
  if (choice.kind === "consent") return `c:${choice.field}`;
  return choice.kind;
}

const isConsentField = (v: string): v is ConsentField => (ConsentFields as readonly string[]).includes(v);

export function choiceFromValue(value: string, row: MappingRow): MappingChoice {
  if (value === "ignore") return { kind: "ignore" };
  if (value === "new")
    return row.choice.kind === "new" ? row.choice : { kind: "new", name: row.suggestedName || row.heading, type: row.suggestedType };
  const field = value.slice(2);
  if (value.startsWith("c:")) return isConsentField(field) ? { kind: "consent", field } : { kind: "ignore" };
  return { kind: "attribute", attributeId: Number(field) };
}

// ── Resolving 'New' names ──────────────────────────────────────────────────────────────────────────────────

/** The existing attribute a 'New' name reuses (a name that exists is reused), any case. */
export function existingByName<A extends { name: string }>(name: string, attributes: readonly A[]): A | undefined {
  return attributes.find((a) => sameName(a.name, name));
}

/** The type the column will have once imported, or null when ignored or unresolved. */
export function rowType(row: MappingRow, attributes: readonly Attr[]): AttributeType | null {
  const c = row.choice;
  if (c.kind === "ignore" || c.kind === "consent") return null;
  if (c.kind === "attribute") return attributes.find((a) => a.id === c.attributeId)?.type ?? null;
  return existingByName(c.name, attributes)?.type ?? c.type;
}

/** Attributes to create: each new name once, unless it exists; sort_order continues after the current ones. */
export function attributesToCreate(rows: readonly MappingRow[], attributes: readonly Attr[]): CreateLeadAttribute[] {
  const out: CreateLeadAttribute[] = [];
  // Orders start at 0 on the server; the next one is the count, or after the largest if orders have gaps.
  let next = Math.max(attributes.length, ...attributes.map((a) => a.sort_order + 1));
  for (const { choice } of rows) {
    if (choice.kind !== "new") continue;
    const name = choice.name.trim();
    if (!name || existingByName(name, attributes) || out.some((o) => sameName(o.name, name))) continue;
    out.push({ name, sort_order: next++, type: choice.type });
  }
  return out;
}

// ── Validation ──────────────────────────────────────────────────────────────────────────────────────────────

export type MappingProblem =
  | { kind: "needPhoneOrEmail" }
  | { kind: "nameRequired"; columnId: number }
  | { kind: "consentTwice"; columnId: number; field: ConsentField };

/** A consent value comes from one column: the second and later columns mapped to the same field. */
function repeatedConsent(rows: readonly MappingRow[]): MappingProblem[] {
  const seen = new Set<ConsentField>();
  const out: MappingProblem[] = [];
  for (const r of rows) {
    if (r.choice.kind !== "consent") continue;
    if (seen.has(r.choice.field)) out.push({ kind: "consentTwice", columnId: r.columnId, field: r.choice.field });
    seen.add(r.choice.field);
  }
  return out;
}

export function mappingProblems(rows: readonly MappingRow[], attributes: readonly Attr[]): MappingProblem[] {
  const problems: MappingProblem[] = [
    ...rows
      .filter((r) => r.choice.kind === "new" && !r.choice.name.trim())
      .map((r) => ({ kind: "nameRequired" as const, columnId: r.columnId })),
    ...repeatedConsent(rows),
  ];
  const contact = rows.some((r) => {
    const type = rowType(r, attributes);
    return type === "phone" || type === "email";
  });
  if (!contact) problems.unshift({ kind: "needPhoneOrEmail" });
  return problems;
}

// ── The request ─────────────────────────────────────────────────────────────────────────────────────────────

/** A created attribute under the name it was asked for (the server may answer another: a 'phone' type is the system Phone). */
export interface CreatedAttribute {
  name: string;
  id: number;
}

/** POST /lead-attributes answers in the order asked. */
export function pairCreated(asked: readonly CreateLeadAttribute[], answer: readonly { id: number }[]): CreatedAttribute[] {
  if (answer.length !== asked.length) throw new Error("The new attributes could not all be created.");
  return asked.map((a, i) => ({ name: a.name, id: answer[i]!.id }));
}

/**
 * POST /sync-import/{id}/import-attributes/multiple: every column with its attribute (null = Ignore) or its consent
 * field, 'New' rows resolved by name among the existing and the just-created attributes; a gateway only with its toggle on.
 */
export function syncRequest(
  rows: readonly MappingRow[],
  attributes: readonly { id: number; name: string }[],
  created: readonly CreatedAttribute[],
  lookups: LookupOptions,
): SyncImportAttributesRequest {
  const known = [...created, ...attributes];
  const attributeId = (c: MappingChoice): number | null => {
    if (c.kind === "attribute") return c.attributeId;
    if (c.kind === "ignore" || c.kind === "consent") return null;
    const found = existingByName(c.name, known);
    if (!found) throw new Error(`The attribute "${c.name}" was not created.`);
    return found.id;
  };
  return {
    attributes: rows.map((r) => ({
      processing_document_attribute_id: r.columnId,
      lead_attribute_id: attributeId(r.choice),
      consent_field: r.choice.kind === "consent" ? r.choice.field : null,
    })),
    check_mobile_status: lookups.check_mobile_status,
    check_sms_dnc: lookups.check_sms_dnc,
    check_email_status: lookups.check_email_status,
    sms_lookup_gateway_id: lookups.check_mobile_status ? lookups.sms_lookup_gateway_id : null,
    sms_dnc_gateway_id: lookups.check_sms_dnc ? lookups.sms_dnc_gateway_id : null,
    email_lookup_gateway_id: lookups.check_email_status ? lookups.email_lookup_gateway_id : null,
  };
}
