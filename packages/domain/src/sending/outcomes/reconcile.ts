import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../../campaigns";
import { callbackSecretFor, loadGatewayForCallback } from "../../gateways";
import { recordProviderEvents } from "../../provider-events";
import {
  emailSendAdapterFor,
  type MessageQuery,
  type ProviderMessage,
  type ProviderOptions,
  type StatusEvent,
  smsSendAdapterFor,
} from "../../providers";
import { intArray, rows } from "../../shared/rows";
import { settleIdleHolds, settleOverdueHolds } from "../dispatch/charges";
import { applyStatusEventsUntilIdle } from "./apply-events";

/*
 * Reconciliation (docs/sending.md): a message the provider may have, with no final word on it — `unknown` (the
 * send's answer was lost: a timeout, a 5xx, a dispatcher that died mid-call) or `accepted`/`sent` whose final callback
 * never came — is asked about through the provider's message API, never sent again. The answer goes through the
 * provider-event inbox as a callback would (same event id as the provider's own callback of that status, so the two
 * dedupe) and is applied by rank. A lost send the provider has no record of was never taken — proof, not a guess —
 * and goes back to `planned` to be sent (a provider that cannot say keeps it waiting).
 * A message still without a final word a day after it was handed over is closed as sent with reason `no_receipt`
 * (many carriers never return a delivery receipt): the campaign can complete, and the reason shows why.
 */

export const Reconcile = {
  /** An `unknown` row is first asked about this long after its send (callbacks usually settle it sooner). */
  unknownAfterMs: 2 * 60_000,
  /** An `accepted` or `sent` row is first asked about this long after its last change. */
  waitingAfterMs: 15 * 60_000,
  /** And again at most this often. */
  recheckMs: 30 * 60_000,
  /** After this long since it was handed over, a message without a final word is closed as sent without receipt. */
  closeAfterMs: 24 * 3600_000,
  /** Rows asked about per gateway and pass, and at once. */
  perGateway: 500,
  concurrency: 4,
} as const;

export interface ReconcileDeps {
  db: Db;
  publicUrl: string;
  providerOptions?: ProviderOptions;
  /** Overrides the waits before asking (tests and benchmarks ask at once). */
  askAfterMs?: number;
  log?: (msg: string) => void;
}

export interface Reconciled {
  /** Rows the provider was asked about, and those it answered for. */
  asked: number;
  answered: number;
  /** Lost sends the provider never took: planned again. */
  replanned: number;
  /** Rows closed without a receipt. */
  closed: number;
  /** Campaigns whose rows may have moved (the caller applies the inbox and follows up). */
  campaigns: number[];
}

interface OpenRow {
  id: number;
  team_id: number;
  campaign_id: number;
  step_id: number;
  part_id: number;
  gateway_id: number;
  state: string;
  provider_id: string | null;
  address: string;
  sender: string | null;
  body: string | null;
  submitted_at: string | null;
  cost: number | null;
}

const WAITING = sql`('unknown', 'accepted', 'sent')`;
/** Rows closed without a receipt per statement. */
const CLOSE_BATCH = 5_000;
/** At most this many batches a pass (500k rows): the next pass takes the rest. */
const CLOSE_ROUNDS = 100;

function byGatewayOf<T extends { gateway_id: number }>(list: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const r of list) {
    const group = groups.get(r.gateway_id);
    if (group) group.push(r);
    else groups.set(r.gateway_id, [r]);
  }
  return groups;
}

