import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
const counter = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/**
 * The counters every sources/lists page shows. They are maintained by the writers (imports, status changes,
 * lookups) so a page never recounts millions of leads. `today_on` scopes the two "today" counters: a reader
 * treats them as 0 when `today_on` is not the current date.
 */
const counters = () => ({
  totalLeads: counter("total_leads"),
  uniqueToday: counter("unique_today"),
  addedToday: counter("added_today"),
  todayOn: date("today_on", { mode: "string" }),
  totalFlaggedLeads: counter("total_flagged_leads"),
  totalBlacklistedLeads: counter("total_blacklisted_leads"),
  contactsTotal: counter("contacts_total"),
  contactsVerified: counter("contacts_verified"),
  contactsLookedUp: counter("contacts_looked_up"),
});

export const sources = pgTable(
  "sources",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: text("status", { enum: ["pending", "active", "inactive"] })
      .notNull()
      .default("active"),
    ...counters(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("sources_team_idx").on(t.teamId, t.id), index("sources_team_name_idx").on(t.teamId, sql`lower(${t.name})`)],
);

export const lists = pgTable(
  "lists",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    sourceId: integer("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ...counters(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("lists_team_source_idx").on(t.teamId, t.sourceId, t.id)],
);
