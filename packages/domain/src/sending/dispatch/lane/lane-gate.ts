import { type MessageReason, MessageReasons } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { bigintArray, type DbOrTx } from "../../../shared/rows";
import type { LaneMessage } from "./lane-types";

/*
 * The last part of a gated take, shared by the kinds whose rows wait for a window (welcomes, inbox replies): each row
 * the take read is refused with its reason, deferred to its window's opening, or committed `submitting` — in one
 * statement per reason, one per deferred row, and one for the rows that go.
 */

/** A row the take read, locked: its refusal (consent and the like), or null when only its window decides. */
export interface GateCandidate {
  id: number;
  refusal: MessageReason | null;
}

/** Where a candidate may go: when its window opens (null: never) and when it closes. */
export interface CandidateWindow {
  due: string | null;
  notAfter: string | null;
}

/** The kind's table and what its rows keep besides the state when they are refused, deferred or taken. */
export interface GateTable {
  table: string;
  /** The column that keeps a refusal's words. */
  error: string;
  /** More to set on a refused row, a deferred one and a taken one. */
  refused?: SQL;
  deferred?: SQL;
  taken?: SQL;
}

export async function gateTaken<C extends GateCandidate>(
  tx: DbOrTx,
  t: GateTable,
  due: readonly C[],
  windowOf: (c: C, now: number) => CandidateWindow | null,
  message: (c: C, notAfter: string | null) => LaneMessage,
): Promise<LaneMessage[]> {
  const table = sql.identifier(t.table);
  const also = (extra?: SQL) => (extra ? sql`, ${extra}` : sql``);
  const now = Date.now();
  const refused = new Map<MessageReason, number[]>();
  const deferred: { id: number; due: string }[] = [];
  const going: LaneMessage[] = [];
  for (const c of due) {
    const win = c.refusal ? null : windowOf(c, now);
    const why = c.refusal ?? (win?.due ? null : "outside_window");
    if (why) refused.set(why, [...(refused.get(why) ?? []), c.id]);
    else if (Date.parse(win!.due!) > now) deferred.push({ id: c.id, due: win!.due! });
    else going.push(message(c, win!.notAfter));
  }
  for (const [why, ids] of refused)
    await tx.execute(
      sql`UPDATE ${table} SET state = 'rejected', ${sql.identifier(t.error)} = ${`Not sent: ${MessageReasons[why]}.`},
            updated_at = now()${also(t.refused)}
          WHERE id = ANY(${bigintArray(ids)})`,
    );
  for (const d of deferred)
    await tx.execute(sql`UPDATE ${table} SET due_at = ${d.due}::timestamptz, updated_at = now()${also(t.deferred)} WHERE id = ${d.id}`);
  if (going.length)
    await tx.execute(
      sql`UPDATE ${table} SET state = 'submitting', updated_at = now()${also(t.taken)}
          WHERE id = ANY(${bigintArray(going.map((g) => g.id))})`,
    );
  return going;
}
