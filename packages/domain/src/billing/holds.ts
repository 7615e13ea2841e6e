import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { ensureBalanceRow } from "./balance";
import { round4 } from "./prices";

/*
 * Holds: money taken from the balance before work that costs it leaves Leadflow (a lookup batch goes to the
 * provider, a batch of messages is sent), settled when the work is recorded. Each hold is its own row; a settle
 * takes exactly that row, charges the items used from it (free items first) and gives the rest back, in the
 * transaction that records the work. A hold that is gone was given back already (its runner was taken over, its
 * job deleted): the work it covered must not be recorded as paid, so the caller writes nothing.
 */

export type HoldKind = "lookup" | "send" | "spam_test" | "answer" | "welcome" | "test" | "reply" | "opt_in";

/** Whose hold: a lookup job, a gateway's dispatcher sending on a platform gateway, or a campaign's test spam emails. */
export interface HoldOwner {
  kind: HoldKind;
  refId: number;
}

export interface Hold {
  /** null: nothing was held (nothing affordable, or nothing asked); settling it charges nothing. */
  id: number | null;
  owner: HoldOwner;
  /** Items covered, free ones included. */
  items: number;
  free: number;
  amount: number;
  unitPrice: number;
}

/** The free allowance a kind of hold spends first: a team's free lookups, or its plan's free SMS parts (test spam emails
 * never use any: they are held with useFree off). */
const freeColumn = (kind: HoldKind) => sql.identifier(kind === "lookup" ? "free_lookups" : "free_sms");

/**
 * Takes up to `items` items at `unitPrice` from the team's balance (its free items of the kind first when `useFree`),
 * as one hold row, inside the caller's transaction. Holds fewer items when the money runs short, none when it is
 * out.
 */
export async function holdFunds(
  tx: DbOrTx,
  teamId: number,
  owner: HoldOwner,
  want: { items: number; unitPrice: number; useFree: boolean },
): Promise<Hold> {
  const none: Hold = { id: null, owner, items: 0, free: 0, amount: 0, unitPrice: want.unitPrice };
  if (want.items <= 0) return none;
  await ensureBalanceRow(tx, teamId);
  const b = await one<{ balance: string; free: number }>(
    tx,
    sql`SELECT balance, ${freeColumn(owner.kind)} AS free FROM team_balances WHERE team_id = ${teamId} FOR UPDATE`,
  );
  if (!b) return none;
  const free = want.useFree ? Math.min(b.free, want.items) : 0;
  const paidWanted = want.items - free;
  const price = want.unitPrice;
  const paid = price > 0 ? Math.min(paidWanted, Math.floor((Number(b.balance) + 1e-9) / price)) : paidWanted;
  const amount = round4(paid * price);
  const items = free + paid;
  if (items === 0) return none;
  await tx.execute(
    sql`UPDATE team_balances SET balance = balance - ${amount}, ${freeColumn(owner.kind)} = ${freeColumn(owner.kind)} - ${free},
          updated_at = now()
        WHERE team_id = ${teamId}`,
  );
  const row = await one<{ id: string }>(
    tx,
    sql`INSERT INTO balance_holds (team_id, kind, ref_id, items, free_items, amount, unit_price)
        VALUES (${teamId}, ${owner.kind}, ${owner.refId}, ${items}, ${free}, ${amount}, ${price}) RETURNING id`,
  );
  return { id: Number(row?.id), owner, items, free, amount, unitPrice: price };
}

/**
 * Takes a hold's row for settling (locks nothing else). null: the hold was given back already, so the work it
 * covered must not be recorded. A hold of nothing is always there.
 */
export async function takeHold(tx: DbOrTx, teamId: number, hold: Hold): Promise<Hold | null> {
  if (hold.id === null) return hold;
  const row = await one<{ items: number; free_items: number; amount: string; unit_price: string }>(
    tx,
    sql`DELETE FROM balance_holds WHERE team_id = ${teamId} AND id = ${hold.id} RETURNING items, free_items, amount, unit_price`,
  );
  if (!row) return null;
  return { ...hold, items: row.items, free: row.free_items, amount: Number(row.amount), unitPrice: Number(row.unit_price) };
}

export interface Charge {
  charged: number;
  usedFree: number;
}

/**
 * Charges `used` items of a taken hold (free items first) and gives the rest back, with one ledger row when
 * anything was used. Using more than was held is a bug, not a discount: it throws and the transaction rolls back.
 */
export async function chargeHold(tx: DbOrTx, teamId: number, taken: Hold, used: number): Promise<Charge> {
  if (used > taken.items || used < 0)
    throw new Error(`A settle used ${used} item(s) of a hold of ${taken.items}: only held items may be recorded.`);
  if (taken.items === 0) return { charged: 0, usedFree: 0 };
  const usedFree = Math.min(taken.free, used);
  const charged = Math.min(taken.amount, round4((used - usedFree) * taken.unitPrice));
  const back = round4(taken.amount - charged);
  const backFree = taken.free - usedFree;
  const bal = await one<{ balance: string }>(
    tx,
    sql`UPDATE team_balances SET balance = balance + ${back}, ${freeColumn(taken.owner.kind)} = ${freeColumn(taken.owner.kind)} + ${backFree},
          updated_at = now()
        WHERE team_id = ${teamId} RETURNING balance`,
  );
  if (used > 0) {
    const lookupId = taken.owner.kind === "lookup" ? taken.owner.refId : null;
    await tx.execute(
      sql`INSERT INTO balance_transactions (team_id, kind, amount, items, free_items, balance_after, lookup_id)
          VALUES (${teamId}, ${taken.owner.kind}, ${-charged}, ${used}, ${usedFree}, ${Number(bal?.balance ?? 0)}, ${lookupId})`,
    );
  }
  return { charged, usedFree };
}

/** Takes and charges a hold in one call; null when it was given back already. */
export async function settleHold(tx: DbOrTx, teamId: number, hold: Hold, used: number): Promise<Charge | null> {
  const taken = await takeHold(tx, teamId, hold);
  return taken ? chargeHold(tx, teamId, taken, used) : null;
}

/** Gives back every hold of an owner (a runner died between holding and settling; a job was deleted). */
export async function releaseHolds(tx: DbOrTx, teamId: number, owner: HoldOwner): Promise<number> {
  const r = await one<{ n: number }>(
    tx,
    sql`WITH gone AS (DELETE FROM balance_holds WHERE team_id = ${teamId} AND kind = ${owner.kind} AND ref_id = ${owner.refId}
                      RETURNING amount, free_items),
             s AS (SELECT count(*)::int AS n, COALESCE(sum(amount), 0) AS amount, COALESCE(sum(free_items), 0)::int AS free FROM gone),
             u AS (UPDATE team_balances b SET balance = b.balance + s.amount, ${freeColumn(owner.kind)} = b.${freeColumn(owner.kind)} + s.free, updated_at = now()
                   FROM s WHERE b.team_id = ${teamId} AND s.n > 0 RETURNING 1)
        SELECT n FROM s`,
  );
  return r?.n ?? 0;
}
