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
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.id] }), index("leads_team_updated_idx").on(t.teamId, t.updatedAt, t.id)],
);

/** Phones in E.164. UNIQUE(team_id, phone) is the dedupe index: a phone belongs to one lead of a team. */
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
    clicked: boolean("clicked").notNull().default(false),
    unsubscribed: boolean("unsubscribed").notNull().default(false),
    ban: boolean("ban").notNull().default(false),
    lookedUpAt: ts("looked_up_at"),
    verifiedAt: ts("verified_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    uniqueIndex("lead_phones_team_phone_key").on(t.teamId, t.phone),
    index("lead_phones_team_lead_idx").on(t.teamId, t.leadId),
  ],
);

/** Emails lower-cased and trimmed; UNIQUE(team_id, email) dedupes like the phones. */
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
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    uniqueIndex("lead_emails_team_email_key").on(t.teamId, t.email),
    index("lead_emails_team_lead_idx").on(t.teamId, t.leadId),
  ],
);

/**
 * String attribute values: several per attribute allowed, never the same value twice for one lead and attribute.
 * The unique index keys on a 64-bit hash of the value (a btree entry cannot hold a long text; md5 made bulk
 * inserts ~25% slower; two different values of one lead and attribute colliding is ~2^-64) and doubles as the
 * lead's lookup index.
 */
export const leadValues = pgTable(
  "lead_values",
  {
    teamId: integer("team_id").notNull(),
    id: id(),
    leadId: leadId(),
    attributeId: integer("attribute_id").notNull(),
    value: text("value").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    uniqueIndex("lead_values_team_lead_attr_value_key").on(t.teamId, t.leadId, t.attributeId, sql`hashtextextended(${t.value}, 0)`),
  ],
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

/** A lead's activity log. Imports write one entry per lead per batch they create or update. */
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
    primaryKey({ columns: [t.teamId, t.id] }),
    index("lead_logs_team_lead_idx").on(t.teamId, t.leadId, t.id),
    // Which leads an import touched: lead-statuses and the synchronisation phase walk this.
    index("lead_logs_team_import_idx").on(t.teamId, t.importId, t.leadId).where(sql`${t.importId} IS NOT NULL`),
  ],
);
