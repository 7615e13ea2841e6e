import type { Balance, BalanceTransaction, LookupType, Page } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { toPage } from "../shared/paging";
import { type DbOrTx, iso, one, rows } from "../shared/rows";
import { freeLookupAllowance, lookupPrices } from "./prices";

/*
 * A team's money (docs/lookups.md, "Money"): dollars plus free lookup items from its plan. The
 * balance only moves here: a top-up adds, a hold takes (holds.ts), a settle charges what was used and gives the
 * rest back, each with its ledger row; the row's CHECK keeps it from going below zero.
 */

/** The team's balance row, created with the plan's free items on first use. */
export async function ensureBalanceRow(db: DbOrTx, teamId: number): Promise<void> {
  const free = await freeLookupAllowance(db);
  await db.execute(
    sql`INSERT INTO team_balances (team_id, free_lookups) SELECT ${teamId}, ${free}
        WHERE EXISTS (SELECT 1 FROM teams WHERE id = ${teamId}) ON CONFLICT (team_id) DO NOTHING`,
  );
}

export async function getBalance(db: DbOrTx, teamId: number): Promise<Balance> {
  await ensureBalanceRow(db, teamId);
  const row = await one<{ balance: string; free_lookups: number }>(
    db,
    sql`SELECT balance, free_lookups FROM team_balances WHERE team_id = ${teamId}`,
  );
  return { balance: Number(row?.balance ?? 0), free_lookups: row?.free_lookups ?? 0, prices: await lookupPrices(db) };
}

/** Adds money (the platform's `team topup` command); one ledger row. */
export async function topUp(db: DbOrTx, teamId: number, amount: number, note: string | null = null): Promise<number> {
  if (!Number.isFinite(amount) || amount <= 0 || amount > 1_000_000)
    throw new Error("The amount must be a positive number of dollars up to 1,000,000.");
  await ensureBalanceRow(db, teamId);
  const row = await one<{ balance: string }>(
    db,
    sql`WITH b AS (UPDATE team_balances SET balance = balance + ${amount}, updated_at = now() WHERE team_id = ${teamId} RETURNING balance)
        INSERT INTO balance_transactions (team_id, kind, amount, balance_after, note)
        SELECT ${teamId}, 'topup', ${amount}, b.balance, ${note} FROM b RETURNING balance_after AS balance`,
  );
  return Number(row?.balance ?? 0);
}

/** Sets the free lookup items a team has left (the platform's tool until plans arrive). */
export async function setFreeLookups(db: DbOrTx, teamId: number, items: number): Promise<void> {
  if (!Number.isInteger(items) || items < 0 || items > 100_000_000) throw new Error("The free lookups must be a whole number from 0.");
  await ensureBalanceRow(db, teamId);
  await db.execute(sql`UPDATE team_balances SET free_lookups = ${items}, updated_at = now() WHERE team_id = ${teamId}`);
}

/** What a team can pay for now, in lookup items of one type: free items plus whole items the balance covers. */
export async function affordableItems(db: DbOrTx, teamId: number, type: LookupType): Promise<number> {
  const b = await getBalance(db, teamId);
  const price = b.prices[type];
  return b.free_lookups + (price > 0 ? Math.floor((b.balance + 1e-9) / price) : 1_000_000_000);
}

export function insufficientFunds(): AppError {
  return new AppError("insufficient_funds");
}

export async function listBalanceTransactions(
  db: DbOrTx,
  teamId: number,
  q: { page: number; limit: number },
): Promise<Page<BalanceTransaction>> {
  const data = await rows<{
    id: number;
    kind: BalanceTransaction["kind"];
    amount: string;
    items: number;
    free_items: number;
    balance_after: string;
    lookup_id: number | null;
    note: string | null;
    created_at: string;
  }>(
    db,
    sql`SELECT id, kind, amount, items, free_items, balance_after, lookup_id, note, created_at FROM balance_transactions
        WHERE team_id = ${teamId} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  const total = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM balance_transactions WHERE team_id = ${teamId}`);
  return toPage(
    data.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      amount: Number(r.amount),
      items: r.items,
      free_items: r.free_items,
      balance_after: Number(r.balance_after),
      lookup_id: r.lookup_id,
      note: r.note,
      created_at: iso(r.created_at) ?? "",
    })),
    total?.n ?? 0,
    q.page,
    q.limit,
  );
}
