import { EmailStatuses, type MessageState, MessageStateRank } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../../campaigns";
import { chargeOf, costUnder, type StatusEvent, sendBillingOf } from "../../providers";
import { bigintArray, type DbOrTx, intArray, rows } from "../../shared/rows";
import { BEFORE_TAKEN, planAfterTaken, TAKEN_STATES } from "../plan/plan-after";
import { type Suppression, suppress } from "../suppressions";
import {
  type CallbackOutcome,
  type CallbackSuppressionReason,
  callbackOutcome,
  costCounted,
  countDeltas,
  rankOf,
  SentRank,
} from "./apply-events.outcomes";
import { type Engagement, markEngagement, setLeadEmailStatus } from "./email-events";
import { recordSenderOutcomes, type SenderKey } from "./sender-health";

/*
 * Applies the provider-event inbox to the send ledger (docs/sending.md), one transaction per batch: the
 * events are locked with SKIP LOCKED (two workers never apply one event; a crash leaves them pending), each row
 * moves only to a higher rank (late, repeated or out-of-order callbacks never move it back), and the counters,
 * suppressions and the events' applied_at commit with the moves or not at all.
 */

/**
 * A callback may outrun the batch that records the provider's id on its row (the provider answers the send and
 * calls back at once): an event that names no row yet waits this long before it is given up as ignored.
 */
const UNMATCHED_GRACE = sql`interval '10 minutes'`;

const DeliveredRank = MessageStateRank.delivered;

export interface AppliedEvents {
  /** Events that named a ledger row and a status (whether or not the row moved: a late one does not). */
  applied: number;
  /** Events marked applied with no effect: no row after the grace period, an SMS row's opens and clicks. */
  ignored: number;
  /** Ledger rows that moved. */
  moved: number;
  /** The campaigns whose rows moved, for live progress and the auto-fail check. */
  campaigns: number[];
  /** The senders that got a final outcome, for the health check. */
  senders: SenderKey[];
  /** Gateways with what these moves planned (a next step, a welcome): their dispatchers are woken. */
  wake: number[];
}

interface PendingEvent {
  id: number;
  payload: StatusEvent;
  row_id: number | null;
  team_id: number | null;
  campaign_id: number | null;
  channel: string | null;
  address: string | null;
}

/** The highest-ranked event of a row in the batch: the one its row moves to. */
interface RowMove {
  id: number;
  outcome: CallbackOutcome;
  event: StatusEvent;
  /** The earliest time an event of the batch says the message had been sent (or had its outcome) by. */
  sentAt: string | null;
  /**
   * The batch's first final word (rank of delivered or above): when it is a delivery, its time is the Delivered At a
   * replay one event at a time would keep, even when a bounce or complaint in the same batch outranks it.
   */
  firstFinal: { delivered: boolean; at: string | null } | null;
}

interface Moved {
  id: number;
  team_id: number;
  campaign_id: number;
  step_id: number;
  part_id: number;
  lead_id: number;
  channel: string;
  address: string;
  gateway_id: number | null;
  sender: string | null;
  old_state: MessageState;
  state: MessageState;
  /** The row's cost before the move (its parts at the rendered or answered price) and after it (what is billed). */
  old_cost: number | null;
  cost: number | null;
}

