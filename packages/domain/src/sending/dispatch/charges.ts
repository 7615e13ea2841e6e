import { CampaignStatusLabels } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type Hold, type HoldOwner, holdFunds, settleHold } from "../../billing";
import { engineChanges, recordCampaignChanges } from "../../campaigns";
import { mayGoUnbilled, type SendOutcome, sendBillingOf } from "../../providers";
import { type DbOrTx, intArray, rows } from "../../shared/rows";
import type { Rendered } from "./dispatch-render";

/*
 * Money for sends (docs/sending.md, "Money"), through the same hold-and-settle ledger as lookups. Only the platform's
 * own gateways cost the team money in Leadflow (a team's own gateway bills it through its provider): before a batch is
 * submitted, each team's SMS parts (or emails) are held at the platform's price, the plan's free SMS first; the rows
 * the money does not cover are not sent, and their campaign pauses with the reason. After the provider answered, each
 * hold is settled by what the provider bills and the rest goes back; a batch with an unknown outcome keeps its hold
 * until reconciliation says whether the provider took it (never free by accident, never paid for nothing). Where the
 * provider bills nothing for a message it took but never handed to a carrier (Twilio's "failed", providers/billing.ts),
 * the hold also waits for the rows' final word: the applier prices each row by it, and the hold is charged for the rows
 * that cost something. A dispatcher that died between the two leaves its holds; they are settled the same way once its
 * rows have their answers.
 */

export const INSUFFICIENT_FUNDS_FOR_SENDING =
  "Insufficient funds: the campaign is paused. Add money to the balance, then set the campaign Active again.";

export interface BatchHolds {
  /** Each team's hold for the batch. */
  byTeam: Map<number, Hold>;
  /** Which hold pays for each covered row. */
  holdOf: Map<number, number>;
  /** Rows the money did not cover: not sent. */
  uncovered: Rendered[];
  /** The provider may still bill a taken message nothing: its hold waits for the final word (settleIdleHolds). */
  untilFinalWord: boolean;
}

const owner = (gatewayId: number): HoldOwner => ({ kind: "send", refId: gatewayId });

/** Holds the batch's price per team on a platform gateway; on a team's own gateway every row is covered. */
export async function holdForBatch(
  tx: DbOrTx,
  gateway: { id: number; teamId: number | null; kind: string; type: string },
  rendered: readonly Rendered[],
  unitPrice: number,
): Promise<BatchHolds> {
  const untilFinalWord = mayGoUnbilled(sendBillingOf(gateway.kind, gateway.type));
  const out: BatchHolds = { byTeam: new Map(), holdOf: new Map(), uncovered: [], untilFinalWord };
  if (gateway.teamId !== null) return out;
  const byTeam = new Map<number, Rendered[]>();
  for (const r of rendered) byTeam.set(r.row.team_id, [...(byTeam.get(r.row.team_id) ?? []), r]);
  for (const [teamId, list] of [...byTeam].sort(([a], [b]) => a - b)) {
    const items = list.reduce((n, r) => n + r.parts, 0);
    const hold = await holdFunds(tx, teamId, owner(gateway.id), { items, unitPrice, useFree: true });
    out.byTeam.set(teamId, hold);
    // The rows the held parts cover, in order; a message's parts are never split across the money.
    let left = hold.items;
    for (const r of list) {
      if (r.parts <= left && hold.id !== null) {
        left -= r.parts;
        out.holdOf.set(r.row.id, hold.id);
      } else out.uncovered.push(r);
    }
  }
  return out;
}

/**
 * Money still held this long after its batch is waiting for an answer (an unknown outcome, a dead dispatcher's batch):
 * some of it may come back. A live batch's hold is settled within seconds; reconciliation answers within minutes, or
 * (a provider it cannot ask) only after a day — past `maxMs` the shortfall is the balance's again.
 */
export const WaitingHold = { minMs: 15_000, maxMs: 10 * 60_000 } as const;
/** How long rows the money did not cover wait for such holds before they are tried again. */
export const WAIT_FOR_HELD_MS = 30_000;

