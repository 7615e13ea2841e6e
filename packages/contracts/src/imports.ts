import { z } from "zod";
import { ListQuery, pageOf, requiredString, text } from "./common";
import { ConsentFields } from "./consent-capture";

/*
 * Lead import: lead attributes, the import record ("processing document"), the mapping step, the lead
 * synchronisation phase, the failed-rows history and the phone ignore template. Statuses are string enums on
 * the wire, except the lead, phone and email statuses, which the API carries as numbers.
 */

// ── Enums ────────────────────────────────────────────────────────────────────────────────────────────────

export const ImportFormats = ["csv", "tsv", "xlsx", "xml"] as const;
export type ImportFormat = (typeof ImportFormats)[number];
export const ImportExtensionsMessage = "Only .csv, .tsv, .xlsx and .xml files can be imported.";

/**
 * uploaded: stored, preview answered, waiting for the mapping · mapped: attributes synchronised ·
 * queued: dispatched, waiting for a worker · processing: importing source data (phase one) ·
 * synchronizing: lead synchronisation (phase two) · completed · failed (message says why).
 */
export const ImportStatuses = ["uploaded", "mapped", "queued", "processing", "synchronizing", "completed", "failed"] as const;
export type ImportStatus = (typeof ImportStatuses)[number];
export const ImportStatusLabels = {
  uploaded: "Uploaded",
  mapped: "Mapped",
  queued: "Queued",
  processing: "Importing source data",
  synchronizing: "Lead synchronization",
  completed: "Completed",
  failed: "Failed",
} as const satisfies Record<ImportStatus, string>;
/**
 * Uploaded but never started: drafts of Match Format, not history. Import History leaves them out, they count
 * against the team's quota of unstarted uploads, and they are removed with their files after a day.
 */
export const UnstartedImportStatuses = ["uploaded", "mapped"] as const satisfies readonly ImportStatus[];
/** Statuses during which an import counts as running (GET /api/imports/active, the System Processes entry). */
export const ActiveImportStatuses = ["queued", "processing", "synchronizing"] as const satisfies readonly ImportStatus[];

/** Phase two ('Lead synchronization'); `PUT /api/sync-import/{id}` with `pending` (re)starts a failed one. */
export const SyncImportStatuses = ["waiting", "pending", "processing", "completed", "failed"] as const;
export type SyncImportStatus = (typeof SyncImportStatuses)[number];
export const SyncImportStatusLabels = {
  waiting: "Waiting for import",
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  failed: "Failed",
} as const satisfies Record<SyncImportStatus, string>;

/** `type` of the live `ImportStatus` event. `current` is the named phase's progress (0–100). */
export const ImportEventTypes = [
  "parse_started",
  "parse_progress",
  "parse_finished",
  "sync_progress",
  "end_resolve_duplicates",
  "failed",
] as const;
export type ImportEventType = (typeof ImportEventTypes)[number];

export const AttributeTypes = ["string", "phone", "email"] as const;
export type AttributeType = (typeof AttributeTypes)[number];
export const AttributeTypeLabels = { string: "String", phone: "Phone", email: "Email" } as const satisfies Record<AttributeType, string>;

/** Lead status (pending is the default; imported 1, blacklisted 2, flagged 3, DNC 4). */
export const LeadStatuses = { pending: 0, imported: 1, blacklisted: 2, flagged: 3, dnc: 4 } as const;
export type LeadStatusName = keyof typeof LeadStatuses;
export type LeadStatus = (typeof LeadStatuses)[LeadStatusName];
export const LeadStatusLabels = {
  0: "Pending",
  1: "Imported",
  2: "Blacklisted",
  3: "Flagged",
  4: "DNC",
} as const satisfies Record<LeadStatus, string>;
export const LeadStatusValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** Phone value status 1–6 ('Not Checked' shows as Subscribed). */
export const PhoneStatuses = {
  subscribed: 1,
  unsubscribed: 2,
  suppressed: 3,
  blacklisted: 4,
  federal_dnc: 5,
  state_dnc: 6,
} as const;
export type PhoneStatus = (typeof PhoneStatuses)[keyof typeof PhoneStatuses];
export const PhoneStatusLabels = {
  1: "Subscribed",
  2: "Unsubscribed",
  3: "Suppressed",
  4: "Blacklisted",
  5: "Federal DNC",
  6: "State DNC",
} as const satisfies Record<PhoneStatus, string>;
export const PhoneStatusValue = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);

