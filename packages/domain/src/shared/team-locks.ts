import { sql } from "drizzle-orm";
import type { DbOrTx } from "./rows";

/*
 * Per-team advisory locks, held until the transaction ends. The keys live in one place so no two features pick
 * the same one (7305001 is the migrations lock in packages/db).
 */
const TEAM_LOCKS = {
  leads: 7305002,
  segments: 7305005,
  uploads: 7305010,
  routing: 7305020,
  planLimits: 7305030,
  keywords: 7305040,
  inboundPhone: 7305050,
  testSends: 7305060,
} as const;

async function lockTeam(tx: DbOrTx, lock: keyof typeof TEAM_LOCKS, teamId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEAM_LOCKS[lock]}, ${teamId})`);
}

/** Whatever writes a team's leads, their keys, statuses or counters: imports and the public API merge one batch at a time. */
export const lockTeamLeads = (tx: DbOrTx, teamId: number) => lockTeam(tx, "leads", teamId);

/** Whatever rewrites a team's segment memberships (rebuilds and the dynamic sync) and their counters. */
export const lockTeamSegments = (tx: DbOrTx, teamId: number) => lockTeam(tx, "segments", teamId);

/** One upload of a team at a time, so uploads sent together cannot each see room under the quota. */
export const lockTeamUploads = (tx: DbOrTx, teamId: number) => lockTeam(tx, "uploads", teamId);

/** Creating a campaign route or pool: two creates sent together cannot each see room under the team's limit. */
export const lockTeamRouting = (tx: DbOrTx, teamId: number) => lockTeam(tx, "routing", teamId);

/**
 * Creating what a plan limits (sources, lists, audiences): the count and the insert it guards commit together, so
 * two creates sent together at the limit cannot both pass. Leads are guarded by lockTeamLeads instead.
 */
export const lockTeamPlanLimits = (tx: DbOrTx, teamId: number) => lockTeam(tx, "planLimits", teamId);

/** Saving a team's SMS keyword: the check that no word is on two keywords of one number and the write go together. */
export const lockTeamKeywords = (tx: DbOrTx, teamId: number) => lockTeam(tx, "keywords", teamId);

/** One phone's replies to a team, one at a time: an opt-out, an opt-in and "HELP once a day" read what the last wrote. */
export async function lockInboundPhone(tx: DbOrTx, teamId: number, phone: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEAM_LOCKS.inboundPhone}, hashtext(${`${teamId}:${phone}`}))`);
}

/** A test SMS or email: the team's count of today's tests and the new one commit together (the daily cap). */
export const lockTeamTestSends = (tx: DbOrTx, teamId: number) => lockTeam(tx, "testSends", teamId);
