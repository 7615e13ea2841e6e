import { type AnyPgColumn, bigint, index, integer, serial, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "./accounts";

/*
 * Column shapes the schema files repeat. Each helper returns a fresh builder per call (a builder belongs to the one
 * table it is placed in), and keeps the column as the migrations made it: using one must not change the database.
 */

/** A moment, with its zone, read as the ISO text the contracts carry. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/** A team's own row: it goes with its team. */
export const teamId = () =>
  integer("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" });

/** The head of a team's named record (a route, a rule, a campaign): its id, its team and its name. */
export const namedTeamRecord = () => ({
  id: serial("id").primaryKey(),
  teamId: teamId(),
  name: text("name").notNull(),
});

/** The index a team's list of its rows reads: `<table>_team_idx` on (team_id, id). */
export const teamIndex = (table: string, t: { teamId: AnyPgColumn; id: AnyPgColumn }) => index(`${table}_team_idx`).on(t.teamId, t.id);

/**
 * The team of a row that belongs to a parent row of that team (a route's group, a campaign's step): no key of its
 * own, the parent's cascade removes it; it is there so every query can filter by team.
 */
export const parentTeamId = () => integer("team_id").notNull();

/** The parent a row belongs to and goes with. */
export const parentId = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: "cascade" });

/** created_at and updated_at, both set on insert; writers set updated_at. */
export const timestamps = () => ({
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** A maintained count, from 0 (bigint: read as a number). */
export const counter = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