/** Applies up to `limit` pending status events in one transaction. */
export async function applyStatusEvents(db: Db, opts: { limit?: number } = {}): Promise<AppliedEvents> {
  const limit = Math.max(1, Math.trunc(opts.limit ?? 500));
  return db.transaction(async (tx) => {
    const events = await takePending(tx, limit);
    if (events.length === 0) return { applied: 0, ignored: 0, moved: 0, campaigns: [], senders: [], wake: [] };
    const moves = new Map<number, RowMove>();
    const suppressions = new Map<string, CallbackSuppression>();
    const engagement: Engagement[] = [];
    let applied = 0;
    for (const e of events) {
      if (e.row_id === null) continue;
      const status = e.payload.status;
      // SES open and click events (email only: an SMS row has no provider-tracked opens).
      if ((status === "opened" || status === "clicked") && e.channel === "email") {
        applied++;
        engagement.push({ rowId: e.row_id, kind: status, at: validTime(e.payload.occurredAt) });
        continue;
      }
      const outcome = callbackOutcome(status);
      if (!outcome) continue;
      applied++;
      collectMove(moves, e.row_id, outcome, e.payload);
      if (outcome.suppress && outcome.suppress.channel === e.channel) {
        const s: CallbackSuppression = {
          teamId: e.team_id!,
          channel: e.channel as "sms" | "email",
          address: e.address!,
          reason: outcome.suppress.reason,
          campaignId: e.campaign_id!,
          result: [e.payload.errorCode, e.payload.errorMessage].filter(Boolean).join(": ") || null,
        };
        suppressions.set(`${s.teamId}|${s.channel}|${s.address}`, s);
      }
    }
    // Opens and clicks lock rows too: every row of the batch is locked first, in id order, so two appliers never
    // take each other's rows in opposite orders.
    if (engagement.length) await lockRows(tx, [...moves.keys(), ...engagement.map((e) => e.rowId)]);
    const moved = await moveRows(tx, [...moves.values()]);
    await billFinalWords(tx, moved, moves);
    const counters = countMoves(moved);
    await markEngagement(tx, engagement, counters);
    await counters.write(tx);
    await markInactive(tx, moved);
    const senders = await recordSenderOutcomes(tx, moved);
    // A row the dispatcher never recorded (it died, or its answer was lost) learns here that the provider took it.
    const taken = moved.filter((m) => BEFORE_TAKEN.has(m.old_state) && TAKEN_STATES.has(m.state));
    await planAfterTaken(tx, taken);
    await suppressAll(tx, suppressions);
    await markBouncedEmails(tx, suppressions);
    await tx.execute(sql`UPDATE provider_events SET applied_at = now() WHERE id = ANY(${intArray(events.map((e) => e.id))})`);
    return {
      applied,
      ignored: events.length - applied,
      moved: moved.length,
      campaigns: [...new Set(moved.map((m) => m.campaign_id))].sort((a, b) => a - b),
      senders,
      wake: [...new Set(taken.flatMap((m) => (m.gateway_id === null ? [] : [m.gateway_id])))],
    };
  });
}

/** Applies batches until no event is ready (those still waiting for their row stay pending). */
export async function applyStatusEventsUntilIdle(db: Db, opts: { limit?: number } = {}): Promise<AppliedEvents> {
  const total: AppliedEvents = { applied: 0, ignored: 0, moved: 0, campaigns: [], senders: [], wake: [] };
  const campaigns = new Set<number>();
  const senders = new Map<string, SenderKey>();
  for (;;) {
    const batch = await applyStatusEvents(db, opts);
    if (batch.applied + batch.ignored === 0) break;
    total.applied += batch.applied;
    total.ignored += batch.ignored;
    total.moved += batch.moved;
    for (const c of batch.campaigns) campaigns.add(c);
    total.wake = [...new Set([...total.wake, ...batch.wake])];
    for (const k of batch.senders) senders.set(`${k.gatewayId}|${k.sender}`, k);
  }
  total.campaigns = [...campaigns].sort((a, b) => a - b);
  total.senders = [...senders.values()];
  return total;
}

/**
 * The oldest pending status events that are ready, each with its row: by our id when the callback carried it (the
 * row must be the gateway's: a callback speaks only for its own gateway), else by the gateway and the provider's id.
 * Ready: the row is found, or it never will be (no id to find it by, an open or a click), or the grace is over.
 */
function takePending(tx: DbOrTx, limit: number): Promise<PendingEvent[]> {
  // CASE keeps the cast from ever seeing a message id that is not ours (a provider's own reference, say).
  const ourId = sql`CASE WHEN e.message_id ~ '^[0-9]{1,18}$' THEN e.message_id::bigint END`;
  return rows<PendingEvent>(
    tx,
    sql`SELECT e.id, e.payload, c.id AS row_id, c.team_id, c.campaign_id, c.channel, c.address
        FROM provider_events e
        CROSS JOIN LATERAL (SELECT COALESCE(
          (SELECT m.id FROM campaign_messages m WHERE m.id = ${ourId} AND m.gateway_id = e.gateway_id),
          (SELECT m.id FROM campaign_messages m WHERE m.gateway_id = e.gateway_id AND m.provider_id = e.provider_id ORDER BY m.id LIMIT 1)
        ) AS row_id) found
        LEFT JOIN campaign_messages c ON c.id = found.row_id
        WHERE e.applied_at IS NULL AND e.kind = 'status'
          AND (found.row_id IS NOT NULL
            OR e.received_at < now() - ${UNMATCHED_GRACE}
            OR (${ourId} IS NULL AND e.provider_id IS NULL)
            OR e.payload ->> 'status' IN ('opened', 'clicked'))
        ORDER BY e.id
        LIMIT ${limit}
        FOR UPDATE OF e SKIP LOCKED`,
  );
}

/**
 * Keeps a row's highest-ranked event; among equals the first (in inbox order) wins, as if the events had been applied
 * one by one: the first final word stands.
 */
