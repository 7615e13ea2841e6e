import type { PlanLimitKind } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { lockTeamLeads, lockTeamPlanLimits } from "../shared/team-locks";

/** Each limit's column on `plans`, what the team holds of it, and how a person names it. */
const LIMITS = {
  leads: { column: sql`p.leads_limit`, held: (team) => sql`SELECT 1 FROM leads WHERE team_id = ${team}`, one: "lead" },
  audiences: {
    column: sql`p.audiences_limit`,
    held: (team) => sql`SELECT 1 FROM segments WHERE team_id = ${team} AND parent_id IS NULL`,
    one: "audience",
  },
  sources: { column: sql`p.sources_limit`, held: (team) => sql`SELECT 1 FROM sources WHERE team_id = ${team}`, one: "source" },
  lists: { column: sql`p.lists_limit`, held: (team) => sql`SELECT 1 FROM lists WHERE team_id = ${team}`, one: "list" },
} as const satisfies Record<PlanLimitKind, { column: SQL; held: (teamId: number) => SQL; one: string }>;

const count = new Intl.NumberFormat("en-US");

interface TeamLimit {
  key: string;
  name: string;
  limit: number | null;
}

async function teamLimit(tx: DbOrTx, teamId: number, kind: PlanLimitKind): Promise<TeamLimit | undefined> {
  return one<TeamLimit>(
    tx,
    sql`SELECT p.key, p.name, ${LIMITS[kind].column} AS limit FROM teams t JOIN plans p ON p.key = t.plan_key WHERE t.id = ${teamId}`,
  );
}

/** What the team holds, counted up to `cap` at most: past the limit the exact number changes nothing. */
async function heldUpTo(tx: DbOrTx, teamId: number, kind: PlanLimitKind, cap: number): Promise<number> {
  const row = await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (${LIMITS[kind].held(teamId)} LIMIT ${cap}) x`);
  return row?.n ?? 0;
}

export function planLimitError(plan: { key: string; name: string }, kind: PlanLimitKind, limit: number): AppError {
  const things = limit === 1 ? LIMITS[kind].one : kind;
  const message = `Your ${plan.name} plan allows ${count.format(limit)} ${things}. Upgrade your plan to add more.`;
  return new AppError("plan_limit_reached", message, { plan: [message] }, undefined, { kind, limit, plan: plan.key });
}

/**
 * Refuses (422) adding `adding` of `kind` past the team's plan limit. Call it inside the transaction that inserts
 * them, before the insert: it takes the team's lock, so a second create sent at the same time counts after the
 * first one commits and cannot pass the limit with it.
 */
export async function assertWithinLimit(tx: DbOrTx, teamId: number, kind: PlanLimitKind, adding = 1): Promise<void> {
  await (kind === "leads" ? lockTeamLeads(tx, teamId) : lockTeamPlanLimits(tx, teamId));
  const plan = await teamLimit(tx, teamId, kind);
  if (!plan || plan.limit === null) return;
  const held = await heldUpTo(tx, teamId, kind, plan.limit);
  if (held + adding > plan.limit) throw planLimitError(plan, kind, plan.limit);
}

/** How many more leads the team's plan takes (null: no limit). The caller holds lockTeamLeads. */
export async function leadRoom(tx: DbOrTx, teamId: number): Promise<{ limit: number; room: number } | null> {
  const plan = await teamLimit(tx, teamId, "leads");
  if (!plan || plan.limit === null) return null;
  return { limit: plan.limit, room: plan.limit - (await heldUpTo(tx, teamId, "leads", plan.limit)) };
}

/** An import row's failure text when it would make a lead past the plan's limit (Import History, the import API). */
export function planLeadLimitMessage(limit: number): string {
  return `Plan lead limit reached (${count.format(limit)} leads)`;
}