export async function reconcileOpenMessages(deps: ReconcileDeps): Promise<Reconciled> {
  const { db } = deps;
  const unknownAfter = deps.askAfterMs ?? Reconcile.unknownAfterMs;
  const waitingAfter = deps.askAfterMs ?? Reconcile.waitingAfterMs;
  const due = await rows<OpenRow>(
    db,
    sql`SELECT id::float8 AS id, team_id, campaign_id, step_id, part_id, gateway_id, state, provider_id, address, sender, body,
               submitted_at::text AS submitted_at, cost::float8 AS cost
        FROM (
          SELECT m.*, row_number() OVER (PARTITION BY m.gateway_id ORDER BY m.updated_at) AS nth
          FROM campaign_messages m
          WHERE m.state IN ${WAITING} AND m.gateway_id IS NOT NULL
            AND m.updated_at < now() - make_interval(secs => (CASE WHEN m.state = 'unknown' THEN ${unknownAfter}::int ELSE ${waitingAfter}::int END) / 1000.0)
            AND (m.checked_at IS NULL OR m.checked_at < now() - make_interval(secs => ${Reconcile.recheckMs / 1000}))
        ) m
        WHERE nth <= ${Reconcile.perGateway}`,
  );
  const result: Reconciled = { asked: 0, answered: 0, replanned: 0, closed: 0, campaigns: [] };
  const campaigns = new Set<number>();
  const byGateway = byGatewayOf(due);
  for (const [gatewayId, list] of byGateway) {
    const g = await askGateway(deps, gatewayId, list);
    result.asked += g.asked;
    result.answered += g.answered;
    result.replanned += g.replanned;
    for (const r of list) campaigns.add(r.campaign_id);
  }
  // In batches, until none is left: a day's backlog is closed in one pass.
  for (let round = 0; round < CLOSE_ROUNDS; round++) {
    const closed = await closeWithoutReceipt(db);
    result.closed += closed.rows;
    for (const c of closed.campaigns) campaigns.add(c);
    if (closed.rows < CLOSE_BATCH) break;
  }
  await settleWaitingHolds(db);
  result.campaigns = [...campaigns].sort((a, b) => a - b);
  return result;
}

/**
 * Money held for messages whose answer was unknown: settled once every row of the hold has its answer. The job runs
 * it again once the answers reconciliation fetched are applied, so they settle in the same pass. A hold still there
 * after `FINAL_WORD_MAX_MS` is charged as handed over (charges.ts, settleOverdueHolds).
 */
export async function settleWaitingHolds(db: Db): Promise<void> {
  const holders = await rows<{ gateway_id: number }>(db, sql`SELECT DISTINCT ref_id AS gateway_id FROM balance_holds WHERE kind = 'send'`);
  for (const h of holders) await db.transaction((tx) => settleIdleHolds(tx, h.gateway_id));
  if (holders.length) await db.transaction((tx) => settleOverdueHolds(tx));
}

async function askGateway(deps: ReconcileDeps, gatewayId: number, list: OpenRow[]) {
  const { db } = deps;
  const done = { asked: 0, answered: 0, replanned: 0 };
  await db.execute(sql`UPDATE campaign_messages SET checked_at = now() WHERE id = ANY(${intArray(list.map((r) => r.id))})`);
  const gateway = await loadGatewayForCallback(db, gatewayId);
  if (!gateway || (gateway.kind !== "sms" && gateway.kind !== "email")) return done;
  const ctx = { gatewayId, publicUrl: deps.publicUrl, callbackSecret: await callbackSecretFor(db, gatewayId) };
  const adapter =
    gateway.kind === "sms"
      ? smsSendAdapterFor(gateway.adapter, ctx, deps.providerOptions)
      : emailSendAdapterFor(gateway.adapter, ctx, deps.providerOptions);
  const lookup = adapter.lookup?.bind(adapter);
  // A provider without a message API: its messages wait for callbacks, then close without a receipt.
  if (!lookup) return done;

  const events: StatusEvent[] = [];
  const neverTaken: OpenRow[] = [];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const row = list[next++]!;
      if (!row.body || !row.sender) continue;
      done.asked++;
      const query: MessageQuery = {
        providerId: row.provider_id,
        to: row.address,
        from: row.sender,
        body: row.body,
        submittedAt: new Date(row.submitted_at ?? Date.now()),
      };
      let answer: ProviderMessage | null;
      try {
        answer = await lookup(query);
      } catch (e) {
        // The provider could not answer now: asked again after the recheck period.
        deps.log?.(`reconcile: gateway ${gatewayId} could not answer for message ${row.id}: ${e instanceof Error ? e.message : e}`);
        continue;
      }
      if (answer) {
        done.answered++;
        events.push(eventOf(row, answer));
      } else if (row.state === "unknown") neverTaken.push(row);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Reconcile.concurrency, list.length) }, worker));
  if (events.length) await recordProviderEvents(db, { id: gatewayId, teamId: gateway.teamId }, { kind: "status", events });
  if (neverTaken.length) done.replanned = await replanNeverTaken(db, neverTaken);
  return done;
}

