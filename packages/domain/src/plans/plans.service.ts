import type { Plan } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { ensureBalanceRow } from "../billing";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { findPlan } from "./plans.queries";

/** Plans given without asking: a registration gets the `default_plan` setting, an operator's own team this one. */
export const OPERATOR_PLAN = "enterprise";

/**
 * Puts a team on a plan (the `leadflow team plan` command, and every new team): its limits apply from the next
 * create, and its free SMS left become the plan's free SMS. An unknown plan is a 422 naming the plans there
 * are; an unknown team a 404. One transaction: the plan and the free SMS change together.
 */
export async function setTeamPlan(db: DbOrTx, teamId: number, planKey: string): Promise<Plan> {
  return db.transaction(async (tx) => {
    const plan = await findPlan(tx, planKey);
    const team = await one<{ id: number }>(
      tx,
      sql`UPDATE teams SET plan_key = ${plan.key}, updated_at = now() WHERE id = ${teamId} RETURNING id`,
    );
    if (!team) throw new AppError("not_found", `No team with the id ${teamId}.`);
    await ensureBalanceRow(tx, teamId);
    await tx.execute(sql`UPDATE team_balances SET free_sms = ${plan.limits.free_sms}, updated_at = now() WHERE team_id = ${teamId}`);
    return plan;
  });
}
