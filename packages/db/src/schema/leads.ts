import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { teams } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
const id = () => bigint("id", { mode: "number" }).generatedByDefaultAsIdentity();
const leadId = () => bigint("lead_id", { mode: "number" }).notNull();

/*
 * Leads and what hangs off them. Every key starts with team_id (the distribution column, should the schema
 * move to Citus). The high-volume tables carry no foreign keys on purpose: a 1M-row import writes ~8M rows here,
 * and a referential check per row would cost more than the writes themselves. Their writers (imports, lead edits,
 * deletions) keep them consistent set-based, always inside one team.
 */

/** Per team; the system 'Phone' and 'Email' attributes are created on first use and cannot be edited or removed. */
export const leadAttributes = pgTable(
  "lead_attributes",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    id: serial("id").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    type: text("type", { enum: ["string", "phone", "email"] })
      .notNull()
      .default("string"),
    sortOrder: integer("sort_order").notNull().default(0),
    isSystem: boolean("is_system").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    uniqueIndex("lead_attributes_team_name_key").on(t.teamId, sql`lower(${t.name})`),
    // One Phone and one Email attribute per team: every phone and email of a lead hangs off them.
    uniqueIndex("lead_attributes_team_system_key").on(t.teamId, t.type).where(sql`${t.isSystem}`),
  ],
);

/**
 * A lead's string values, by attribute: `{"<attribute id>": ["value", …]}` — several values per attribute in the
 * order they arrived, never the same value twice for one attribute. A value's identity is (lead, attribute id,
 * value). One jsonb column instead of a row per value: an import writes one heap row per lead here instead of
 * five (and eight index entries fewer), the largest part of what halved an import's time (docs/imports.md).
 */
export type LeadAttrs = Record<string, string[]>;

export const leads = pgTable(
  "leads",
  {
    teamId: integer("team_id").notNull(),
    id: id(),
    /** 0 pending, 1 imported, 2 blacklisted, 3 flagged, 4 DNC. */
    status: smallint("status").notNull().default(0),
    /** Rows (imports, API calls) that matched this lead after it was created. */
    duplicatesCount: integer("duplicates_count").notNull().default(0),
    revenue: numeric("revenue", { precision: 14, scale: 4, mode: "number" }).notNull().default(0),
    attrs: jsonb("attrs").$type<LeadAttrs>().notNull().default({}),
    /**
     * The import (file or API day record) that created the lead. Its creation entry in the activity log is read
     * from here and `created_at` rather than stored as a row per lead (listLeadLog).
     */
    importId: integer("import_id"),
    /** Campaign engagement, maintained by the campaigns' event writers (System Attributes, Revenue blocks). */
    totalClicks: integer("total_clicks").notNull().default(0),
    lastClickedAt: ts("last_clicked_at"),
    totalConversations: integer("total_conversations").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    // The leads an import created, in id order: its synchronisation phase walks them in chunks.
    index("leads_team_import_idx").on(t.teamId, t.importId, t.id).where(sql`${t.importId} IS NOT NULL`),
    // The Updated Date sort, read in order either way (lead-cursor.ts). A new lead adds one entry at the index's
    // end (updated_at = now()); a merge into a lead moves its entry (docs/leads.md, "Indexes").
    index("leads_team_updated_idx").on(t.teamId, t.updatedAt, t.id),
    // Text search (lead-filter.ts textInValues): trigrams of the values, so a rare word reads only the leads that
    // hold it. `lead_search_text` and pg_trgm come from migration 0021; the query must name the same expression.
    index("leads_search_idx").using("gin", sql`lead_search_text(${t.attrs}) gin_trgm_ops`),
    // Audience attribute equals (segments/filter-attributes.ts): the values case-folded, so a case-insensitive
    // equality on a value few leads hold reads those leads only. `lead_attrs_folded` comes from migration 0022;
    // jsonb_path_ops answers the filter's `@?` path of equalities. Its cost to imports: docs/audiences.md "Measured".
    index("leads_attrs_folded_idx").using("gin", sql`lead_attrs_folded(${t.attrs}) jsonb_path_ops`),
  ],
);

/**
 * Phones in E.164. The primary key (team_id, phone) is the dedupe index: a phone belongs to one lead of a team.
 * `id` names a phone to the API but is not indexed: it is always used with its lead, whose index finds it.
 */
