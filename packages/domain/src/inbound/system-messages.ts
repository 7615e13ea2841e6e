import { smsLength } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type Hold, type HoldKind, type HoldOwner, holdFunds, sendPrices, settleHold } from "../billing";
import { callbackSecretFor, loadGatewayForCallback } from "../gateways";
import { type ProviderOptions, type SendOutcome, type SmsSendAdapter, sendUnitCost, smsSendAdapterFor } from "../providers";
import { OptOutGate } from "../sending";
import { type DbOrTx, one } from "../shared/rows";

/*
 * Messages the platform sends on a team's behalf outside a campaign's ledger — the answers replies earn
 * (inbound-answers.ts) and the welcome messages (welcome-messages.ts) — each sent once, from a number the lead knows,
 * through one gateway. Each kind keeps its own table; the state machine is shared: `planned` → `submitting`
 * (committed before the provider is called, with the money held) → `accepted`, `rejected` or `unknown` (maybe sent:
 * never sent again). A throttled message (proven not taken) goes back to `planned`. A process that dies mid-call
 * leaves `submitting`, which the next run turns `unknown` after a while, its hold charged — never a second message.
 */

export interface SystemMessageDeps {
  db: Db;
  publicUrl: string;
  providerOptions?: ProviderOptions;
}

/** A message taken for sending: committed `submitting`. */
export interface SystemMessage {
  id: number;
  team_id: number;
  gateway_id: number;
  /** The phone it goes to. */
  to: string;
  /** The number (or provider-side pool) it leaves from. */
  from: string;
  sender_kind: "number" | "pool";
  body: string;
}

/** What a send wrote on the row. `planned`: throttled, taken again by a later run. */
export interface SystemOutcome {
  state: "planned" | "accepted" | "rejected" | "unknown";
  providerId: string | null;
  /** What it cost when it was (or may have been) sent; null otherwise. */
  cost: number | null;
  body: string;
  error: string | null;
}

/** One kind of system message: its table's statements. */
export interface SystemMessageKind {
  /** Its money on a platform gateway: its own hold, keyed by the row's id (never a dispatcher's). */
  hold: HoldKind;
  /** The provider's message reference and the idempotency key are `${prefix}-${id}`. */
  messagePrefix: string;
  keyPrefix: string;
  /** Takes up to `limit` planned rows FOR UPDATE SKIP LOCKED and commits them `submitting`. */
  claim(db: Db, limit: number): Promise<SystemMessage[]>;
  /** Writes the outcome on the row if it is still `submitting`; answers whether it was. */
  record(tx: DbOrTx, id: number, outcome: SystemOutcome): Promise<boolean>;
  /** Rows left `submitting` longer than `minutes` become `unknown`; answers them. */
  closeStale(tx: DbOrTx, minutes: number): Promise<{ id: number; team_id: number }[]>;
  /**
   * Looks at the phone's suppressions right before the provider call (sending/opt-out-gate.ts) and sends nothing to a
   * suppressed one. Not for the answers: a STOP's confirmation goes to the phone its STOP just suppressed.
   */
  optOutGate?: boolean;
}

/** A `submitting` message older than this had its process die mid-call. */
const STALE_SUBMITTING_MINUTES = 10;
const BATCH = 50;

/** Sends every planned message of the kind; answers how many were handed to a provider (or may have been). */
export async function sendSystemMessages(deps: SystemMessageDeps, kind: SystemMessageKind): Promise<number> {
  await closeStale(deps.db, kind);
  const gate = kind.optOutGate ? new OptOutGate(deps.db) : null;
  let sent = 0;
  for (;;) {
    const batch = await kind.claim(deps.db, BATCH);
    let throttled = false;
    for (const m of batch) {
      const done = await sendOne(deps, kind, m, gate);
      if (done === "sent") sent++;
      throttled ||= done === "throttled";
    }
    // A provider asking to wait gets its wait: the next run (the minute's sweep or the next queueing) tries again.
    if (batch.length < BATCH || throttled) return sent;
  }
}

interface KnownGateway {
  adapter: SmsSendAdapter;
  teamId: number | null;
  unitCost: number;
  until: number;
}
const gateways = new Map<number, KnownGateway>();

async function gatewayOf(deps: SystemMessageDeps, gatewayId: number): Promise<KnownGateway | null> {
  const kept = gateways.get(gatewayId);
  if (kept && kept.until > Date.now()) return kept;
  const gw = await loadGatewayForCallback(deps.db, gatewayId);
  if (gw?.kind !== "sms" || !gw.active) return null;
  const ctx = { gatewayId, publicUrl: deps.publicUrl, callbackSecret: await callbackSecretFor(deps.db, gatewayId) };
  const adapter = smsSendAdapterFor(gw.adapter, ctx, deps.providerOptions);
  const unitCost = gw.teamId === null ? (await sendPrices(deps.db)).sms : (sendUnitCost("sms", gw.type) ?? 0);
  const found = { adapter, teamId: gw.teamId, unitCost, until: Date.now() + 30_000 };
  gateways.set(gatewayId, found);
  return found;
}