function collectMove(moves: Map<number, RowMove>, rowId: number, outcome: CallbackOutcome, event: StatusEvent): void {
  const at = validTime(event.occurredAt);
  const rank = rankOf(outcome.state);
  const found = moves.get(rowId);
  const sentAt = rank >= SentRank ? earliest(found?.sentAt ?? null, at) : (found?.sentAt ?? null);
  const firstFinal = found?.firstFinal ?? (rank >= DeliveredRank ? { delivered: outcome.state === "delivered", at } : null);
  if (!found || rank > rankOf(found.outcome.state)) moves.set(rowId, { id: rowId, outcome, event, sentAt, firstFinal });
  else Object.assign(found, { sentAt, firstFinal });
}

function validTime(value: string | null | undefined): string | null {
  const t = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

function earliest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

/** `CASE state WHEN … THEN rank END`, from the contracts' table so the SQL and the code never disagree. */
function rankSql(column: SQL): SQL {
  const whens = Object.entries(MessageStateRank).map(([state, rank]) => sql`WHEN ${state} THEN ${rank}::int`);
  return sql`(CASE ${column} ${sql.join(whens, sql` `)} END)`;
}

/**
 * One statement for the batch: lock the rows the events would raise (in id order, so two appliers never deadlock on
 * each other's rows), then move them, returning each row's state before and after for the counters. A row a
 * concurrent applier raised meanwhile is re-checked against its new state when the lock is granted. The provider's
 * id fills the gap of a row whose send outcome was lost (`unknown`) or not recorded yet.
 */
async function moveRows(tx: DbOrTx, moves: readonly RowMove[]): Promise<Moved[]> {
  if (moves.length === 0) return [];
  // Times are the provider's, never in the future (its clock may run ahead of ours), else now.
  const time = (at: string | null) => sql`LEAST(COALESCE(${at}::timestamptz, now()), now())`;
  const values = moves.map(
    ({ id, outcome, event, sentAt, firstFinal }) =>
      sql`(${id}::bigint, ${outcome.state}::text, ${rankOf(outcome.state)}::int, ${outcome.reason ?? null}::text,
           ${event.errorCode ?? null}::text, ${event.errorMessage ?? null}::text, ${event.providerId ?? null}::text,
           ${time(sentAt)}, ${firstFinal?.delivered ? time(firstFinal.at) : sql`NULL::timestamptz`})`,
  );
  return rows<Moved>(
    tx,
    sql`WITH v (id, state, rank, reason, error_code, error_message, provider_id, sent_at, delivered_at) AS (VALUES ${sql.join(values, sql`, `)}),
        old AS (
          SELECT m.id, m.state, m.cost FROM campaign_messages m JOIN v ON v.id = m.id
          WHERE v.rank > ${rankSql(sql`m.state`)}
          ORDER BY m.id
          FOR UPDATE OF m
        )
        UPDATE campaign_messages m SET
          state = v.state,
          reason = v.reason,
          error_code = v.error_code,
          error_message = v.error_message,
          provider_id = COALESCE(m.provider_id, v.provider_id),
          sent_at = CASE WHEN v.rank >= ${SentRank} THEN COALESCE(m.sent_at, v.sent_at) ELSE m.sent_at END,
          delivered_at = CASE WHEN v.delivered_at IS NOT NULL AND ${rankSql(sql`m.state`)} < ${DeliveredRank}
            THEN COALESCE(m.delivered_at, v.delivered_at) ELSE m.delivered_at END,
          updated_at = now()
        FROM v JOIN old ON old.id = v.id
        WHERE m.id = v.id
        RETURNING m.id, m.team_id, m.campaign_id, m.step_id, m.part_id, m.lead_id::float8 AS lead_id, m.channel, m.address, m.gateway_id, m.sender,
          old.state AS old_state, m.state, old.cost::float8 AS old_cost, m.cost::float8 AS cost`,
  );
}

async function lockRows(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await tx.execute(sql`SELECT id FROM campaign_messages WHERE id = ANY(${bigintArray(sorted)}) ORDER BY id FOR UPDATE`);
}

/**
 * A row's first final word decides what the provider bills for it (providers/billing.ts): Twilio's "failed" never
 * left Twilio and costs nothing (or its processing fee), an "undelivered" one costs its parts, SES bills every email
 * it took. The row's cost becomes that, in the move's transaction; the counters take the difference (countMoves), and
 * a platform gateway's hold is settled by it (charges.ts, settleIdleHolds).
 */
async function billFinalWords(tx: DbOrTx, moved: Moved[], moves: ReadonlyMap<number, RowMove>): Promise<void> {
  const final = moved.filter((m) => rankOf(m.state) >= DeliveredRank && rankOf(m.old_state) < DeliveredRank && m.cost !== null);
  if (final.length === 0) return;
  const gatewayIds = [...new Set(final.flatMap((m) => (m.gateway_id === null ? [] : [m.gateway_id])))];
  const gateways = new Map(
    (
      await rows<{ id: number; kind: string; type: string; platform: boolean }>(
        tx,
        sql`SELECT id, kind, type, team_id IS NULL AS platform FROM gateways WHERE id = ANY(${intArray(gatewayIds)})`,
      )
    ).map((g) => [g.id, g]),
  );
  const changed: Moved[] = [];
  for (const m of final) {
    const gateway = m.gateway_id === null ? undefined : gateways.get(m.gateway_id);
    const event = moves.get(m.id)?.event;
    if (!gateway || !event) continue;
    const cost = costUnder(chargeOf(sendBillingOf(gateway.kind, gateway.type), event), m.cost ?? 0, gateway.platform);
    if (Math.abs(cost - (m.cost ?? 0)) < 1e-9) continue;
    m.cost = cost;
    changed.push(m);
  }
  if (changed.length === 0) return;
  await tx.execute(
    sql`UPDATE campaign_messages m SET cost = v.cost
        FROM (VALUES ${sql.join(
          changed.map((m) => sql`(${m.id}::bigint, ${m.cost}::numeric)`),
          sql`, `,
        )}) AS v(id, cost)
        WHERE m.id = v.id`,
  );
}

/**
 * The moves' deltas per (campaign, step, part, today), for one write with the batch's other deltas: the batch
 * upserts the counter rows in key order, so two appliers never deadlock on them.
 */
function countMoves(moved: readonly Moved[]): CounterBatch {
  const day = utcDay();
  const batch = new CounterBatch();
  const sorted = [...moved].sort((a, b) => a.campaign_id - b.campaign_id || a.step_id - b.step_id || a.part_id - b.part_id);
  for (const m of sorted) {
    const key = { teamId: m.team_id, campaignId: m.campaign_id, stepId: m.step_id, partId: m.part_id, day };
    for (const [column, by] of countDeltas(m.old_state, m.state)) batch.add(key, column, by);
    // A callback that got to a row still being submitted (its dispatcher died or has not recorded yet) is the first
    // word that it was handed over: it counts it as processed — the recording then counts nothing more.
    if (m.old_state === "submitting") batch.add(key, "processed");
    // Cost counts the rows that may have been or were sent, at what they are billed: the new figure less the old.
    const before = costCounted(m.old_state) ? (m.old_cost ?? 0) : 0;
    const after = costCounted(m.state) ? (m.cost ?? 0) : 0;
    batch.add(key, "cost", after - before);
  }
  return batch;
}

/** The inactive-device rule (docs/sending.md) keys on the address across campaigns: remember when it was seen. */
async function markInactive(tx: DbOrTx, moved: readonly Moved[]): Promise<void> {
  const keys = new Map<string, Moved>();
  for (const m of moved) if (m.state === "inactive") keys.set(`${m.team_id}|${m.channel}|${m.address}`, m);
  if (keys.size === 0) return;
  const values = [...keys.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, m]) => sql`(${m.team_id}::int, ${m.channel}::text, ${m.address}::text, now())`);
  await tx.execute(
    sql`INSERT INTO address_activity (team_id, channel, address, inactive_at) VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (team_id, channel, address) DO UPDATE SET inactive_at = excluded.inactive_at`,
  );
}