export const leadPhones = pgTable(
  "lead_phones",
  {
    teamId: integer("team_id").notNull(),
    id: id(),
    leadId: leadId(),
    phone: text("phone").notNull(),
    /** As the file or the API gave it. */
    raw: text("raw"),
    /** 1 Subscribed, 2 Unsubscribed, 3 Suppressed, 4 Blacklisted, 5 Federal DNC, 6 State DNC. */
    status: smallint("status").notNull().default(1),
    carrierName: text("carrier_name"),
    carrierType: text("carrier_type"),
    carrierStatus: smallint("carrier_status"),
    state: text("state"),
    city: text("city"),
    timezone: text("timezone"),
    lookupAction: text("lookup_action"),
    lookupReason: text("lookup_reason"),
    /** The do-not-contact check's result code and message (Blacklist Alliance style). */
    dncCode: text("dnc_code"),
    dncMessage: text("dnc_message"),
    /** When the do-not-contact check last answered for this phone (its own freshness, 31 days by default). */
    dncCheckedAt: ts("dnc_checked_at"),
    /**
     * The Reassigned Numbers Database's answer for this phone since its consent date: reassigned, not_reassigned or
     * no_data, the date asked about and when.
     */
    rndResult: text("rnd_result"),
    rndSince: text("rnd_since"),
    rndCheckedAt: ts("rnd_checked_at"),
    clicked: boolean("clicked").notNull().default(false),
    unsubscribed: boolean("unsubscribed").notNull().default(false),
    ban: boolean("ban").notNull().default(false),
    lookedUpAt: ts("looked_up_at"),
    verifiedAt: ts("verified_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.phone] }), index("lead_phones_team_lead_idx").on(t.teamId, t.leadId)],
);

/** Emails lower-cased and trimmed; the primary key (team_id, email) dedupes like the phones'. */
export const leadEmails = pgTable(
  "lead_emails",
  {
    teamId: integer("team_id").notNull(),
    id: id(),
    leadId: leadId(),
    email: text("email").notNull(),
    raw: text("raw"),
    /** 1 Pending, 2 Valid, 3 Invalid, 4 Unsubscribed, 5 Bounced, 6 Complaint. */
    status: smallint("status").notNull().default(1),
    result: text("result"),
    lookedUpAt: ts("looked_up_at"),
    verifiedAt: ts("verified_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.email] }), index("lead_emails_team_lead_idx").on(t.teamId, t.leadId)],
);

/** List membership; `import_id` is the import that added it (null for other writers). */
export const listLeads = pgTable(
  "list_leads",
  {
    teamId: integer("team_id").notNull(),
    listId: integer("list_id").notNull(),
    leadId: leadId(),
    importId: bigint("import_id", { mode: "number" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.listId, t.leadId] }), index("list_leads_team_lead_idx").on(t.teamId, t.leadId)],
);

export interface LeadLogDiff {
  lead_attribute_name: string;
  lead_attribute_value: string | null;
  action: "added" | "updated" | "removed";
  value_from: string | null;
  value_to: string | null;
}

/**
 * A lead's activity log. Imports write one entry per lead per batch they merge into (`updated`, `duplicate`); a
 * lead's creation by an import is not stored here but read from `leads.import_id` (listLeadLog). Keyed by lead:
 * the log is only ever read a lead at a time.
 */
export const leadLogs = pgTable(
  "lead_logs",
  {
    teamId: integer("team_id").notNull(),
    id: id(),
    leadId: leadId(),
    /** import, api, user, lookup, campaign … */
    type: text("type").notNull(),
    /** created, updated, duplicate, status … */
    action: text("action").notNull(),
    importId: bigint("import_id", { mode: "number" }),
    filename: text("filename"),
    diff: jsonb("diff").$type<LeadLogDiff[]>().notNull().default([]),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.leadId, t.id] }),
    // Which leads an import merged into: lead-statuses and the synchronisation phase walk this.
    index("lead_logs_team_import_idx").on(t.teamId, t.importId, t.leadId).where(sql`${t.importId} IS NOT NULL`),
  ],
);

/**
 * Leads changed since the dynamic sync last ran (imports, edits, statuses), written in the changing transaction
 * and drained by the sync: the durable half of "joins within a second" (a crash loses no change).
 * `from_lead_id`: also every lead of the team from this id on (the leads an import batch created: merges run one
 * at a time per team, so they are the team's leads above its highest id before the batch).
 * `all_leads`: too many to list (a bulk action over everything matching) — every segment of the team is redone.
 */
export const segmentChanges = pgTable(
  "segment_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    teamId: integer("team_id").notNull(),
    leadIds: bigint("lead_ids", { mode: "number" }).array().notNull().default(sql`'{}'::bigint[]`),
    fromLeadId: bigint("from_lead_id", { mode: "number" }),
    allLeads: boolean("all_leads").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("segment_changes_team_idx").on(t.teamId, t.id)],
);