type Sent = "sent" | "not_sent" | "throttled";

async function sendOne(deps: SystemMessageDeps, kind: SystemMessageKind, m: SystemMessage, gate: OptOutGate | null): Promise<Sent> {
  if (gate) {
    // A failed look holds the message back for the next run (as a throttle does): never sent to a phone that may have
    // opted out.
    const out = await gate.suppressed(m.team_id, "sms", m.to).catch(() => null);
    if (out !== false) {
      const held: SendOutcome =
        out === null
          ? { kind: "throttled", retryAfterMs: null, message: "The suppressions could not be read." }
          : { kind: "rejected", code: "suppressed", message: "The phone opted out before the message left." };
      return record(deps.db, kind, m, held, null, 0);
    }
  }
  const parts = Math.max(1, smsLength(m.body).parts);
  const gw = await gatewayOf(deps, m.gateway_id).catch(() => null);
  if (!gw) return record(deps.db, kind, m, { kind: "rejected", code: "gateway", message: "The integration can no longer send." }, null, 0);
  // Platform gateways cost the team money (the plan's free SMS first), held before the provider is called.
  let hold: Hold | null = null;
  if (gw.teamId === null) {
    hold = await deps.db.transaction((tx) =>
      holdFunds(tx, m.team_id, { kind: kind.hold, refId: m.id }, { items: parts, unitPrice: gw.unitCost, useFree: true }),
    );
    if (hold.items < parts) {
      const short = { kind: "rejected", code: "insufficient_funds", message: "Insufficient funds to send the message." } as const;
      return record(deps.db, kind, m, short, hold, 0);
    }
  }
  let outcome: SendOutcome;
  try {
    outcome = await gw.adapter.send({
      messageId: `${kind.messagePrefix}-${m.id}`,
      to: m.to,
      from: m.from,
      senderKind: m.sender_kind,
      body: m.body,
      idempotencyKey: `${kind.keyPrefix}-${m.id}`,
    });
  } catch (e) {
    outcome = { kind: "unknown", message: e instanceof Error ? e.message : "The provider could not be reached." };
  }
  return record(deps.db, kind, m, outcome, hold, parts * gw.unitCost);
}

/** The outcome on the row, and its money settled in the same transaction: charged when it was (or may have been) sent. */
async function record(
  db: Db,
  kind: SystemMessageKind,
  m: SystemMessage,
  outcome: SendOutcome,
  hold: Hold | null,
  cost: number,
): Promise<Sent> {
  const taken = outcome.kind === "accepted" || outcome.kind === "unknown";
  const written: SystemOutcome = {
    state: outcome.kind === "throttled" ? "planned" : outcome.kind,
    providerId: outcome.kind === "accepted" ? outcome.providerId : null,
    cost: taken ? cost : null,
    body: m.body,
    error: outcome.kind === "accepted" ? null : outcome.message,
  };
  return db.transaction(async (tx) => {
    const moved = await kind.record(tx, m.id, written);
    if (hold) await settleHold(tx, m.team_id, hold, moved && taken ? hold.items : 0);
    if (outcome.kind === "throttled") return "throttled";
    return moved && taken ? "sent" : "not_sent";
  });
}

/** Messages left `submitting` by a process that died mid-call: maybe sent, so `unknown` and paid for, never resent. */
async function closeStale(db: Db, kind: SystemMessageKind): Promise<void> {
  await db.transaction(async (tx) => {
    for (const s of await kind.closeStale(tx, STALE_SUBMITTING_MINUTES))
      await chargeStoredHold(tx, s.team_id, { kind: kind.hold, refId: s.id });
  });
}

async function chargeStoredHold(tx: DbOrTx, teamId: number, owner: HoldOwner): Promise<void> {
  const h = await one<{ id: number; items: number; free_items: number; amount: string; unit_price: string }>(
    tx,
    sql`SELECT id::float8 AS id, items, free_items, amount, unit_price FROM balance_holds
        WHERE team_id = ${teamId} AND kind = ${owner.kind} AND ref_id = ${owner.refId}`,
  );
  if (!h) return;
  const hold: Hold = {
    id: h.id,
    owner,
    items: h.items,
    free: h.free_items,
    amount: Number(h.amount),
    unitPrice: Number(h.unit_price),
  };
  await settleHold(tx, teamId, hold, h.items);
}
