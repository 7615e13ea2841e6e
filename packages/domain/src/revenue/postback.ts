import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { one } from "../shared/rows";
import { attributeConversions } from "./conversion-attribution";
import { verifyPostbackSignature } from "./postback-signature";

/*
 * The postback URL a partner calls on a conversion (docs/revenue.md): `/postback/{token}?click_id=…&amount=…&sig=…`
 * and optionally `transaction_id` (several conversions of one click). Idempotent by (tracking, transaction id); the
 * click id is the transaction id when none is given, so a partner's retry of the same call adds nothing.
 */

export interface PostbackInput {
  token: string;
  click_id?: string;
  amount?: string;
  sig?: string;
  transaction_id?: string;
}

/**
 * attributed: the amount was added everywhere. pending: stored, and attributed when the click's hit is written (the
 * redirect service flushes clicks in batches; the revenue sweep picks it up within a minute). duplicate: this
 * transaction was recorded before; nothing was added.
 */
export interface PostbackOutcome {
  status: "attributed" | "pending" | "duplicate";
  conversion_id: number;
  /** The campaign it was added to (attributed): its open pages get the new figures. */
  campaign_id?: number;
}

/** Dollars with up to 4 decimals (the column's scale), no sign, no exponent: `12.50`, `3`, `0.0125`. */
const AMOUNT = /^\d{1,10}(\.\d{1,4})?$/;
/** Ids a partner echoes back: printable, no spaces, bounded. */
const ID = /^[\x21-\x7e]{1,128}$/;

function requireId(value: string | undefined, field: "click_id" | "transaction_id", what: string): string {
  if (value === undefined || value === "")
    throw new AppError("postback_invalid", `${what} is missing.`, { [field]: [`${what} is missing.`] });
  if (!ID.test(value)) {
    const message = `${what} must be 1 to 128 printable characters without spaces.`;
    throw new AppError("postback_invalid", message, { [field]: [message] });
  }
  return value;
}

export async function receivePostback(db: Db, input: PostbackInput): Promise<PostbackOutcome> {
  const tracking = await one<{ id: number; team_id: number; secret: string }>(
    db,
    sql`SELECT id, team_id, secret FROM revenue_trackings WHERE token = ${input.token}`,
  );
  if (!tracking) throw new AppError("postback_tracking_not_found");
  const clickId = requireId(input.click_id, "click_id", "The click id (click_id)");
  const transactionId = input.transaction_id === undefined ? null : requireId(input.transaction_id, "transaction_id", "The transaction id");
  const amountText = input.amount ?? "";
  // The signature first: an unsigned call learns nothing but that it is refused.
  if (!verifyPostbackSignature(tracking.secret, clickId, amountText, input.sig, transactionId)) {
    throw new AppError("postback_signature_invalid");
  }
  if (!AMOUNT.test(amountText)) {
    const message = "The amount must be dollars like 12.50: digits, at most 4 decimals, not negative.";
    throw new AppError("postback_invalid", message, { amount: [message] });
  }
  return db.transaction(async (tx) => {
    const inserted = await one<{ id: number }>(
      tx,
      sql`INSERT INTO revenue_conversions (team_id, tracking_id, hit_id, transaction_id, amount)
          VALUES (${tracking.team_id}, ${tracking.id}, ${clickId}, ${transactionId ?? clickId}, ${amountText}::numeric)
          ON CONFLICT (tracking_id, transaction_id) DO NOTHING
          RETURNING id::float8 AS id`,
    );
    if (!inserted) {
      const first = await one<{ id: number }>(
        tx,
        sql`SELECT id::float8 AS id FROM revenue_conversions WHERE tracking_id = ${tracking.id} AND transaction_id = ${transactionId ?? clickId}`,
      );
      return { status: "duplicate", conversion_id: first!.id };
    }
    const [done] = await attributeConversions(tx, sql`rc.id = ${inserted.id}`);
    return done
      ? { status: "attributed", conversion_id: inserted.id, campaign_id: done.campaign_id }
      : { status: "pending", conversion_id: inserted.id };
  });
}

/** How long a conversion waits for its click's hit: past this its click id is taken as unknown and it stays unattributed. */
const PENDING_FOR = sql`interval '1 day'`;

/** Attributes the pending conversions whose hit has been written since; answers how many (`touched`: their campaigns). */
export async function attributePendingConversions(db: Db, touched?: Set<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction((tx) => attributeConversions(tx, sql`rc.created_at > now() - ${PENDING_FOR}`));
    total += done.length;
    for (const d of done) touched?.add(d.campaign_id);
    if (done.length === 0) return total;
  }
}