/**
 * The rows the money did not cover go back to planned, and their campaigns pause saying why — unless the team has
 * money held for messages still waiting for an answer: those rows then wait a little (reconciliation may give that
 * money back) rather than pause a campaign that a crash, not the balance, stopped. Answers the paused campaigns.
 */
export async function returnUncovered(tx: DbOrTx, uncovered: readonly Rendered[]): Promise<number[]> {
  if (uncovered.length === 0) return [];
  const waiting = await rows<{ team_id: number }>(
    tx,
    sql`SELECT DISTINCT team_id FROM balance_holds
        WHERE kind = 'send' AND team_id = ANY(${intArray([...new Set(uncovered.map((r) => r.row.team_id))])})
          AND created_at < now() - make_interval(secs => ${WaitingHold.minMs / 1000})
          AND created_at > now() - make_interval(secs => ${WaitingHold.maxMs / 1000})`,
  );
  const waits = (r: Rendered) => waiting.some((w) => w.team_id === r.row.team_id);
  await tx.execute(
    sql`UPDATE campaign_messages SET state = 'planned', claimed_by = NULL, updated_at = now(),
          due_at = CASE WHEN id = ANY(${intArray(uncovered.filter(waits).map((r) => r.row.id))})
            THEN greatest(due_at, now() + make_interval(secs => ${WAIT_FOR_HELD_MS / 1000})) ELSE due_at END
        WHERE id = ANY(${intArray(uncovered.map((r) => r.row.id))}) AND state = 'claimed'`,
  );
  const short = [...new Set(uncovered.filter((r) => !waits(r)).map((r) => r.row.campaign_id))];
  if (short.length === 0) return [];
  const paused = await rows<{ id: number; team_id: number }>(
    tx,
    sql`UPDATE campaigns SET status = 'paused', status_reason = ${INSUFFICIENT_FUNDS_FOR_SENDING}, updated_at = now()
        WHERE id = ANY(${intArray(short)}) AND status = 'active' RETURNING id, team_id`,
  );
  const attributes = [
    { name: "Status", value_to: CampaignStatusLabels.paused },
    { name: "Reason", value_to: INSUFFICIENT_FUNDS_FOR_SENDING },
  ];
  await recordCampaignChanges(tx, engineChanges(paused, "status", attributes));
  return paused.map((c) => c.id);
}

/**
 * Settles each team's hold by the parts of the rows the provider took; a hold taken over is not charged twice. A hold
 * with a row whose outcome is `unknown` is left as it is — the money stays held, not spent — until reconciliation or a
 * callback says whether the provider took it (`settleIdleHolds`): a message never taken is never paid for, and one
 * that may have been sent is never free.
 */
export async function settleBatch(
  tx: DbOrTx,
  holds: BatchHolds,
  results: readonly { rendered: Rendered; outcome: SendOutcome }[],
): Promise<void> {
  for (const [teamId, hold] of [...holds.byTeam].sort(([a], [b]) => a - b)) {
    const mine = results.filter((r) => r.rendered.row.team_id === teamId && holds.holdOf.has(r.rendered.row.id));
    if (mine.some((r) => r.outcome.kind === "unknown" || (holds.untilFinalWord && r.outcome.kind === "accepted"))) continue;
    const used = mine.filter((r) => r.outcome.kind === "accepted").reduce((n, r) => n + r.rendered.parts, 0);
    await settleHold(tx, teamId, hold, used);
  }
}

/** States of a row the provider took: paid for unless its final word billed it nothing (its cost then 0). */
const TAKEN = sql`('accepted', 'sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained')`;

/**
 * The gateway's holds no dispatcher is working on — none of their rows claimed or being submitted — whose rows all
 * have their answer (none `unknown`, and none merely `accepted` where the provider may still bill it nothing): a dead
 * dispatcher's, a batch whose outcome was unknown, or one waiting for its final words, once reconciliation or callbacks
 * settled it. Each is charged for the parts of its rows the provider bills and the rest goes back. Safe at any time
 * beside a running dispatcher: its holds have rows being submitted.
 */
