import { sql } from "drizzle-orm";
import { type Hold, type HoldOwner, holdFunds, settleHold } from "../billing";
import type { SendOutcome } from "../providers";
import { type DbOrTx, intArray, rows } from "../shared/rows";
import type { Rendered } from "./dispatch-render";

/*
 * Money for sends (issue 16 §1 Money), through the same hold-and-settle ledger as lookups. Only the platform's own
 * gateways cost the team money in Leadflow (a team's own gateway bills it through its provider): before a batch is
 * submitted, each team's SMS parts (or emails) are held at the platform's price, the plan's free SMS first; the rows the
 * money does not cover are not sent, and their campaign pauses with the reason. After the provider answered, each hold
 * is settled by what may have been sent — accepted, and unknown (never free by accident) — and the rest goes back.
 * A dispatcher that died between the two leaves its holds; the next one settles them from its rows (take-over).
 */

export const INSUFFICIENT_FUNDS_FOR_SENDING =
  "Insufficient funds: the campaign is paused. Add money to the balance, then set the campaign Active again.";

export interface BatchHolds {
  /** Each team's hold for the batch. */
  byTeam: Map<number, Hold>;
  /** Which hold pays for each covered row. */
  holdOf: Map<number, number>;
  /** Rows the money did not cover: not sent. */
  uncovered: Rendered[];
}

const owner = (gatewayId: number): HoldOwner => ({ kind: "send", refId: gatewayId });

/** Holds the batch's price per team on a platform gateway; on a team's own gateway every row is covered. */
export async function holdForBatch(
  tx: DbOrTx,
  gateway: { id: number; teamId: number | null },
  rendered: readonly Rendered[],
  unitPrice: number,
): Promise<BatchHolds> {
  const out: BatchHolds = { byTeam: new Map(), holdOf: new Map(), uncovered: [] };
  if (gateway.teamId !== null) return out;
  const byTeam = new Map<number, Rendered[]>();
  for (const r of rendered) byTeam.set(r.row.team_id, [...(byTeam.get(r.row.team_id) ?? []), r]);
  for (const [teamId, list] of [...byTeam].sort(([a], [b]) => a - b)) {
    const items = list.reduce((n, r) => n + r.parts, 0);
    const hold = await holdFunds(tx, teamId, owner(gateway.id), { items, unitPrice, useFree: true });
    out.byTeam.set(teamId, hold);
    // The rows the held parts cover, in order; a message's parts are never split across the money.
    let left = hold.items;
    for (const r of list) {
      if (r.parts <= left && hold.id !== null) {
        left -= r.parts;
        out.holdOf.set(r.row.id, hold.id);
      } else out.uncovered.push(r);
    }
  }
  return out;
}

/** The rows the money did not cover go back to planned, and their campaigns pause saying why. */
export async function returnUncovered(tx: DbOrTx, uncovered: readonly Rendered[]): Promise<number[]> {
  if (uncovered.length === 0) return [];
  await tx.execute(
    sql`UPDATE campaign_messages SET state = 'planned', claimed_by = NULL, updated_at = now()
        WHERE id = ANY(${intArray(uncovered.map((r) => r.row.id))}) AND state = 'claimed'`,
  );
  const paused = await rows<{ id: number }>(
    tx,
    sql`UPDATE campaigns SET status = 'paused', status_reason = ${INSUFFICIENT_FUNDS_FOR_SENDING}, updated_at = now()
        WHERE id = ANY(${intArray([...new Set(uncovered.map((r) => r.row.campaign_id))])}) AND status = 'active' RETURNING id`,
  );
  return paused.map((c) => c.id);
}

/** May this outcome have reached a recipient? Then it is paid for. */
const mayHaveSent = (o: SendOutcome) => o.kind === "accepted" || o.kind === "unknown";

/** Settles each team's hold by the parts of the rows that may have been sent; a hold taken over is not charged twice. */
export async function settleBatch(
  tx: DbOrTx,
  holds: BatchHolds,
  results: readonly { rendered: Rendered; outcome: SendOutcome }[],
): Promise<void> {
  for (const [teamId, hold] of [...holds.byTeam].sort(([a], [b]) => a - b)) {
    const used = results
      .filter((r) => r.rendered.row.team_id === teamId && holds.holdOf.has(r.rendered.row.id) && mayHaveSent(r.outcome))
      .reduce((n, r) => n + r.rendered.parts, 0);
    await settleHold(tx, teamId, hold, used);
  }
}

/**
 * A dead dispatcher's holds on this gateway: each is charged for its rows that may have been sent (everything past
 * `claimed`: submitting rows are about to become unknown) and the rest goes back. Run before its rows change state.
 */
export async function settleAbandonedHolds(tx: DbOrTx, gatewayId: number): Promise<void> {
  const abandoned = await rows<{
    id: number;
    team_id: number;
    items: number;
    free_items: number;
    amount: string;
    unit_price: string;
    used: number;
  }>(
    tx,
    sql`SELECT h.id::float8 AS id, h.team_id, h.items, h.free_items, h.amount, h.unit_price,
          coalesce((SELECT sum(m.parts) FROM campaign_messages m WHERE m.hold_id = h.id AND m.state NOT IN ('planned', 'claimed')), 0)::int AS used
        FROM balance_holds h WHERE h.kind = 'send' AND h.ref_id = ${gatewayId} ORDER BY h.team_id, h.id`,
  );
  for (const h of abandoned) {
    const hold: Hold = {
      id: h.id,
      owner: owner(gatewayId),
      items: h.items,
      free: h.free_items,
      amount: Number(h.amount),
      unitPrice: Number(h.unit_price),
    };
    await settleHold(tx, h.team_id, hold, Math.min(h.used, h.items));
  }
}
