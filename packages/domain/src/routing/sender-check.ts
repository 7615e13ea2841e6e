import { type GatewaySenderOptions, type RoutingSenderInput, SenderOptionList, SenderTypeLabels } from "@leadflow/contracts";
import { lockedSmsSenderOptions } from "../gateways";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import type { DbOrTx } from "../shared/rows";

/** A sender as stored: the input with its name filled from the gateway's label when none was given. */
export type CheckedSender = RoutingSenderInput;

/** Field errors by path (`groups.1.sender`), as the request validator reports them. */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};
  add(path: string, message: string): void {
    (this.errors[path] ??= []).push(message);
  }
  /** A 422 whose message is the first field's, like the validator's own. */
  throwIfAny(): void {
    const first = Object.values(this.errors)[0]?.[0];
    if (first) throw new AppError("routing_invalid", first, this.errors);
  }
}

/**
 * Checks senders against what the team's gateways offer, inside the save's transaction (the gateways are read FOR
 * KEY SHARE, see lockedSmsSenderOptions). `at` is each sender's field path.
 */
export async function senderChecker(tx: DbOrTx, ctx: TeamCtx, senders: readonly RoutingSenderInput[]) {
  const ids = [...new Set(senders.map((s) => s.gateway_id))];
  const gateways = new Map((await lockedSmsSenderOptions(tx, ctx, ids)).map((g) => [g.id, g] as const));

  return (sender: RoutingSenderInput, at: string, errors: FieldErrors): CheckedSender | null => {
    const gateway: GatewaySenderOptions | undefined = gateways.get(sender.gateway_id);
    if (!gateway) {
      errors.add(`${at}.gateway_id`, "The selected gateway is not an active SMS gateway of this team.");
      return null;
    }
    const option = gateway[SenderOptionList[sender.sender_type]].find((o) => o.key === sender.sender);
    if (!option) {
      const kind = SenderTypeLabels[sender.sender_type].toLowerCase();
      errors.add(`${at}.sender`, `The selected sender is not a ${kind} of the gateway "${gateway.name}".`);
      return null;
    }
    return { ...sender, sender_name: sender.sender_name || option.label };
  };
}
