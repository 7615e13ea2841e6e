import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../shared/rows";

/*
 * The handed-over mark (docs/sending.md, Faults). A batch is committed as `submitting` before its calls, so a
 * dispatcher that dies leaves its submitting rows "maybe sent" — most of them never handed over (the rest of the batch,
 * and the next one, committed ahead). Each row gets a place in the dispatcher's sending order (`send_seq`), and the
 * dispatcher writes ahead, on its lease row, the place it may start up to (`handing_upto`, fenced by the lease): it
 * starts no message past it. A take-over then knows the dead one's rows past its mark were never handed over — they
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

  private async extend(seq: number): Promise<void> {
    const to = Math.max(this.upto, seq) + this.step;
    try {
      const moved = await rows(
        this.db,
        sql`UPDATE send_dispatchers SET handing_owner = ${this.owner}, handing_upto = ${to}
            WHERE id = ${this.gatewayId} AND lease_owner = ${this.owner} RETURNING id`,
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
 * In a take-over: the dead dispatcher's submitting rows past its mark were never handed over and go back to `planned`
 * (no longer paid for by its hold); then the mark is this dispatcher's, nothing startable yet. Answers how many went back.
 */
export async function returnNeverHanded(tx: DbOrTx, gatewayId: number, owner: string): Promise<number> {
  const back = await rows(
    tx,
    sql`UPDATE campaign_messages m SET state = 'planned', claimed_by = NULL, hold_id = NULL, send_seq = NULL, updated_at = now()
        FROM send_dispatchers d
        WHERE d.id = ${gatewayId} AND m.gateway_id = ${gatewayId} AND m.state = 'submitting'
          AND m.claimed_by = d.handing_owner AND d.handing_owner IS DISTINCT FROM ${owner} AND m.send_seq > d.handing_upto
        RETURNING m.id`,
  );
  await tx.execute(
    sql`UPDATE send_dispatchers SET handing_owner = ${owner}, handing_upto = -1 WHERE id = ${gatewayId} AND lease_owner = ${owner}`,
  );
  return back.length;
}