/** Email value status: 4 → 1 ('Pending'), anything but 1 → 4 ('Unsubscribe'). */
export const EmailStatuses = { pending: 1, valid: 2, invalid: 3, unsubscribed: 4, bounced: 5, complaint: 6 } as const;
export type EmailStatus = (typeof EmailStatuses)[keyof typeof EmailStatuses];
export const EmailStatusLabels = {
  1: "Pending",
  2: "Valid",
  3: "Invalid",
  4: "Unsubscribed",
  5: "Bounced",
  6: "Complaint",
} as const satisfies Record<EmailStatus, string>;
export const EmailStatusValue = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);

/**
 * A row of the file that did not become a lead (failed, skipped), merged with a conflict, or was imported with a
 * value refused (a bad consent value): the last two are history only.
 */
export const ImportFailureStatuses = ["failed", "skipped", "merged", "imported"] as const;
export type ImportFailureStatus = (typeof ImportFailureStatuses)[number];
export const ImportFailureStatusLabels = {
  failed: "Failed",
  skipped: "Skipped",
  merged: "Merged",
  imported: "Imported",
} as const satisfies Record<ImportFailureStatus, string>;

export const ImportFailureReasons = [
  "no_contact",
  "invalid_phone",
  "invalid_email",
  "ignored_phone",
  "malformed_row",
  "value_too_long",
  "conflicting_leads",
  "plan_lead_limit",
  "invalid_consent",
] as const;
export type ImportFailureReason = (typeof ImportFailureReasons)[number];
export const ImportFailureReasonLabels = {
  no_contact: "The row has no phone or email.",
  invalid_phone: "The phone number is not valid.",
  invalid_email: "The email address is not valid.",
  ignored_phone: "The phone number matches the Ignore Phone Format template.",
  malformed_row: "The row could not be read.",
  value_too_long: "A value is too long.",
  conflicting_leads: "The phone and the email belong to different leads; merged into the lead found by phone.",
  // The row would have made a new lead past the plan's lead limit; its message names the limit.
  plan_lead_limit: "Plan lead limit reached.",
  // The lead was imported; the consent values named in the message were not kept.
  invalid_consent: "A consent value is not valid.",
} as const satisfies Record<ImportFailureReason, string>;

// ── Lead attributes ──────────────────────────────────────────────────────────────────────────────────────

export const LeadAttribute = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(AttributeTypes),
  sort_order: z.number().int(),
  /** The team's 'Phone' and 'Email' attributes: cannot be edited or removed. */
  is_system: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadAttribute = z.infer<typeof LeadAttribute>;
export const LeadAttributePage = pageOf(LeadAttribute);
export type LeadAttributePage = z.infer<typeof LeadAttributePage>;
export const LeadAttributesAll = z.object({ data: z.array(LeadAttribute) });
export type LeadAttributesAll = z.infer<typeof LeadAttributesAll>;
export const LeadAttributeSortKeys = ["name", "sort_order", "type", "created_at", "id"] as const;
export const ListLeadAttributesQuery = ListQuery;
export type ListLeadAttributesQuery = z.infer<typeof ListLeadAttributesQuery>;

export const AttributeName = requiredString("The name field is required.")
  .trim()
  .min(1, "The name field is required.")
  .max(100, "The name may not be greater than 100 characters.");

/**
 * One new attribute ('New' in Match Format, 'create' in System Attributes). A name that exists (any case) is
 * reused; `type` phone or email resolves to the team's system Phone or Email attribute.
 */
export const CreateLeadAttribute = z.object({
  name: AttributeName,
  sort_order: z.coerce.number().int().min(0).max(1_000_000).optional(),
  type: z.enum(AttributeTypes).optional(),
});
export type CreateLeadAttribute = z.infer<typeof CreateLeadAttribute>;
/** POST /api/lead-attributes: an array (a single object is accepted too). Answers `{ data: LeadAttribute[] }` in order. */
export const CreateLeadAttributes = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v
      : v && typeof v === "object" && Array.isArray((v as { data?: unknown }).data)
        ? (v as { data: unknown }).data
        : [v],
  z.array(CreateLeadAttribute).min(1, "Add at least one attribute.").max(500),
);
export type CreateLeadAttributes = z.infer<typeof CreateLeadAttributes>;
export const CreateLeadAttributesResponse = z.object({ data: z.array(LeadAttribute) });
export type CreateLeadAttributesResponse = z.infer<typeof CreateLeadAttributesResponse>;

/** GET /api/lead-attributes/{id}/usage: what deleting the attribute would take with it. */
export const LeadAttributeUsage = z.object({ data: z.object({ leads: z.number().int(), values: z.number().int() }) });
export type LeadAttributeUsage = z.infer<typeof LeadAttributeUsage>;

