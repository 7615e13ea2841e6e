import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../../shared/rows";
import { IDLE, isLaneMark, returnLaneNeverHanded } from "./lane/lane-hand-over";

/*
 * The handed-over mark (docs/sending.md, Faults). A batch is committed as `submitting` before its calls, so a
 * dispatcher that dies leaves its submitting rows "maybe sent" — most of them never handed over (the rest of the batch,
 * and the next one, committed ahead). Each row gets a place in the dispatcher's sending order (`send_seq`), and the
 * dispatcher writes ahead, on a row of its own (`send_hand_over`; the lease row is locked by each claim, so writes
 * there would wait), the place it may start up to: it starts no message past it. A take-over then knows the dead one's rows past its mark were never handed over — they
 * go back to `planned` and are sent once — and only those up to it are `unknown`. That matters most where
 * reconciliation cannot ask the provider (SES): such rows would otherwise close a day later as sent without receipt.
 * The lane's takes are marked alike, one mark per kind, by row id rather than by place (lane/lane-hand-over.ts).
 */

export class HandOverMark {
  /** The place persisted as startable. */
  private upto = -1;
  private nextSeq = 0;
  private pending: Promise<void> | null = null;
  private lost = false;
  /**
   * A take's row ids in sending order, ascending (the lane's: its tables have no `send_seq`): the mark persists the id
   * at a place, not the place, so a take-over tells a row's side of the mark by its id. None: places are persisted.
   */
  private ids: readonly number[] | null = null;

  constructor(
    private readonly db: Db,
    private readonly gatewayId: number,
    private readonly owner: string,
    /** How far ahead each write reaches: a few hundred milliseconds of the gateway's pace. */
    private readonly step: number,
  ) {}

  /** The places of `count` rows in their sending order: the first, the others following it. */
  assign(count: number): number {
    const first = this.nextSeq;
    this.nextSeq += count;
    return first;
  }

  /**
   * Whether the message at `seq` may be handed to the provider: once its place is persisted as startable (written
   * ahead, so the calls rarely wait); false when the lease is lost or the write failed — it must not go.
   */
  async mayStart(seq: number): Promise<boolean> {
    for (;;) {
      if (this.lost) return false;
      // Half a step before the mark, the next write starts, so the calls rarely wait for it (a take's mark stops at
      // its last row).
      const last = this.ids ? this.ids.length - 1 : Number.POSITIVE_INFINITY;
      if (!this.pending && seq + this.step / 2 > this.upto && this.upto < last) this.pending = this.extend(seq);
      if (seq <= this.upto) return true;
      await this.pending;
    }
  }

  /** False once the mark was taken by a take-over, or a write of it failed: this run may start nothing more. */
  get live(): boolean {
    return !this.lost;
  }

  /**
   * A new take of the lane (every row of the one before has its outcome): in the take's transaction, the mark goes
   * back to nothing startable, and the take's ids, ascending, are its places. False when a take-over took the mark —
   * the take must not be committed.
   */
  async restart(tx: DbOrTx, ids: readonly number[]): Promise<boolean> {
    if (this.pending) throw new Error("The handed-over mark is still being written.");
    if (this.lost) return false;
    const kept = await rows(
      tx,
      sql`UPDATE send_hand_over SET upto = -1 WHERE gateway_id = ${this.gatewayId} AND owner = ${this.owner} RETURNING upto`,
    );
    if (kept.length === 0) {
      this.lost = true;
      return false;
    }
    this.ids = [...ids].sort((a, b) => a - b);
    this.upto = -1;
    return true;
  }

  /**
   * Every row of the lane's take has its outcome written: the mark says so (`IDLE`), so a take-over finds nothing of
   * this run to judge and reads none of the kind's rows.
   */
  async finish(): Promise<void> {
    await this.settled();
    if (this.lost) return;
    await this.db.execute(sql`UPDATE send_hand_over SET upto = ${IDLE} WHERE gateway_id = ${this.gatewayId} AND owner = ${this.owner}`);
  }

  /** Resolves once no write of the mark is under way (the lane's next take restarts it). */
  async settled(): Promise<void> {
    while (this.pending) await this.pending;
  }

  /** Whether this run still holds its mark, locked against a take-over until the caller's transaction ends. */
  async held(tx: DbOrTx): Promise<boolean> {
    const found = await rows(
      tx,
      sql`SELECT 1 FROM send_hand_over WHERE gateway_id = ${this.gatewayId} AND owner = ${this.owner} FOR SHARE`,
    );
    return found.length > 0;
  }

  /** Opens this run's mark (nothing startable yet); a run that finds it closed or gone later may start nothing more. */
  async open(
    /** What it says at first: nothing startable (-1); a lane mark, no take under way (`IDLE`). */
    at = -1,
  ): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO send_hand_over (gateway_id, owner, upto) VALUES (${this.gatewayId}, ${this.owner}, ${at})
          ON CONFLICT (gateway_id, owner) DO UPDATE SET upto = ${at}`,
    );
  }

  private async extend(seq: number): Promise<void> {
    const ids = this.ids;
    const to = ids ? Math.min(Math.max(this.upto, seq) + this.step, ids.length - 1) : Math.max(this.upto, seq) + this.step;
    try {
      // The mark's own row: a take-over deletes it (after reading it, under the row's lock), so a write after that
      // moves nothing and this run starts nothing more.
      const moved = await rows(
        this.db,
        sql`UPDATE send_hand_over SET upto = ${ids ? ids[to]! : to} WHERE gateway_id = ${this.gatewayId} AND owner = ${this.owner} RETURNING upto`,
      );
      if (moved.length) this.upto = Math.max(this.upto, to);
      else this.lost = true;
    } catch {
      this.lost = true;
    } finally {
      this.pending = null;
    }
  }
}

/**
 * In a take-over: the marks of the gateway's other runs are taken (deleted, so a stalled run can extend its own no
 * more), and each one's submitting rows past its mark — never handed over — go back to `planned`, no longer paid for by
 * its hold; so do the lane's, whose other submitting rows become `unknown`. Answers how many went back.
 */
export async function returnNeverHanded(tx: DbOrTx, gatewayId: number, owner: string): Promise<number> {
  const marks = await rows<{ owner: string; upto: number }>(
    tx,
    sql`DELETE FROM send_hand_over WHERE gateway_id = ${gatewayId} AND owner <> ${owner} RETURNING owner, upto::float8 AS upto`,
  );
  // The lane's marks (one per kind of message a run sends in it) and its submitting rows: lane/lane-hand-over.ts.
  let back = await returnLaneNeverHanded(
    tx,
    gatewayId,
    marks.filter((m) => isLaneMark(m.owner)),
  );
  for (const m of marks) {
    if (isLaneMark(m.owner)) continue;
    const moved = await rows(
      tx,
      sql`UPDATE campaign_messages SET state = 'planned', claimed_by = NULL, hold_id = NULL, send_seq = NULL, updated_at = now()
          WHERE gateway_id = ${gatewayId} AND state = 'submitting' AND claimed_by = ${m.owner} AND send_seq > ${m.upto}
          RETURNING id`,
    );
    back += moved.length;
  }
  return back;
}
