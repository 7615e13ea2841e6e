import type { MessageState } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { recordProviderEvents } from "../../provider-events";
import type { DeliveryStatus, StatusEvent } from "../../providers";
import { one, rows } from "../../shared/rows";

/*
 * Ledger rows and inbox events for the applier's tests, written with plain SQL (the planner and dispatcher are
 * other files' business), and the independent recount the counters are checked against.
 */

let seq = 0;

export interface Setup {
  teamId: number;
  gatewayId: number;
  campaignId: number;
  /** Two top-level steps, the second a split with two parts: counters key on (step, part). */
  keys: readonly { stepId: number; partId: number }[];
}

/** A campaign of the team on a gateway of its own, with a plain step and a split step of two parts. */
export async function setUp(db: Db, teamId: number): Promise<Setup> {
  const gw = await one<{ id: number }>(
    db,
    sql`INSERT INTO gateways (team_id, kind, type, name) VALUES (${teamId}, 'sms', 'sandbox', ${`Sandbox ${++seq}-${Date.now()}`}) RETURNING id`,
  );
  const c = await one<{ id: number }>(
    db,
    sql`INSERT INTO campaigns (team_id, name, type, status, gateway_id) VALUES (${teamId}, ${`Campaign ${seq}`}, 'sms', 'active', ${gw!.id}) RETURNING id`,
  );
  const step = async (type: string, parent: number | null, position: number) =>
    (await one<{ id: number }>(
      db,
      sql`INSERT INTO campaign_steps (team_id, campaign_id, parent_step_id, position, type, name)
          VALUES (${teamId}, ${c!.id}, ${parent}, ${position}, ${type}, ${`Step ${position}`}) RETURNING id`,
    ))!.id;
  const first = await step("sms", null, 0);
  const split = await step("split", null, 1);
  const [a, b] = [await step("sms", split, 0), await step("sms", split, 1)];
  return {
    teamId,
    gatewayId: gw!.id,
    campaignId: c!.id,
    keys: [
      { stepId: first, partId: first },
      { stepId: split, partId: a },
      { stepId: split, partId: b },
    ],
  };
}

export interface RowSpec {
  state?: MessageState;
  providerId?: string | null;
  channel?: "sms" | "email";
  key?: number;
  reason?: string | null;
}

export interface LedgerRow {
  id: number;
  channel: "sms" | "email";
  address: string;
  providerId: string | null;
}

/** One ledger row, submitted and accepted with a provider id unless the spec says otherwise. */
export async function addRow(db: Db, s: Setup, spec: RowSpec = {}): Promise<LedgerRow> {
  const n = ++seq;
  const channel = spec.channel ?? "sms";
  const address = channel === "sms" ? `+1212555${String(n).padStart(4, "0")}` : `lead${n}@example.test`;
  const providerId = spec.providerId === undefined ? `prov-${n}` : spec.providerId;
  const key = s.keys[spec.key ?? 0]!;
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, reason, gateway_id,
          due_at, provider_id, submitted_at)
        VALUES (${s.teamId}, ${s.campaignId}, ${key.stepId}, ${key.partId}, ${n}, ${channel}, ${address}, ${spec.state ?? "accepted"},
          ${spec.reason ?? null}, ${s.gatewayId}, now(), ${providerId}, now())
        RETURNING id`,
  );
  return { id: row!.id, channel, address, providerId };
}

/** A status event as an adapter parses it; by our id unless `messageId` is given (null: by the provider's id). */
export function statusEvent(row: LedgerRow, status: DeliveryStatus, over: Partial<StatusEvent> = {}): StatusEvent {
  return {
    eventId: `ev-${++seq}`,
    messageId: String(row.id),
    providerId: row.providerId,
    status,
    errorCode: null,
    errorMessage: null,
    occurredAt: null,
    ...over,
  };
}

/** Through the real inbox writer, deduplication included. */
export async function push(db: Db, s: Setup, events: StatusEvent[]): Promise<number> {
  return (await recordProviderEvents(db, { id: s.gatewayId, teamId: s.teamId }, { kind: "status", events })).stored;
}

export const CountedColumns = ["sent", "delivered", "failed", "errors", "blocked", "inactive_device", "bounces", "complaints"] as const;
export type Counts = Record<(typeof CountedColumns)[number], number>;
type KeyedCounts = Counts & { step_id: number; part_id: number };

const sums = sql.raw(CountedColumns.map((c) => `coalesce(sum(${c}), 0)::int AS ${c}`).join(", "));

/** The campaign's counters by (step, part), all days. */
export function counters(db: Db, campaignId: number): Promise<KeyedCounts[]> {
  return rows<KeyedCounts>(
    db,
    sql`SELECT step_id, part_id, ${sums} FROM campaign_counters WHERE campaign_id = ${campaignId}
        GROUP BY step_id, part_id HAVING ${sql.raw(CountedColumns.map((c) => `sum(${c}) <> 0`).join(" OR "))} ORDER BY step_id, part_id`,
  );
}

/** The same figures counted from the ledger's states, written out here rather than taken from the applier's table. */
export function recount(db: Db, campaignId: number): Promise<KeyedCounts[]> {
  return rows<KeyedCounts>(
    db,
    sql`SELECT * FROM (
          SELECT step_id, part_id,
            count(*) FILTER (WHERE state IN ('sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained'))::int AS sent,
            count(*) FILTER (WHERE state IN ('delivered', 'complained'))::int AS delivered,
            count(*) FILTER (WHERE state = 'failed')::int AS failed,
            count(*) FILTER (WHERE state = 'failed')::int AS errors,
            count(*) FILTER (WHERE state = 'blocked')::int AS blocked,
            count(*) FILTER (WHERE state = 'inactive')::int AS inactive_device,
            count(*) FILTER (WHERE state = 'bounced')::int AS bounces,
            count(*) FILTER (WHERE state = 'complained')::int AS complaints
          FROM campaign_messages WHERE campaign_id = ${campaignId} GROUP BY step_id, part_id) r
        WHERE ${sql.raw(CountedColumns.map((c) => `${c} <> 0`).join(" OR "))}
        ORDER BY step_id, part_id`,
  );
}

/** The campaign's counters summed over steps and days, zeros included. */
export async function totals(db: Db, campaignId: number): Promise<Counts> {
  return (await one<Counts>(db, sql`SELECT ${sums} FROM campaign_counters WHERE campaign_id = ${campaignId}`))!;
}

export interface RowState {
  id: number;
  state: MessageState;
  reason: string | null;
  provider_id: string | null;
  error_code: string | null;
  error_message: string | null;
  sent_at: string | null;
  delivered_at: string | null;
}

export async function rowStates(db: Db, campaignId: number): Promise<Map<number, RowState>> {
  const found = await rows<RowState>(
    db,
    sql`SELECT id, state, reason, provider_id, error_code, error_message, sent_at, delivered_at
        FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY id`,
  );
  return new Map(found.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

export async function rowState(db: Db, id: number): Promise<RowState> {
  return (await one<RowState>(
    db,
    sql`SELECT id, state, reason, provider_id, error_code, error_message, sent_at, delivered_at FROM campaign_messages WHERE id = ${id}`,
  ))!;
}

/** The gateway's inbox in arrival order. */
export function inbox(db: Db, gatewayId: number): Promise<{ id: number; payload: StatusEvent; applied: boolean }[]> {
  return rows(
    db,
    sql`SELECT id, payload, applied_at IS NOT NULL AS applied FROM provider_events WHERE gateway_id = ${gatewayId} ORDER BY id`,
  );
}

/** A seeded generator, so a failing storm can be replayed. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
