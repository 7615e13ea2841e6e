import { index, integer, pgTable, real, serial, text, timestamp } from "drizzle-orm/pg-core";
import { teams, users } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/** What the header's 'System Processes' popover shows: long work per user, and the downloads it produced. */
export const processes = pgTable(
  "processes",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["import", "export", "lookup", "job"] }).notNull(),
    /** The feature's own id (an import id, an export id …), so the writer can update its row. */
    refId: integer("ref_id"),
    title: text("title").notNull(),
    status: text("status", { enum: ["running", "resolving", "completed", "failed"] }).notNull(),
    progress: real("progress"),
    downloadUrl: text("download_url"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("processes_user_idx").on(t.teamId, t.userId, t.id)],
);
