import { performance } from "node:perf_hooks";
import type { LookupType } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { getBalance, type LivePublisher, startScopeLookups, type TeamCtx, topUp } from "@leadflow/domain";
import { createGateway } from "@leadflow/domain/gateways/gateways.service";

/*
 * What the lookup benchmarks (L1, F11, F12) share: a gateway pointed at a fake provider, a list lookup started
 * as the product starts one, a fetch that notes when each provider request left, and the money figures read
 * back from the ledger so each run can prove every item was charged exactly once.
 */

export const noLive: LivePublisher = { toUser: async () => undefined, toTeam: async () => undefined };

export const LookupTypes = { carrier: 1, email: 2, dnc: 3 } as const satisfies Record<string, LookupType>;

/** A lookup gateway of the team (kind by lookup type), its pace in requests per second. */
export async function lookupGateway(
  database: Database,
  ctx: TeamCtx,
  g: { kind: "sms_lookup" | "sms_dnc"; type: string; params: Record<string, string>; rate: number },
): Promise<number> {
  const gw = await createGateway(database.db, ctx, {
    kind: g.kind,
    type: g.type,
    name: `Bench ${g.kind} ${g.type}`,
    active: true,
    allow_lookup: true,
    is_force: false,
    rate_limit: g.rate,
    params: g.params,
  });
  return gw.id;
}

/** Starts a lookup of one list as "Run Lookup" on the Lists page does; the job's id. */
export async function startListLookup(
  database: Database,
  ctx: TeamCtx,
  listId: number,
  type: LookupType,
  gatewayId: number,
): Promise<number> {
  const [jobId] = await startScopeLookups(database.db, ctx, "list", { ids: [listId], type, setting_gateway_id: gatewayId });
  return jobId!;
}

/** Tops the team up with enough for `items` items of a type (and `spare` dollars more); the amount added. */
export async function fundTeam(database: Database, teamId: number, type: LookupType, items: number, spare = 10): Promise<number> {
  const { prices } = await getBalance(database.db, teamId);
  const amount = Math.ceil(items * prices[type] + spare);
  await topUp(database.db, teamId, amount, "bench");
  return amount;
}

