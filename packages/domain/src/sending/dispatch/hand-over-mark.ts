import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../../shared/rows";

/*
 * The handed-over mark (docs/sending.md, Faults). A batch is committed as `submitting` before its calls, so a
 * dispatcher that dies leaves its submitting rows "maybe sent" — most of them never handed over (the rest of the batch,
 * and the next one, committed ahead). Each row gets a place in the dispatcher's sending order (`send_seq`), and the
 * dispatcher writes ahead, on a row of its own (`send_hand_over`; the lease row is locked by each claim, so writes
 * there would wait), the place it may start up to: it starts no message past it. A take-over then knows the dead one's rows past its mark were never handed over — they
 * go back to `planned` and are sent once — and only those up to it are `unknown`. That matters most where
 * reconciliation cannot ask the provider (SES): such rows would otherwise close a day later as sent without receipt.
 */

export class HandOverMark {
  /** The place persisted as startable. */
  private upto = -1;
  private nextSeq = 0;
  private pending: Promise<void> | null = null;
  private lost = false;

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
      // Half a step before the mark, the next write starts, so the calls rarely wait for it.
      if (!this.pending && seq + this.step / 2 > this.upto) this.pending = this.extend(seq);
      if (seq <= this.upto) return true;
      await this.pending;
    }
  }

  /** Opens this run's mark (nothing startable yet); a run that finds it closed or gone later may start nothing more. */
  async open(): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO send_hand_over (gateway_id, owner, upto) VALUES (${this.gatewayId}, ${this.owner}, -1)
          ON CONFLICT (gateway_id, owner) DO UPDATE SET upto = -1`,
    );
  }

  private async extend(seq: number): Promise<void> {
    const to = Math.max(this.upto, seq) + this.step;
    try {
      // The mark's own row: a take-over deletes it (after reading it, under the row's lock), so a write after that
      // moves nothing and this run starts nothing more.
      const moved = await rows(
        this.db,
        sql`UPDATE send_hand_over SET upto = ${to} WHERE gateway_id = ${this.gatewayId} AND owner = ${this.owner} RETURNING upto`,
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
 * its hold. Answers how many went back.
 */
export async function returnNeverHanded(tx: DbOrTx, gatewayId: number, owner: string): Promise<number> {
  const marks = await rows<{ owner: string; upto: number }>(
    tx,
    sql`DELETE FROM send_hand_over WHERE gateway_id = ${gatewayId} AND owner <> ${owner} RETURNING owner, upto::float8 AS upto`,
  );
  let back = 0;
  for (const m of marks) {
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
