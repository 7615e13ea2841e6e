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
} from "drizzle-orm/pg-core";
import { teams } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
const leadId = () => bigint("lead_id", { mode: "number" }).notNull();

/**
 * Audiences (top-level) and their child segments. A segment is a filter tree (`filters`, the contracts'
 * SegmentFilters); its membership is materialised in `segment_leads`. The counters are maintained by whoever
 * changes membership or a member (a rebuild, the dynamic sync, lead deletion), never recounted per page.
 */
export const segments = pgTable(
  "segments",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    id: serial("id").notNull(),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    /** Off ('Update dynamically' on): imported, edited and re-statused leads join or leave within a second. */
    ignoreNewLeads: boolean("ignore_new_leads").notNull().default(false),
    filters: jsonb("filters").notNull().default({}),
    totalLeads: integer("total_leads").notNull().default(0),
    totalBlacklisted: integer("total_blacklisted").notNull().default(0),
    revenue: numeric("revenue", { precision: 16, scale: 4, mode: "number" }).notNull().default(0),
    isRecalculating: boolean("is_recalculating").notNull().default(false),
    builtAt: ts("built_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.id] }), index("segments_team_parent_idx").on(t.teamId, t.parentId)],
);

/**
 * Materialised membership, with a snapshot of what the counters sum (status, revenue) so the sync can adjust
 * them by difference. The key reads a segment's leads in id order (keyset pages); the (team, lead) index finds a
 * lead's segments (lead page, sync, deletion).
 */
export const segmentLeads = pgTable(
  "segment_leads",
  {
    teamId: integer("team_id").notNull(),
    segmentId: integer("segment_id").notNull(),
    leadId: leadId(),
    status: smallint("status").notNull(),
    revenue: numeric("revenue", { precision: 14, scale: 4, mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.segmentId, t.leadId] }), index("segment_leads_team_lead_idx").on(t.teamId, t.leadId)],
);

/** 'Export as CSV' files: 1 New, 2 In progress, 3 Completed, 4 Failed. */
export const segmentExports = pgTable(
  "segment_exports",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    id: serial("id").notNull(),
    segmentId: integer("segment_id"),
    segmentName: text("segment_name").notNull(),
    userId: integer("user_id"),
    filename: text("filename").notNull(),
    /** Where the file is stored (the file store's key); null until written. */
    fileKey: text("file_key"),
    status: smallint("status").notNull().default(1),
    /** The visible attribute columns, search and order of the table it was asked from. */
    attributeIds: jsonb("attribute_ids").$type<number[]>().notNull().default([]),
    search: text("search"),
    orderBy: text("order_by"),
    leadStatus: smallint("lead_status"),
    totalRows: integer("total_rows").notNull().default(0),
    completedRows: integer("completed_rows").notNull().default(0),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.id] }), index("segment_exports_team_segment_idx").on(t.teamId, t.segmentId)],
);