/** A fetch for ProviderOptions that notes when each provider request (retries included) left this process, and its URL. */
export function timedFetch(): { fetch: typeof fetch; starts: number[]; urls: string[] } {
  const starts: number[] = [];
  const urls: string[] = [];
  return {
    starts,
    urls,
    fetch: (input, init) => {
      starts.push(performance.now());
      urls.push(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      return fetch(input, init);
    },
  };
}

/** The most entries of sorted times (ms) within any one-second window. */
export function maxInOneSecond(times: readonly number[]): number {
  let max = 0;
  for (let lo = 0, hi = 0; hi < times.length; hi++) {
    while (times[hi]! - times[lo]! >= 1000) lo++;
    max = Math.max(max, hi - lo + 1);
  }
  return max;
}

export interface Money {
  /** The job's items by state: 0 pending, 1 looked up, 2 reused, 3 failed, 4 skipped. */
  states: Record<number, number>;
  total: number;
  /** Ledger rows of the job: items and free items charged, dollars charged (positive). */
  ledgerItems: number;
  ledgerFree: number;
  ledgerAmount: number;
  ledgerRows: number;
  /** Top-ups of the team, and everything its lookups were charged (this job's and others'), dollars. */
  toppedUp: number;
  teamCharged: number;
  balance: number;
  freeLookups: number;
  job: { status: number; count: number; cost: number; held: number; heldFree: number; serviceItems: number; error: string | null };
  leaseOwner: string | null;
}

export async function readMoney(database: Database, teamId: number, jobId: number): Promise<Money> {
  const states: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  const s = await database.query<{ state: number; n: number }>(
    "SELECT state, count(*)::int AS n FROM lookup_items WHERE team_id = $1 AND job_id = $2 GROUP BY state",
    [teamId, jobId],
  );
  for (const r of s.rows) states[r.state] = r.n;
  const l = (
    await database.query<{ items: number; free: number; amount: number; n: number }>(
      `SELECT COALESCE(sum(items), 0)::int AS items, COALESCE(sum(free_items), 0)::int AS free,
              COALESCE(-sum(amount), 0)::float8 AS amount, count(*)::int AS n
       FROM balance_transactions WHERE team_id = $1 AND kind = 'lookup' AND lookup_id = $2`,
      [teamId, jobId],
    )
  ).rows[0]!;
  const t = (
    await database.query<{ topups: number; charged: number }>(
      `SELECT COALESCE(sum(amount) FILTER (WHERE kind = 'topup'), 0)::float8 AS topups,
              COALESCE(-sum(amount) FILTER (WHERE kind = 'lookup'), 0)::float8 AS charged
       FROM balance_transactions WHERE team_id = $1`,
      [teamId],
    )
  ).rows[0]!;
  const b = (
    await database.query<{ balance: number; free_lookups: number }>(
      "SELECT balance::float8 AS balance, free_lookups FROM team_balances WHERE team_id = $1",
      [teamId],
    )
  ).rows[0]!;
  const j = (
    await database.query<{
      status: number;
      count: number;
      cost: number;
      held_amount: number;
      held_free: number;
      service_items_count: number;
      error: string | null;
      lease_owner: string | null;
    }>(
      `SELECT status, count, cost::float8 AS cost, service_items_count, error, lease_owner,
              (SELECT COALESCE(sum(amount), 0)::float8 FROM balance_holds h WHERE h.team_id = j.team_id AND h.kind = 'lookup' AND h.ref_id = j.id) AS held_amount,
              (SELECT COALESCE(sum(free_items), 0)::int FROM balance_holds h WHERE h.team_id = j.team_id AND h.kind = 'lookup' AND h.ref_id = j.id) AS held_free
       FROM lookup_jobs j WHERE team_id = $1 AND id = $2`,
      [teamId, jobId],
    )
  ).rows[0]!;
  return {
    states,
    total: Object.values(states).reduce((a, n) => a + n, 0),
    ledgerItems: l.items,
    ledgerFree: l.free,
    ledgerAmount: l.amount,
    ledgerRows: l.n,
    toppedUp: t.topups,
    teamCharged: t.charged,
    balance: b.balance,
    freeLookups: b.free_lookups,
    job: {
      status: j.status,
      count: j.count,
      cost: j.cost,
      held: j.held_amount,
      heldFree: j.held_free,
      serviceItems: j.service_items_count,
      error: j.error,
    },
    leaseOwner: j.lease_owner,
  };
}

const cents = (n: number) => Math.round(n * 10_000);

/**
 * The money invariants once a run has stopped (no hold outstanding): the ledger charged each looked-up item once
 * (items, free items first, the price for the rest), the job's cost agrees, and the balance is what was topped up
 * less what the team's lookups were charged, never below zero. `freeAtStart`: the team's free items before its first lookup.
 */
export function moneyProblems(m: Money, price: number, freeAtStart: number): string[] {
  const p: string[] = [];
  const looked = m.states[1]!;
  const free = Math.min(freeAtStart, looked);
  if (m.ledgerItems !== looked) p.push(`ledger charged ${m.ledgerItems} items for ${looked} looked up`);
  if (m.ledgerFree !== free) p.push(`ledger used ${m.ledgerFree} free items, expected ${free}`);
  if (cents(m.ledgerAmount) !== cents((looked - free) * price))
    p.push(
      `ledger charged $${m.ledgerAmount} for ${looked - free} paid items at $${price}, expected $${((looked - free) * price).toFixed(4)}`,
    );
  if (cents(m.job.cost) !== cents(m.ledgerAmount)) p.push(`job cost $${m.job.cost} but ledger $${m.ledgerAmount}`);
  if (m.job.held !== 0 || m.job.heldFree !== 0) p.push(`job still holds $${m.job.held} and ${m.job.heldFree} free items`);
  if (cents(m.balance) !== cents(m.toppedUp - m.teamCharged))
    p.push(`balance $${m.balance}, expected top-ups $${m.toppedUp} − charged $${m.teamCharged}`);
  if (m.freeLookups !== freeAtStart - free) p.push(`free items left ${m.freeLookups}, expected ${freeAtStart - free}`);
  if (m.balance < 0) p.push(`negative balance $${m.balance}`);
  return p;
}

/** Leads of the team without exactly one timeline entry naming `attribute` (one lookup result each). */
export async function timelineNotOnce(database: Database, teamId: number, attribute: string): Promise<number> {
  const { rows } = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT l.id, count(g.lead_id) AS entries FROM leads l
       LEFT JOIN lead_logs g ON g.team_id = l.team_id AND g.lead_id = l.id AND g.type = 'lookup'
         AND g.diff @> jsonb_build_array(jsonb_build_object('lead_attribute_name', $2::text))
       WHERE l.team_id = $1 GROUP BY l.id) x
     WHERE entries <> 1`,
    [teamId, attribute],
  );
  return rows[0]!.n;
}

/** How many values the provider was asked about more than once, and how many extra requests that made. */
export function repeats(perValue: ReadonlyMap<string, number>): { values: number; requests: number } {
  let values = 0;
  let requests = 0;
  for (const n of perValue.values()) {
    if (n > 1) {
      values++;
      requests += n - 1;
    }
  }
  return { values, requests };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
export const perSecond = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k/s` : `${Math.round(n)}/s`);
