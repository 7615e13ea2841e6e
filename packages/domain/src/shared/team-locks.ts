import { sql } from "drizzle-orm";
import type { DbOrTx } from "./rows";

/*
 * Per-team advisory locks, held until the transaction ends. The keys live in one place so no two features pick
 * the same one (7305001 is the migrations lock in packages/db).
 */
const TEAM_LOCKS = { leads: 7305002, segments: 7305005, uploads: 7305010 } as const;

async function lockTeam(tx: DbOrTx, lock: keyof typeof TEAM_LOCKS, teamId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEAM_LOCKS[lock]}, ${teamId})`);
}

/** Whatever writes a team's leads, their keys, statuses or counters: imports and the public API merge one batch at a time. */
export const lockTeamLeads = (tx: DbOrTx, teamId: number) => lockTeam(tx, "leads", teamId);

/** Whatever rewrites a team's segment memberships (rebuilds and the dynamic sync) and their counters. */
export const lockTeamSegments = (tx: DbOrTx, teamId: number) => lockTeam(tx, "segments", teamId);

/** One upload of a team at a time, so uploads sent together cannot each see room under the quota. */
export const lockTeamUploads = (tx: DbOrTx, teamId: number) => lockTeam(tx, "uploads", teamId);
