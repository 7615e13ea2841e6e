import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { counter, parentId, teamId, timestamps, ts } from "./columns";
import { lists, sources } from "./sources";

/**
 * One uploaded file and its run ("processing document"). Phase one (importing source data) and phase two (lead
 * synchronisation, `sync_*`) share the row: the sync import's id is the import's id.
 */
export const imports = pgTable(
  "imports",
  {
    teamId: teamId(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // The history outlives a deleted list or source.
    sourceId: integer("source_id").references(() => sources.id, { onDelete: "set null" }),
    listId: integer("list_id").references(() => lists.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    storedPath: text("stored_path").notNull(),
    /** A file's format, or 'api' for the leads one import API key pushed on one day. */
    format: text("format", { enum: ["csv", "tsv", "xlsx", "xml", "api"] }).notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    encoding: text("encoding"),
    delimiter: text("delimiter"),
    status: text("status", { enum: ["uploaded", "mapped", "queued", "processing", "synchronizing", "completed", "failed"] })
      .notNull()
      .default("uploaded"),
    progress: real("progress").notNull().default(0),
    message: text("message"),
    totalRows: counter("total_rows"),
    processedCount: counter("processed_count"),
    uniqueCount: counter("unique_count"),
    duplicatesCount: counter("duplicates_count"),
    failedCount: counter("failed_count"),
    ignoredPhonesCount: counter("ignored_phones_count"),
    invalidPhonesCount: counter("invalid_phones_count"),
    skippedCount: counter("skipped_count"),
    /** The whole file was read once without a file-level error (and total_rows is exact): merging may begin. */
    validatedAt: ts("validated_at"),
    /** The merge checkpoint: batches ≤ this one are committed (with their counters, in the same transaction). */
    mergedBatches: integer("merged_batches").notNull().default(0),
    /** The last file line of the last committed batch: a resumed run stages from the next line. */
    checkpointLine: integer("checkpoint_line").notNull().default(0),
    syncStatus: text("sync_status", { enum: ["waiting", "pending", "processing", "completed", "failed"] })
      .notNull()
      .default("waiting"),
    syncProgress: real("sync_progress").notNull().default(0),
    syncProcessed: counter("sync_processed"),
    syncTotal: counter("sync_total"),
    checkMobileStatus: boolean("check_mobile_status").notNull().default(false),
    checkEmailStatus: boolean("check_email_status").notNull().default(false),
    checkSmsDnc: boolean("check_sms_dnc").notNull().default(false),
    emailLookupGatewayId: integer("email_lookup_gateway_id"),
    smsLookupGatewayId: integer("sms_lookup_gateway_id"),
    smsDncGatewayId: integer("sms_dnc_gateway_id"),
    leadStatus: smallint("lead_status"),
    emailStatus: smallint("email_status"),
    phoneStatus: smallint("phone_status"),
    /** Set when lead/phone/email statuses were last applied to the import's leads. */
    statusesAppliedAt: ts("statuses_applied_at"),
    processId: integer("process_id"),
    /** For format 'api': the key whose pushes this record collects, and the (UTC) day it covers. */
    importListId: integer("import_list_id"),
    apiDay: date("api_day"),
    /** Runs of the job so far; past the retry limit the import fails instead of staying 'processing'. */
    attempts: integer("attempts").notNull().default(0),
    /**
     * Which worker runs it, until when (renewed as it goes). A retried job finding a live lease backs off, so a
     * slow worker and its retry never run one import together; a killed worker's lease simply runs out.
     */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    dispatchedAt: ts("dispatched_at"),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    index("imports_team_created_idx").on(t.teamId, t.createdAt, t.id),
    uniqueIndex("imports_team_api_day_key").on(t.teamId, t.importListId, t.apiDay).where(sql`${t.apiDay} IS NOT NULL`),
    index("imports_team_user_active_idx").on(t.teamId, t.userId, t.id).where(sql`${t.status} IN ('queued', 'processing', 'synchronizing')`),
  ],
);

/** The file's columns, and the lead attribute or the consent value each is mapped to (both null = Ignore). */
export const importAttributes = pgTable(
  "import_attributes",
  {
    teamId: integer("team_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    importId: integer("import_id").notNull(),
    name: text("name").notNull(),
    colPosition: integer("col_position").notNull(),
    leadAttributeId: integer("lead_attribute_id"),
    /** A consent value (captured_at, trusted_form_cert_url …) instead of an attribute: the row's consent record. */
    consentField: text("consent_field"),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    uniqueIndex("import_attributes_import_col_key").on(t.teamId, t.importId, t.colPosition),
  ],
);

/**
 * Every row that did not become or merge into a lead (failed, skipped), and merges with a conflict. One per
 * line: the unique key keeps a retried batch from recording a row twice.
 */
export const importFailures = pgTable(
  "import_failures",
  {
    teamId: integer("team_id").notNull(),
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().notNull(),
    importId: integer("import_id").notNull(),
    line: integer("line").notNull(),
    status: text("status", { enum: ["failed", "skipped", "merged"] }).notNull(),
    reason: text("reason").notNull(),
    /** The specific text when there is one (the parser's problem, the phone validator's verdict). */
    message: text("message"),
    phone: text("phone"),
    email: text("email"),
    foundLeadByPhone: bigint("found_lead_by_phone", { mode: "number" }),
    foundLeadByEmail: bigint("found_lead_by_email", { mode: "number" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.id] }), uniqueIndex("import_failures_import_line_key").on(t.teamId, t.importId, t.line)],
);

/**
 * The parsed, normalised file, one row per file row, written with COPY a few batches ahead of the merge and
 * deleted by it. Unlogged: a server crash empties it, and a resumed import restages from its checkpoint line
 * anyway. Private to one import: no team_id needed.
 */
export const importStaging = pgTable(
  "import_staging",
  {
    importId: integer("import_id").notNull(),
    batch: integer("batch").notNull(),
    line: integer("line").notNull(),
    /** The line of the first row in this batch sharing a phone or email with this one (transitively). */
    grp: integer("grp"),
    phones: text("phones").array(),
    phonesRaw: text("phones_raw").array(),
    emails: text("emails").array(),
    /** The row's string values, shaped like `leads.attrs` (`{"<attribute id>": ["value", …]}`). */
    attrs: jsonb("attrs").$type<Record<string, string[]>>(),
    /** Older form of the values, still read when `attrs` is null (parallel arrays: attribute ids, values). */
    attrIds: integer("attr_ids").array(),
    vals: text("vals").array(),
    /** Phones of this row that were invalid, or ignored by the template (counted on the import). */
    invalidPhones: smallint("invalid_phones").notNull().default(0),
    ignoredPhones: smallint("ignored_phones").notNull().default(0),
    failStatus: text("fail_status"),
    failReason: text("fail_reason"),
    failMessage: text("fail_message"),
    /** For the history of a row that did not import: its first phone and email as the file had them. */
    phone: text("phone"),
    email: text("email"),
    /** The row's valid consent values (`lead_consents` columns, captured_at as ISO), null when it has none. */
    consent: jsonb("consent").$type<Record<string, string>>(),
    /** The consent values refused, in words: the row still imports, and its history says what was left out. */
    consentError: text("consent_error"),
  },
  (t) => [index("import_staging_import_batch_idx").on(t.importId, t.batch)],
);

/** Settings → Ignore Phone Format (and later templates of other kinds): values per team and type. */
export const validationTemplates = pgTable(
  "validation_templates",
  {
    teamId: teamId(),
    type: text("type", { enum: ["phone"] }).notNull(),
    values: jsonb("values").$type<string[]>().notNull().default([]),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.type] })],
);

