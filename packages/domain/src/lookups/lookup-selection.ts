import { LookupStatuses, type LookupType, type StartLeadsLookup } from "@leadflow/contracts";
import { loadGatewayForRun } from "../gateways";
import { holdSelection, selectedLeads } from "../leads";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import type { DbOrTx } from "../shared/rows";
import { snapshotItems } from "./lookup-scope";
import { ensureFunds, insertJob, usableGateway } from "./lookups.service";

/**
 * Run Lookup on the leads table's selection (ids, or all matching its query): one running job whose items are
 * snapshotted here, in the same transaction as the selection is read, since a selection is not a scope that can
 * be read again later. A restart of the job reads its own items' leads again. A gateway or leads the team cannot
 * see are a 404 (another team's look like none); nothing to look up is a 422.
 */
export async function startLeadsLookup(db: DbOrTx, ctx: TeamCtx, input: StartLeadsLookup): Promise<number> {
  const type = input.type as LookupType;
  if (!(await loadGatewayForRun(db, ctx.teamId, input.setting_gateway_id))) throw new AppError("gateway_not_found");
  const gateway = await usableGateway(db, ctx, type, input.setting_gateway_id);
  await ensureFunds(db, ctx.teamId, type);
  return db.transaction(async (tx) => {
    const selected = await holdSelection(tx, ctx, input);
    if (selected.found === 0 && selected.missing > 0) throw new AppError("lead_not_found");
    const id = await insertJob(tx, ctx, { type, gatewayId: gateway.id, status: LookupStatuses.running });
    const added = await snapshotItems(tx, ctx.teamId, id, type, { leads: selectedLeads }, gateway.type);
    // The job counts as snapshotted from here: its runner goes straight to the items.
    if (added === 0) throw new AppError("lookup_nothing");
    return id;
  });
}
