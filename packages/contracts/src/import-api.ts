import { z } from "zod";
import { ListQuery, pageOf, requiredString, text } from "./common";
import { PublicConsent } from "./consent-capture";
import { EmailStatusValue, LeadStatusValue, PhoneStatusValue } from "./imports";

// ── Settings → Import API Keys (/api/import-lists) ───────────────────────────────────────────────────────────

export const ImportListRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  source_id: z.number().int(),
  source: z.object({ id: z.number().int(), name: z.string() }),
  list_id: z.number().int(),
  list: z.object({ id: z.number().int(), name: z.string() }),
  /** Shown in the table; a row click copies it. */
  api_key: z.string(),
  check_mobile_status: z.boolean(),
  check_sms_dnc: z.boolean(),
  check_email_status: z.boolean(),
  sms_lookup_gateway_id: z.number().int().nullable(),
  sms_dnc_gateway_id: z.number().int().nullable(),
  email_lookup_gateway_id: z.number().int().nullable(),
  lead_status: LeadStatusValue.nullable(),
  email_status: EmailStatusValue.nullable(),
  phone_status: PhoneStatusValue.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportListRecord = z.infer<typeof ImportListRecord>;
export const ImportListPage = pageOf(ImportListRecord);
export type ImportListPage = z.infer<typeof ImportListPage>;
export const ImportListSortKeys = ["name", "source", "list", "check_mobile_status", "check_email_status", "created_at", "id"] as const;
export const ListImportListsQuery = ListQuery.extend({ limit: ListQuery.shape.limit.default(15) });
export type ListImportListsQuery = z.infer<typeof ListImportListsQuery>;

const gatewayId = z.coerce.number().int().positive().max(2_147_483_647).nullable().optional();
const blankIsNull = (x: unknown) => (x === "" || x === undefined ? null : x);

/** POST /api/import-lists and PUT /api/import-lists/{id}. The source is the list's; `source_id`, when sent, must match it. */
export const SaveImportList = z.object({
  name: requiredString("The name field is required.")
    .trim()
    .min(1, "The name field is required.")
    .max(191, "The name may not be greater than 191 characters."),
  source_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  list_id: z.coerce.number({ error: "The list field is required." }).int().positive("The list field is required.").max(2_147_483_647),
  check_mobile_status: z.boolean().default(false),
  check_sms_dnc: z.boolean().default(false),
  check_email_status: z.boolean().default(false),
  sms_lookup_gateway_id: gatewayId,
  sms_dnc_gateway_id: gatewayId,
  email_lookup_gateway_id: gatewayId,
  lead_status: z.preprocess(blankIsNull, z.coerce.number().pipe(LeadStatusValue).nullable()).optional(),
  email_status: z.preprocess(blankIsNull, z.coerce.number().pipe(EmailStatusValue).nullable()).optional(),
  phone_status: z.preprocess(blankIsNull, z.coerce.number().pipe(PhoneStatusValue).nullable()).optional(),
});
export type SaveImportList = z.infer<typeof SaveImportList>;

/** Creating or updating a key answers 'Lead has been successfully added.' (the product's wording) and the key. */
export const SaveImportListResponse = z.object({ message: z.string(), data: ImportListRecord });
export type SaveImportListResponse = z.infer<typeof SaveImportListResponse>;
export const ImportListSavedMessage = "Lead has been successfully added.";

// ── The public import interface (POST /api/import/lead?api_key=…) ───────────────────────────────────────────

export const PublicAttributeTypes = ["email", "phone", "string"] as const;
export type PublicAttributeType = (typeof PublicAttributeTypes)[number];

/** Leads per request and attributes per lead: a bigger batch is a 422, a bigger body a 413. */
export const PublicImportLimits = { leads: 100, attributes: 100, valueLength: 2000, bodyBytes: 1_048_576 } as const;

export const PublicLeadAttribute = z.object({
  type: z.enum(PublicAttributeTypes, { error: "The type must be one of email, phone or string." }),
  /** The attribute's name (matched without regard to case); a string attribute not yet known is created. */
  attribute: text({ error: "The attribute field is required." })
    .trim()
    .min(1, "The attribute field is required.")
    .max(191, "The attribute may not be greater than 191 characters."),
  value: z
    .union([text(), z.number(), z.boolean()], { error: "The value must be text or a number." })
    .transform((v) => String(v))
    .pipe(
      z.string().max(PublicImportLimits.valueLength, `The value may not be greater than ${PublicImportLimits.valueLength} characters.`),
    ),
});
export type PublicLeadAttribute = z.infer<typeof PublicLeadAttribute>;

export const PublicLead = z.object({
  attributes: z
    .array(PublicLeadAttribute, { error: "The attributes field must be a list." })
    .min(1, "Each lead needs at least one attribute of type email or phone.")
    .max(PublicImportLimits.attributes, `A lead may have at most ${PublicImportLimits.attributes} attributes.`),
  /** How the person consented (a TrustedForm certificate, a Jornaya LeadiD …): one consent record for the lead. */
  consent: PublicConsent.optional(),
});

export const PublicImportRequest = z.object({
  leads: z
    .array(PublicLead, { error: "The leads field must be a list." })
    .min(1, "The leads field is required.")
    .max(PublicImportLimits.leads, `A request may carry at most ${PublicImportLimits.leads} leads.`),
});
export type PublicImportRequest = z.infer<typeof PublicImportRequest>;

/** What happened to each lead of the request, in request order. */
export const PublicLeadResult = z.object({
  index: z.number().int(),
  status: z.enum(["created", "merged", "failed"]),
  lead_id: z.number().int().nullable(),
  /**
   * For a failed lead: why (no_contact, invalid_phone, invalid_email, ignored_phone …) and the specific text. For a
   * saved lead whose consent values were refused: invalid_consent, with the first of them.
   */
  reason: z.string().nullable(),
  message: z.string().nullable(),
  /** The refused values by field (`consent.ip` …); the lead was saved without them. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type PublicLeadResult = z.infer<typeof PublicLeadResult>;

export const PublicImportResponse = z.object({
  message: z.string(),
  data: z.object({
    received: z.number().int(),
    created: z.number().int(),
    merged: z.number().int(),
    failed: z.number().int(),
    leads: z.array(PublicLeadResult),
  }),
});
export type PublicImportResponse = z.infer<typeof PublicImportResponse>;
export const PublicImportSavedMessage = "Lead has been saved.";