/**
 * Settings → Import API Keys ("import lists"): a key pushes leads through the public import interface into its
 * source and list, with the lookups and statuses chosen here. The key is shown in the settings table (a row click
 * copies it), so it is kept; requests find it by its SHA-256 (`key_hash`), compared in constant time.
 */
export const importLists = pgTable(
  "import_lists",
  {
    teamId: teamId(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    name: text("name").notNull(),
    sourceId: parentId("source_id", () => sources.id),
    listId: parentId("list_id", () => lists.id),
    apiKey: text("api_key").notNull(),
    keyHash: text("key_hash").notNull(),
    checkMobileStatus: boolean("check_mobile_status").notNull().default(false),
    checkSmsDnc: boolean("check_sms_dnc").notNull().default(false),
    checkEmailStatus: boolean("check_email_status").notNull().default(false),
    smsLookupGatewayId: integer("sms_lookup_gateway_id"),
    smsDncGatewayId: integer("sms_dnc_gateway_id"),
    emailLookupGatewayId: integer("email_lookup_gateway_id"),
    leadStatus: smallint("lead_status"),
    emailStatus: smallint("email_status"),
    phoneStatus: smallint("phone_status"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    uniqueIndex("import_lists_key_hash_key").on(t.keyHash),
    index("import_lists_team_created_idx").on(t.teamId, t.createdAt, t.id),
  ],
);

/**
 * Idempotency-Key ledger of the public import interface: the first request with a key stores its answer, a retry
 * with the same key and body gets that answer again and writes nothing; the same key with another body is a 409.
 * Kept 24 hours (the maintenance job clears older rows).
 */
export const importApiRequests = pgTable(
  "import_api_requests",
  {
    teamId: integer("team_id").notNull(),
    importListId: integer("import_list_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: smallint("status_code"),
    response: jsonb("response"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.importListId, t.idempotencyKey] }), index("import_api_requests_created_idx").on(t.createdAt)],
);
