import type { DbOrTx } from "../../shared/rows";
import { planFollowingSteps } from "./plan";
import { planWelcomeMessages } from "./welcome-plan";

/*
 * What a lead's message leads to — its next step after the step's delay, and the step's welcome message — is planned
 * by whatever first records that a provider took it, in that same transaction: the dispatcher recording the send, a
 * status callback, reconciliation's answer or the close without a receipt. So no crash between a send and its record
 * loses a lead's later steps, and the one writer of the transition plans them once (the ledger's key makes a second
 * planning a no-op all the same).
 */

export interface TakenRow {
  id: number;
  campaign_id: number;
  step_id: number;
  lead_id: number;
}

/** States a row moves into from `submitting` or `unknown` when a provider took the message. */
export const TAKEN_STATES: ReadonlySet<string> = new Set([
  "accepted",
  "sent",
  "delivered",
  "failed",
  "blocked",
  "inactive",
  "bounced",
  "complained",
]);
/** States a row was in before the first word that a provider took it. */
export const BEFORE_TAKEN: ReadonlySet<string> = new Set(["submitting", "unknown"]);

/** Plans the welcomes and next steps the rows earn (rows some provider just took). */
export async function planAfterTaken(tx: DbOrTx, taken: readonly TakenRow[]): Promise<void> {
  if (taken.length === 0) return;
  await planWelcomeMessages(
    tx,
    taken.map((r) => r.id),
  );
  await planFollowingSteps(tx, taken);
}
