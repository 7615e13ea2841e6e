import {
  type Balance,
  type BalanceTransaction,
  DEFAULT_FRESHNESS,
  type LookupFreshness,
  type LookupType,
  type Page,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { toPage } from "../shared/paging";
import { type DbOrTx, iso, one, rows } from "../shared/rows";

/*
 * A team's money (spec 1 §1 "a billing plan with a balance"): dollars plus free lookup items from its plan.
 * Every lookup item the provider is asked about is priced per type from the platform's price list; the free
 * items go first. Charges only ever happen in the transaction that settles a batch's items (lookup-settle.ts),
 * so an item is never paid twice, and the balance row's CHECK keeps it from going below zero.
 */

/** The platform's price list (dollars per item) and a new team's free items; `app_settings` overrides them. */
export const DEFAULT_PRICES: Record<LookupType, number> = { 1: 0.005, 2: 0.003, 3: 0.002 };
export const DEFAULT_FREE_LOOKUPS = 100;

export async function lookupPrices(db: DbOrTx): Promise<Record<LookupType, number>> {
  const row = await one<{ value: Partial<Record<string, number>> }>(db, sql`SELECT value FROM app_settings WHERE key = 'lookup_prices'`);
  const v = row?.value ?? {};
  const price = (t: LookupType) => (typeof v[t] === "number" && v[t] >= 0 ? v[t] : DEFAULT_PRICES[t]);
  return { 1: price(1), 2: price(2), 3: price(3) };
}

export async function setLookupPrices(db: DbOrTx, prices: Partial<Record<LookupType, number>>): Promise<void> {
  await db.execute(
    sql`INSERT INTO app_settings (key, value) VALUES ('lookup_prices', ${JSON.stringify(prices)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = app_settings.value || EXCLUDED.value, updated_at = now()`,
  );
}

async function freeAllowance(db: DbOrTx): Promise<number> {
  const row = await one<{ value: unknown }>(db, sql`SELECT value FROM app_settings WHERE key = 'lookup_free_items'`);
  return typeof row?.value === "number" && row.value >= 0 ? Math.trunc(row.value) : DEFAULT_FREE_LOOKUPS;
}

/** The team's balance row, created with the plan's free items on first use. */
export async function ensureBalanceRow(db: DbOrTx, teamId: number): Promise<void> {
  const free = await freeAllowance(db);
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

/** What a team can pay for now, in items of one type: free items plus whole items the balance covers. */
export async function affordableItems(db: DbOrTx, teamId: number, type: LookupType): Promise<number> {
  const b = await getBalance(db, teamId);
  const price = b.prices[type];
  return b.free_lookups + (price > 0 ? Math.floor((b.balance + 1e-9) / price) : 1_000_000_000);
}

export interface Hold {
  amount: number;
  free: number;
  /** Items covered by the hold. */
  items: number;
}

/**
 * Takes up to `items` items' worth from the balance (free items first) and records it on the job as held, in one
 * statement pair inside the caller's transaction. Holds fewer items when the money runs short; 0 when none.
 * With `owner`, only while that runner holds the job's lease (null otherwise: another runner took over).
 */
export async function holdFunds(
  tx: DbOrTx,
  teamId: number,
  jobId: number,
  type: LookupType,
  items: number,
  owner?: string,
): Promise<Hold | null> {
  if (owner !== undefined && !(await holdsLease(tx, teamId, jobId, owner))) return null;
  await ensureBalanceRow(tx, teamId);
  const price = (await lookupPrices(tx))[type];
  const b = await one<{ balance: string; free_lookups: number }>(
    tx,
    sql`SELECT balance, free_lookups FROM team_balances WHERE team_id = ${teamId} FOR UPDATE`,
  );
  if (!b) return { amount: 0, free: 0, items: 0 };
  const free = Math.min(b.free_lookups, items);
  const paidWanted = items - free;
  const paidItems = price > 0 ? Math.min(paidWanted, Math.floor((Number(b.balance) + 1e-9) / price)) : paidWanted;
  const amount = round4(paidItems * price);
  const held = free + paidItems;
  if (held === 0) return { amount: 0, free: 0, items: 0 };
  await tx.execute(
    sql`UPDATE team_balances SET balance = balance - ${amount}, free_lookups = free_lookups - ${free}, updated_at = now()
        WHERE team_id = ${teamId}`,
  );
  await tx.execute(
    sql`UPDATE lookup_jobs SET held_amount = held_amount + ${amount}, held_free = held_free + ${free}
        WHERE team_id = ${teamId} AND id = ${jobId}`,
  );
  return { amount, free, items: held };
}

/** Whether `owner` still holds the job's lease; locks the job row until the transaction ends. */
export async function holdsLease(tx: DbOrTx, teamId: number, jobId: number, owner: string): Promise<boolean> {
  const r = await one(tx, sql`SELECT 1 FROM lookup_jobs WHERE team_id = ${teamId} AND id = ${jobId} AND lease_owner = ${owner} FOR UPDATE`);
  return r !== undefined;
}

/**
 * Settles a hold: `usedItems` of its items were looked up and are charged (free items first), the rest goes back.
 * `hold`: one batch's hold (a runner keeps the next batch's hold while it settles this one); without it, everything
 * the job holds. Writes one ledger row for the charge. Returns what was charged.
 */
export async function settleHold(
  tx: DbOrTx,
  teamId: number,
  jobId: number,
  type: LookupType,
  usedItems: number,
  hold?: Hold,
): Promise<number> {
  const job = await one<{ held_amount: string; held_free: number }>(
    tx,
    sql`SELECT held_amount, held_free FROM lookup_jobs WHERE team_id = ${teamId} AND id = ${jobId} FOR UPDATE`,
  );
  if (!job) return 0;
  const heldAmount = Math.min(Number(job.held_amount), hold ? hold.amount : Number(job.held_amount));
  const heldFree = Math.min(job.held_free, hold ? hold.free : job.held_free);
  const usedFree = Math.min(heldFree, usedItems);
  const price = (await lookupPrices(tx))[type];
  const charged = Math.min(heldAmount, round4((usedItems - usedFree) * price));
  const backAmount = round4(heldAmount - charged);
  const backFree = heldFree - usedFree;
  await tx.execute(
    sql`UPDATE lookup_jobs SET held_amount = GREATEST(0, held_amount - ${heldAmount}), held_free = GREATEST(0, held_free - ${heldFree}),
          cost = cost + ${charged}
        WHERE team_id = ${teamId} AND id = ${jobId}`,
  );
  const bal = await one<{ balance: string }>(
    tx,
    sql`UPDATE team_balances SET balance = balance + ${backAmount}, free_lookups = free_lookups + ${backFree}, updated_at = now()
        WHERE team_id = ${teamId} RETURNING balance`,
  );
  if (usedItems > 0) {
    await tx.execute(
      sql`INSERT INTO balance_transactions (team_id, kind, amount, items, free_items, balance_after, lookup_id)
          VALUES (${teamId}, 'lookup', ${-charged}, ${usedItems}, ${usedFree}, ${Number(bal?.balance ?? 0)}, ${jobId})`,
    );
  }
  return charged;
}

/** Gives back a hold left by a runner that died between holding and settling (its items are still pending). */
export async function releaseHold(tx: DbOrTx, teamId: number, jobId: number, type: LookupType): Promise<void> {
  await settleHold(tx, teamId, jobId, type, 0);
}

export function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

export async function getFreshness(db: DbOrTx, teamId: number): Promise<LookupFreshness> {
  await ensureBalanceRow(db, teamId);
  const row = await one<{ f: Partial<LookupFreshness> }>(
    db,
    sql`SELECT lookup_freshness AS f FROM team_balances WHERE team_id = ${teamId}`,
  );
  return { ...DEFAULT_FRESHNESS, ...(row?.f ?? {}) };
}

export async function setFreshness(db: DbOrTx, teamId: number, f: LookupFreshness): Promise<LookupFreshness> {
  await ensureBalanceRow(db, teamId);
  await db.execute(
    sql`UPDATE team_balances SET lookup_freshness = ${JSON.stringify(f)}::jsonb, updated_at = now() WHERE team_id = ${teamId}`,
  );
  return f;
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