/** The provider's answer as the callback of that status would have carried it (same event id: they dedupe). */
function eventOf(row: OpenRow, a: ProviderMessage): StatusEvent {
  return {
    eventId: `${a.providerId}:${a.raw}`,
    messageId: String(row.id),
    providerId: a.providerId,
    status: a.status,
    providerStatus: a.providerStatus ?? a.raw,
    errorCode: a.errorCode,
    errorMessage: a.errorMessage,
    occurredAt: null,
  };
}

/**
 * Lost sends the provider has no record of: proof it never took them (not a blind resend), so they go back to be sent
 * — nothing is lost to a crash. They were counted as handed over (processed, cost) when they became `unknown`: that
 * comes off, to be counted again when they are; their hold, if any, no longer covers them (it is settled without them).
 */
async function replanNeverTaken(db: Db, list: readonly OpenRow[]): Promise<number> {
  return db.transaction(async (tx) => {
    const moved = await rows<{ id: number }>(
      tx,
      sql`UPDATE campaign_messages SET state = 'planned', due_at = now(), claimed_by = NULL, hold_id = NULL, provider_id = NULL,
            error_message = 'The provider had no record of it after a lost answer: sent again.', updated_at = now()
          WHERE id = ANY(${intArray(list.map((r) => r.id))}) AND state = 'unknown'
          RETURNING id::float8 AS id`,
    );
    const ids = new Set(moved.map((m) => m.id));
    const counters = new CounterBatch();
    const day = utcDay();
    for (const r of list) {
      if (!ids.has(r.id)) continue;
      const key = { teamId: r.team_id, campaignId: r.campaign_id, stepId: r.step_id, partId: r.part_id, day };
      counters.add(key, "processed", -1).add(key, "cost", -(r.cost ?? 0));
    }
    await counters.write(tx);
    return ids.size;
  });
}

/**
 * Messages without a final word a day after they were handed over: closed as sent without a receipt, through the
 * inbox (an `unknown` or `accepted` row counts as sent by the same state deltas a callback would make). Answers the
 * rows closed and their campaigns.
 */
async function closeWithoutReceipt(db: Db): Promise<{ rows: number; campaigns: number[] }> {
  const stale = await rows<{ id: number; gateway_id: number; team_id: number | null; campaign_id: number; provider_id: string | null }>(
    db,
    sql`SELECT m.id::float8 AS id, m.gateway_id, g.team_id, m.campaign_id, m.provider_id FROM campaign_messages m
        JOIN gateways g ON g.id = m.gateway_id
        WHERE m.state IN ${WAITING} AND m.reason IS NULL
          AND coalesce(m.submitted_at, m.updated_at) < now() - make_interval(secs => ${Reconcile.closeAfterMs / 1000})
        LIMIT ${CLOSE_BATCH}`,
  );
  if (stale.length === 0) return { rows: 0, campaigns: [] };
  for (const [gatewayId, list] of byGatewayOf(stale)) {
    const events: StatusEvent[] = list.map((r) => ({
      eventId: `leadflow:no_receipt:${r.id}`,
      messageId: String(r.id),
      providerId: r.provider_id,
      status: "sent",
      errorCode: null,
      errorMessage: "No final receipt from the provider within a day.",
      occurredAt: null,
    }));
    await recordProviderEvents(db, { id: gatewayId, teamId: list[0]!.team_id }, { kind: "status", events });
  }
  // Applied now, so the reason lands on rows that are `sent` (a real callback arriving later still moves them on).
  await applyStatusEventsUntilIdle(db);
  await db.execute(
    sql`UPDATE campaign_messages SET reason = 'no_receipt' WHERE id = ANY(${intArray(stale.map((r) => r.id))}) AND state = 'sent' AND reason IS NULL`,
  );
  return { rows: stale.length, campaigns: [...new Set(stale.map((r) => r.campaign_id))] };
}
