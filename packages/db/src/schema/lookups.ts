import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
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
const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: "number" }).notNull().default(0);

/**
 * A lookup job over the phones (types 1, 3) or emails (type 2) of one scope: a source, a list, a segment, one
 * lead (relookup) or the leads of one import. Its items are snapshotted into `lookup_items` when it first
 * starts; the counters here are maintained by the runner in the same transaction as the items they count.
 */
export const lookupJobs = pgTable(
  "lookup_jobs",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    id: serial("id").notNull(),
    userId: integer("user_id"),
    type: smallint("type").notNull(),
    sourceId: integer("source_id"),
    listId: integer("list_id"),
    segmentId: integer("segment_id"),
    leadId: bigint("lead_id", { mode: "number" }),
    importId: integer("import_id"),
    gatewayId: integer("gateway_id"),
    /** The campaign that started it (only verified leads): its charges are that campaign's `lookup_cost`. */
    campaignId: integer("campaign_id"),
    /** 0 pending, 1 running, 2 paused, 3 completed, 4 stop. */
    status: smallint("status").notNull().default(0),
    /** Ask the provider even for values with a fresh result (a lead's relookup, an is_force gateway). */
    force: boolean("force").notNull().default(false),
    totalCount: integer("total_count").notNull().default(0),
    count: integer("count").notNull().default(0),
    reusedCount: integer("reused_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    serviceItemsCount: integer("service_items_count").notNull().default(0),
    cost: money("cost"),
    serviceCost: money("service_cost"),
    error: text("error"),
    snapshotAt: ts("snapshot_at"),
    startedAt: ts("started_at"),
    /** The current run's start and its count then: the pace behind `time_left`. */
    runStartedAt: ts("run_started_at"),
    runBaseCount: integer("run_base_count").notNull().default(0),
    finishedAt: ts("finished_at"),
    /** The runner working on it holds this lease and renews it per batch; a dead runner's lease runs out. */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    index("lookup_jobs_team_status_idx").on(t.teamId, t.status),
    uniqueIndex("lookup_jobs_team_import_type_key").on(t.teamId, t.importId, t.type).where(sql`${t.importId} IS NOT NULL`),
  ],
);

/**
 * The per-item ledger of a lookup job: one row per phone (E.164) or email. `state` 0 pending, 1 looked up,
 * 2 reused (fresh result), 3 failed (provider could not answer it), 4 skipped (gone from the lead). An item
 * leaves 0 only in the transaction that writes its result and its charge: never looked up and paid twice.
 */
export const lookupItems = pgTable(
  "lookup_items",
  {
    teamId: integer("team_id").notNull(),
    jobId: integer("job_id").notNull(),
    value: text("value").notNull(),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    state: smallint("state").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.jobId, t.value] }),
    index("lookup_items_pending_idx").on(t.teamId, t.jobId, t.value).where(sql`${t.state} = 0`),
  ],
);
