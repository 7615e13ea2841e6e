import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Hold, type HoldKind, settleHold } from "../../../billing";
import { bigintArray, type DbOrTx, rows } from "../../../shared/rows";
import { laneAnswers } from "./lane-answers";
import { laneReplies } from "./lane-replies";
import { laneSpamTests } from "./lane-spam-tests";
import { laneTests } from "./lane-tests";
import type { LaneKind } from "./lane-types";
import { laneWelcomes } from "./lane-welcomes";

/*
 * The lane's handed-over marks (docs/sending.md, The handed-over mark): a run sends each kind's take in ascending id
 * and writes ahead, on a mark of its own per kind, the id it may start up to. Its tables have no owner column: a
 * gateway's submitting lane rows are its lease holder's, so a take-over judges them all by the marks it takes — those
 * past every mark of their kind were never handed over and go back to `planned` (sent once, by the new holder), the
 * others may have been and become `unknown`, as a campaign message does.
 */

const LANE_MARK = "lane/";
/** A lane mark's value between takes: none of its run's rows is `submitting`. */
export const IDLE = -2;
const KINDS: readonly LaneKind[] = [laneAnswers, laneReplies, laneTests, laneWelcomes, laneSpamTests];

/** A lane mark's owner: the kind it is for and a run's own random part (a host name has no slash). */
export const laneMarkOwner = (kind: LaneKind): string => `${LANE_MARK}${kind.prefix}/${randomUUID()}`;

export const isLaneMark = (owner: string): boolean => owner.startsWith(LANE_MARK);

const kindOfMark = (owner: string): string => owner.slice(LANE_MARK.length).split("/")[0] ?? "";

/**
 * In a take-over, with the lane marks it took: each kind's submitting rows of the gateway past the highest of its
 * marks go back to `planned`, their holds given back; the others become `unknown`, their holds charged (maybe sent: a
 * provider may bill them). Answers how many went back.
 */
export async function returnLaneNeverHanded(
  tx: DbOrTx,
  gatewayId: number,
  marks: readonly { owner: string; upto: number }[],
): Promise<number> {
  let back = 0;
  for (const kind of KINDS) {
    const { table, state, error } = kind.ledger;
    const uptos = marks.filter((m) => kindOfMark(m.owner) === kind.prefix).map((m) => m.upto);
    // Only a run that died (or stalled) mid-take left rows to judge; a row left `submitting` otherwise (its outcome
    // could not be written, or a run from before the marks) turns `unknown` after a while (lane.ts).
    if (!uptos.some((u) => u > IDLE)) continue;
    const returned = await rows<{ id: number; team_id: number }>(
      tx,
      sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(state)} = 'planned', updated_at = now()
          WHERE gateway_id = ${gatewayId} AND ${sql.identifier(state)} = 'submitting' AND id > ${Math.max(...uptos)}
          RETURNING id::float8 AS id, team_id`,
    );
    await settleStoredHolds(tx, kind.hold, returned, false);
    back += returned.length;
    const doubtful = await rows<{ id: number; team_id: number }>(
      tx,
      sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(state)} = 'unknown',
            ${sql.identifier(error)} = 'The dispatcher stopped while the provider was called.', updated_at = now()
          WHERE gateway_id = ${gatewayId} AND ${sql.identifier(state)} = 'submitting'
          RETURNING id::float8 AS id, team_id`,
    );
    await settleStoredHolds(tx, kind.hold, doubtful, true);
  }
  return back;
}

/**
 * The holds of lane messages whose run is gone, found by their rows: charged in full (maybe sent) or given back (never
 * handed over). One read finds them; rows without one (a team's own gateway) cost nothing more.
 */
export async function settleStoredHolds(
  tx: DbOrTx,
  kind: HoldKind,
  messages: readonly { id: number; team_id: number }[],
  charge: boolean,
): Promise<void> {
  if (messages.length === 0) return;
  const held = await rows<{
    id: number;
    team_id: number;
    ref_id: number;
    items: number;
    free_items: number;
    amount: string;
    unit_price: string;
  }>(
    tx,
    sql`SELECT id::float8 AS id, team_id, ref_id::float8 AS ref_id, items, free_items, amount, unit_price FROM balance_holds
        WHERE kind = ${kind} AND ref_id = ANY(${bigintArray(messages.map((m) => m.id))})`,
  );
  const teamOf = new Map(messages.map((m) => [m.id, m.team_id]));
  for (const h of held) {
    if (teamOf.get(h.ref_id) !== h.team_id) continue;
    const hold: Hold = {
      id: h.id,
      owner: { kind, refId: h.ref_id },
      items: h.items,
      free: h.free_items,
      amount: Number(h.amount),
      unitPrice: Number(h.unit_price),
    };
    await settleHold(tx, h.team_id, hold, charge ? h.items : 0);
  }
}