export async function settleIdleHolds(tx: DbOrTx, gatewayId: number): Promise<number> {
  const gateway = await rows<{ kind: string; type: string }>(tx, sql`SELECT kind, type FROM gateways WHERE id = ${gatewayId}`);
  const waiting =
    gateway[0] && mayGoUnbilled(sendBillingOf(gateway[0].kind, gateway[0].type))
      ? sql`('claimed', 'submitting', 'unknown', 'accepted')`
      : sql`('claimed', 'submitting', 'unknown')`;
  const idle = await rows<StoredHold>(
    tx,
    sql`SELECT h.id::float8 AS id, h.team_id, h.items, h.free_items, h.amount, h.unit_price,
          coalesce(sum(m.parts) FILTER (WHERE m.state IN ${TAKEN} AND (m.cost IS DISTINCT FROM 0 OR h.unit_price = 0)), 0)::int AS used
        FROM balance_holds h LEFT JOIN campaign_messages m ON m.hold_id = h.id
        WHERE h.kind = 'send' AND h.ref_id = ${gatewayId}
        GROUP BY h.id, h.team_id
        HAVING count(m.id) FILTER (WHERE m.state IN ${waiting}) = 0
        ORDER BY h.team_id, h.id`,
  );
  await settleStoredHolds(tx, owner(gatewayId), idle);
  return idle.length;
}

/**
 * How long money may stay held for messages without their final word. A provider may never send one (Twilio documents
 * that a message can stay `sent` with no later callback, and its message API may say no more); reconciliation closes
 * such rows as sent a day after they were handed over, which settles their holds. Money still held this long after the
 * batch was held has outlived every answer that could come: it is charged as the provider bills a message it was handed
 * (docs/sending.md, "Money").
 */
export const FINAL_WORD_MAX_MS = 72 * 3600_000;

/** States of a row whose message may have reached the provider: paid for once its hold is overdue. */
const MAYBE_TAKEN = sql`('submitting', 'unknown', 'accepted', 'sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained')`;

/**
 * Settles every send hold older than `FINAL_WORD_MAX_MS`, whatever its rows still wait for: charged for the parts of
 * the rows the provider took or may have (`submitting`, `unknown` and every state from `accepted` on) unless their final
 * word billed them nothing, and the rest — rows never handed over, rows planned again — given back. Each hold is taken
 * (deleted) in the charging transaction, so a hold is settled once whoever else settles it meanwhile; the rows and the
 * counters are left as they are (their cost was counted when they were handed over). Answers the holds settled.
 */
export async function settleOverdueHolds(tx: DbOrTx, maxMs: number = FINAL_WORD_MAX_MS): Promise<number> {
  const overdue = await rows<StoredHold & { ref_id: number }>(
    tx,
    sql`SELECT h.id::float8 AS id, h.team_id, h.ref_id, h.items, h.free_items, h.amount, h.unit_price,
          coalesce(sum(m.parts) FILTER (WHERE m.state IN ${MAYBE_TAKEN} AND (m.cost IS DISTINCT FROM 0 OR h.unit_price = 0)), 0)::int AS used
        FROM balance_holds h LEFT JOIN campaign_messages m ON m.hold_id = h.id
        WHERE h.kind = 'send' AND h.created_at < now() - make_interval(secs => ${maxMs / 1000})
        GROUP BY h.id, h.team_id
        ORDER BY h.team_id, h.id`,
  );
  for (const h of overdue) await settleStoredHolds(tx, owner(h.ref_id), [h]);
  return overdue.length;
}

/** A `balance_holds` row as the settling queries read it, with the items it is to be charged for. */
export interface StoredHold {
  id: number;
  team_id: number;
  items: number;
  free_items: number;
  amount: string;
  unit_price: string;
  used: number;
}

/** Settles stored holds of one owner: each charged for its used items (never more than it holds), the rest given back. */
export async function settleStoredHolds(tx: DbOrTx, holdOwner: HoldOwner, holds: readonly StoredHold[]): Promise<void> {
  for (const h of holds) {
    const hold: Hold = {
      id: h.id,
      owner: holdOwner,
      items: h.items,
      free: h.free_items,
      amount: Number(h.amount),
      unitPrice: Number(h.unit_price),
    };
    await settleHold(tx, h.team_id, hold, Math.min(h.used, h.items));
  }
}
