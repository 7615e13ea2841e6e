import { DNC_RULE_DEFAULT_DAYS, type DncRule } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, one } from "../shared/rows";

/*
 * The team's DNC freshness rule: marketing texts (campaign steps and welcomes) need a Do Not Call check no older than
 * `teams.dnc_max_age_days`; null is no rule. Off keeps the number the team last chose only in the form (31 days).
 */

export async function getDncRule(db: DbOrTx, ctx: TeamCtx): Promise<DncRule> {
  const row = await one<{ days: number | null }>(db, sql`SELECT dnc_max_age_days AS days FROM teams WHERE id = ${ctx.teamId}`);
  const days = row?.days ?? null;
  return { enabled: days !== null, days: days ?? DNC_RULE_DEFAULT_DAYS };
}

export async function setDncRule(db: DbOrTx, ctx: TeamCtx, rule: DncRule): Promise<DncRule> {
  await db.execute(
    sql`UPDATE teams SET dnc_max_age_days = ${rule.enabled ? rule.days : null}, updated_at = now() WHERE id = ${ctx.teamId}`,
  );
  return getDncRule(db, ctx);
}