export const UpdateLeadAttribute = z.object({
  name: AttributeName.optional(),
  sort_order: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type UpdateLeadAttribute = z.infer<typeof UpdateLeadAttribute>;

// ── Import record ────────────────────────────────────────────────────────────────────────────────────────

const Ref = z.object({ id: z.number().int(), name: z.string() });
const nullableId = z.coerce.number().int().positive().max(2_147_483_647).nullable().optional();

/**
 * A column of the file: `id` is the `processing_document_attribute_id` the mapping refers to. A column maps to a
 * lead attribute or to a consent value (`consent_field`), never both.
 */
export const ImportAttribute = z.object({
  id: z.number().int(),
  name: z.string(),
  col_position: z.number().int(),
  lead_attribute_id: z.number().int().nullable(),
  consent_field: z.enum(ConsentFields).nullable(),
});
export type ImportAttribute = z.infer<typeof ImportAttribute>;

/** Phase two of an import. Its id is the import's id (one per import). */
export const SyncImport = z.object({
  id: z.number().int(),
  import_id: z.number().int(),
  status: z.enum(SyncImportStatuses),
  status_label: z.string(),
  progress: z.number().min(0).max(100),
  processed: z.number().int(),
  total: z.number().int(),
  updated_at: z.string(),
});
export type SyncImport = z.infer<typeof SyncImport>;

export const ImportRecord = z.object({
  id: z.number().int(),
  /** The file's name as the user uploaded it (`name`, `filename` and `client_original_name` are the same). */
  name: z.string(),
  filename: z.string(),
  client_original_name: z.string(),
  /** A file's format, or "api" for the leads one import API key pushed on one day. */
  format: z.enum([...ImportFormats, "api"]),
  size_bytes: z.number().int(),
  status: z.enum(ImportStatuses),
  status_label: z.string(),
  /** Phase one ('Importing source data'), 0–100. */
  progress: z.number().min(0).max(100),
  /** Rows in the file (an estimate until phase one ends; 0 when it cannot be estimated yet). */
  total_rows: z.number().int(),
  processed_count: z.number().int(),
  unique_count: z.number().int(),
  duplicates_count: z.number().int(),
  failed_count: z.number().int(),
  ignored_phones_count: z.number().int(),
  invalid_phones_count: z.number().int(),
  skipped_count: z.number().int(),
  /** Why it failed (null unless status is failed). */
  message: z.string().nullable(),
  source: Ref.nullable(),
  list: Ref.nullable(),
  attributes: z.array(ImportAttribute),
  sync_import: z.object({ id: z.number().int(), status: z.enum(SyncImportStatuses), progress: z.number().min(0).max(100) }),
  check_mobile_status: z.boolean(),
  check_email_status: z.boolean(),
  check_sms_dnc: z.boolean(),
  email_lookup_gateway_id: z.number().int().nullable(),
  sms_lookup_gateway_id: z.number().int().nullable(),
  sms_dnc_gateway_id: z.number().int().nullable(),
  lead_status: LeadStatusValue.nullable(),
  email_status: EmailStatusValue.nullable(),
  phone_status: PhoneStatusValue.nullable(),
  user: Ref.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof ImportRecord>;
export const ImportPage = pageOf(ImportRecord);
export type ImportPage = z.infer<typeof ImportPage>;
export const ImportSortKeys = [
  "updated_at",
  "created_at",
  "name",
  "total_rows",
  "processed_count",
  "unique_count",
  "duplicates_count",
  "failed_count",
  "ignored_phones_count",
  "invalid_phones_count",
  "skipped_count",
  "status",
  "id",
] as const;
/** GET /api/imports (Import History): started imports, newest first unless sorted. */
export const ListImportsQuery = ListQuery;
export type ListImportsQuery = z.infer<typeof ListImportsQuery>;
export const ActiveImportsResponse = z.object({ data: z.array(ImportRecord) });
export type ActiveImportsResponse = z.infer<typeof ActiveImportsResponse>;

// ── Upload (POST /api/imports, multipart: `file` + `list_id[0]`) ───────────────────────────────────────────

export const ImportPreview = z.object({
  headings: z.array(z.string()),
  /** The first rows (up to 10), cells as text. */
  rows: z.array(z.array(z.string())),
  encoding: z.string(),
  delimiter: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const MappingSuggestion = z.object({
  processing_document_attribute_id: z.number().int(),
  heading: z.string(),
  col_position: z.number().int(),
  /** An existing attribute the heading matches by name or synonym; null when none does. */
  lead_attribute_id: z.number().int().nullable(),
  /** The consent value the heading names ("TrustedForm Cert URL", "LeadiD", "Opt-in IP" …), when no attribute has its name. */
  consent_field: z.enum(ConsentFields).nullable(),
  /** The name to offer for 'New' (the heading, tidied). */
  suggested_name: z.string(),
  suggested_type: z.enum(AttributeTypes),
});
export type MappingSuggestion = z.infer<typeof MappingSuggestion>;

export const ImportUploadResponse = z.object({
  data: ImportRecord.extend({ preview: ImportPreview }),
  mapping: z.array(MappingSuggestion),
});
export type ImportUploadResponse = z.infer<typeof ImportUploadResponse>;

/** The multipart text fields (the file is `file`). `list_id[0]` and `list_id` are both accepted. */
export const ImportUploadFields = z.object({ list_id: z.coerce.number().int().positive().max(2_147_483_647) });
export type ImportUploadFields = z.infer<typeof ImportUploadFields>;

// ── Mapping, dispatch, statuses ─────────────────────────────────────────────────────────────────────────────

/** POST /api/sync-import/{id}/import-attributes/multiple. At least one column must map to Phone or Email. */
export const SyncImportAttributesRequest = z.object({
  attributes: z
    .array(
      z.object({
        processing_document_attribute_id: z.coerce.number().int().positive().max(2_147_483_647),
        /** null (or absent) = Ignore. */
        lead_attribute_id: nullableId,
        /** A consent value instead of an attribute (then `lead_attribute_id` is null). */
        consent_field: z.enum(ConsentFields, { error: "The consent field is not valid." }).nullable().optional(),
      }),
    )
    .min(1, "Map at least one column.")
    .max(20_000),
  check_mobile_status: z.coerce.boolean().optional(),
  check_email_status: z.coerce.boolean().optional(),
  check_sms_dnc: z.coerce.boolean().optional(),
  email_lookup_gateway_id: nullableId,
  sms_lookup_gateway_id: nullableId,
  sms_dnc_gateway_id: nullableId,
});
export type SyncImportAttributesRequest = z.infer<typeof SyncImportAttributesRequest>;

/** PUT /api/sync-import/{id}. */
export const UpdateSyncImportRequest = z.object({ status: z.enum(SyncImportStatuses) });
export type UpdateSyncImportRequest = z.infer<typeof UpdateSyncImportRequest>;

/** PUT /api/imports/{id}/lead-statuses: for every lead the import created or merged into. */
export const LeadStatusesRequest = z
  .object({
    lead_status: z.coerce.number().pipe(LeadStatusValue).nullable().optional(),
    email_status: z.coerce.number().pipe(EmailStatusValue).nullable().optional(),
    phone_status: z.coerce.number().pipe(PhoneStatusValue).nullable().optional(),
  })
  .refine((v) => v.lead_status != null || v.email_status != null || v.phone_status != null, {
    message: "Choose at least one status.",
    path: ["lead_status"],
  });
export type LeadStatusesRequest = z.infer<typeof LeadStatusesRequest>;
/**
 * Statuses are stored on the import and applied by its lead synchronisation (phase two): right away when the
 * import has finished (`sync_import.status` goes pending → processing → completed), else when it gets there.
 */
export const LeadStatusesResponse = z.object({ message: z.string(), data: ImportRecord });
export type LeadStatusesResponse = z.infer<typeof LeadStatusesResponse>;

// ── Failed-rows history (GET /api/import-files/{id}/history) ───────────────────────────────────────────────

export const ImportFailure = z.object({
  id: z.number().int(),
  /** 1-based data row of the file, as a person counts them (the heading row is 0; blank rows keep their numbers). */
  line: z.number().int(),
  status: z.enum(ImportFailureStatuses),
  status_label: z.string(),
  failed_reason: z.enum(ImportFailureReasons),
  failed_reason_label: z.string(),
  phone: z.string().nullable(),
  found_lead_by_phone: z.number().int().nullable(),
  email: z.string().nullable(),
  found_lead_by_email: z.number().int().nullable(),
  created_at: z.string(),
});
export type ImportFailure = z.infer<typeof ImportFailure>;
export const ImportFailurePage = pageOf(ImportFailure);
export type ImportFailurePage = z.infer<typeof ImportFailurePage>;
export const ImportHistoryQuery = ListQuery.extend({ limit: ListQuery.shape.limit.default(20) });
export type ImportHistoryQuery = z.infer<typeof ImportHistoryQuery>;
export const ImportFailureSortKeys = ["line", "created_at", "status", "failed_reason", "id"] as const;

// ── Ignore Phone Format (GET/PUT /api/validation-template/phone) ─────────────────────────────────────────────

/** Phone patterns an import skips (for instance test numbers); each value as the user typed it. */
export const PhoneValidationTemplate = z.object({
  values: z.array(text().trim().min(1, "A value may not be empty.").max(64, "A value may not be greater than 64 characters.")).max(1000),
});
export type PhoneValidationTemplate = z.infer<typeof PhoneValidationTemplate>;