interface CallbackSuppression extends Suppression {
  reason: CallbackSuppressionReason;
  /** The provider's words (a bounce's type and diagnostic), for the lead email's result. */
  result: string | null;
}

/**
 * Opt-outs, bounces and complaints suppress the address team-wide even when the event is too late to move its row:
 * the opt-out is a fact whatever the row says.
 */
async function suppressAll(tx: DbOrTx, byKey: ReadonlyMap<string, CallbackSuppression>): Promise<void> {
  await suppress(tx, [...byKey.values()]);
}

/**
 * A hard bounce or a complaint also sets the lead's email status (Bounced, Complaint) and result, whatever became of
 * the row — like the suppression, it is a fact about the address.
 */
async function markBouncedEmails(tx: DbOrTx, byKey: ReadonlyMap<string, CallbackSuppression>): Promise<void> {
  const keys = [...byKey.keys()].sort();
  for (const key of keys) {
    const s = byKey.get(key)!;
    if (s.channel !== "email" || (s.reason !== "bounce" && s.reason !== "complaint")) continue;
    const status = s.reason === "bounce" ? EmailStatuses.bounced : EmailStatuses.complaint;
    await setLeadEmailStatus(tx, s.teamId, s.address, status, { action: s.reason, result: s.result });
  }
}
