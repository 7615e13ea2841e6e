import { CampaignChannel } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { CampaignRecord } from "../campaigns";
import { campaignAudienceSql } from "../leads";
import { type DbOrTx, intArray, one, rows, textArray } from "../shared/rows";
import { CounterBatch, utcDay } from "./counters";
import { type SendWindowInput, sendWindow } from "./send-window";
import { type CampaignSenders, campaignSenders, carrierGroupsOf } from "./senders";

/*
 * Planning (CAMPAIGNS.md §3 step 1): the audience becomes ledger rows in one INSERT … SELECT, ON CONFLICT DO NOTHING
 * on (campaign, step, lead) — planning twice plans nothing twice. Each row gets its address, the split part the lead
 * draws (a hash of campaign, step and lead), its sender (a hash of the lead: sticky), and then, in passes over the
 * few distinct values rather than per row, a route's carrier-group sender and the quiet-hours window: `due_at` moved
 * into the first allowed stretch, `not_after` before it closes. One transaction: no row is ever visible unplanned.
 */

/** What the window leaves before it closes: a message claimed later waits for the next window. */
export const NOT_AFTER_MARGIN_MS = 5 * 60_000;

export type PlannedCampaign = CampaignRecord & { team_id: number };

export interface PlannedStep {
  id: number;
  type: "sms" | "email" | "split";
  delay: number;
  delay_time_period: "min" | "hours" | "days";
  /** A split's parts, in order. */
  parts: number[];
}

const DELAY_MS = { min: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export const stepDelayMs = (s: Pick<PlannedStep, "delay" | "delay_time_period">) => s.delay * DELAY_MS[s.delay_time_period];

/** 0 … n-1 from a text key, evenly: hashtext is signed 32-bit. */
const bucket = (key: SQL, n: number) => sql`mod(hashtext(${key})::bigint + 2147483648, ${n})`;

export async function loadPlannedCampaign(db: DbOrTx, campaignId: number): Promise<PlannedCampaign | undefined> {
  return one<PlannedCampaign>(db, sql`SELECT * FROM campaigns WHERE id = ${campaignId} AND deleted_at IS NULL`);
}

export async function firstStep(db: DbOrTx, campaignId: number): Promise<PlannedStep | undefined> {
  const steps = await rows<PlannedStep & { parent_step_id: number | null }>(
    db,
    sql`SELECT s.id, s.type, s.delay, s.delay_time_period, s.parent_step_id,
          coalesce((SELECT array_agg(p.id ORDER BY p.position, p.id) FROM campaign_steps p WHERE p.parent_step_id = s.id), '{}') AS parts
        FROM campaign_steps s WHERE s.campaign_id = ${campaignId} AND s.parent_step_id IS NULL
        ORDER BY s.position, s.id LIMIT 1`,
  );
  return steps[0];
}

/** The zone of the campaign's daily window, or null for "the lead's". */
function dailyWindow(c: PlannedCampaign): SendWindowInput["daily"] {
  if (!c.daytime_limitation || !c.run_daily_from || !c.run_daily_to) return null;
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return { from: minutes(c.run_daily_from), to: minutes(c.run_daily_to), timeZone: c.need_send_by_timezones ? null : c.started_at_tz };
}

/**
 * Plans the campaign's first step for every lead of its audience. Answers how many rows were planned (leads already
 * planned are left as they are). `now`: the clock, for tests.
 */
export async function planFirstStep(db: DbOrTx, campaignId: number, now = new Date()): Promise<{ planned: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const c = await loadPlannedCampaign(tx, campaignId);
    const step = c && (await firstStep(tx, campaignId));
    if (!c || !step) return { planned: 0, skipped: 0 };
    const channel = CampaignChannel[c.type];
    const senders = await campaignSenders(tx, c);
    const start = Math.max(now.getTime(), c.started_at ? Date.parse(c.started_at) : 0);
    const base = new Date(start + stepDelayMs(step)).toISOString();

    const inserted = await insertRows(tx, c, step, channel, senders, base);
    if (inserted.total === 0) return { planned: 0, skipped: 0 };
    // The rows just planned: no window yet (`not_after` is set by the window pass, for every planned row).
    const fresh = sql`m.campaign_id = ${c.id} AND m.step_id = ${step.id} AND m.state = 'planned' AND m.not_after IS NULL`;
    if (senders.byGroup.size > 0) await routeByCarrier(tx, fresh, senders);
    const skippedByWindow = await applyWindows(tx, c, channel, fresh, Date.parse(base));

    const skipped = inserted.skipped + skippedByWindow;
    const day = utcDay(now);
    const counters = new CounterBatch().add({ teamId: c.team_id, campaignId, stepId: 0, partId: 0, day }, "records", inserted.total);
    if (skipped) counters.add({ teamId: c.team_id, campaignId, stepId: step.id, partId: 0, day }, "processed", skipped);
    await counters.write(tx);
    return { planned: inserted.total - skipped, skipped };
  });
}

/** The INSERT … SELECT: one row per audience lead; a lead without an address of the channel is skipped with why. */
async function insertRows(
  tx: DbOrTx,
  c: PlannedCampaign,
  step: PlannedStep,
  channel: "sms" | "email",
  senders: CampaignSenders,
  base: string,
): Promise<{ total: number; skipped: number }> {
  const parts = step.type === "split" ? step.parts : [step.id];
  if (parts.length === 0) return { total: 0, skipped: 0 };
  const leadKey = sql`'lead:' || a.lead_id::text`;
  const part = sql`(${intArray(parts)})[1 + ${bucket(sql`${`${c.id}:${step.id}:`} || a.lead_id::text`, parts.length)}]`;
  const n = senders.choices.length;
  const pick = (values: SQL) => (n === 0 ? sql`NULL` : sql`(${values})[1 + ${bucket(leadKey, n)}]`);
  const gateway = pick(intArray(senders.choices.map((s) => s.gatewayId)));
  const sender = pick(textArray(senders.choices.map((s) => s.sender)));
  const senderKind = pick(textArray(senders.choices.map((s) => s.kind)));
  // A subscribed phone (or a valid, then unchecked, email) first; opt-outs are gated again at every claim.
  const address =
    channel === "sms"
      ? sql`LEFT JOIN LATERAL (SELECT lp.phone AS address, lp.timezone, lp.state FROM lead_phones lp
            WHERE lp.team_id = a.team_id AND lp.lead_id = a.lead_id ORDER BY (lp.status = 1) DESC, lp.id LIMIT 1) ad ON true`
      : sql`LEFT JOIN LATERAL (SELECT le.email AS address, NULL::text AS timezone, NULL::text AS state FROM lead_emails le
            WHERE le.team_id = a.team_id AND le.lead_id = a.lead_id ORDER BY (le.status IN (1, 2)) DESC, le.id LIMIT 1) ad ON true`;
  const counted = await one<{ total: number; skipped: number }>(
    tx,
    sql`WITH ins AS (INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, reason,
          gateway_id, sender, sender_kind, time_zone, time_zone_source, us_state, due_at)
        SELECT ${c.team_id}, ${c.id}, ${step.id}, ${part}, a.lead_id, ${channel}, coalesce(ad.address, ''),
          CASE WHEN ad.address IS NULL THEN 'skipped' WHEN ${n === 0} THEN 'skipped' ELSE 'planned' END,
          CASE WHEN ad.address IS NULL THEN 'no_address' WHEN ${n === 0} THEN 'no_sender' END,
          ${gateway}, ${sender}, ${senderKind}, ad.timezone, CASE WHEN ad.timezone IS NOT NULL THEN 'lookup' ELSE 'unknown' END,
          ad.state, ${base}::timestamptz
        FROM ${campaignAudienceSql(c.team_id, c.id)} a ${address}
        ON CONFLICT (campaign_id, step_id, lead_id) DO NOTHING
        RETURNING state)
        SELECT count(*)::int AS total, (count(*) FILTER (WHERE state = 'skipped'))::int AS skipped FROM ins`,
  );
  return counted ?? { total: 0, skipped: 0 };
}

/** A route's second pass: leads whose carrier falls in one of its groups go out through that group's sender. */
async function routeByCarrier(tx: DbOrTx, fresh: SQL, senders: CampaignSenders): Promise<void> {
  const carriers = await rows<{ carrier_name: string | null }>(
    tx,
    sql`SELECT DISTINCT lp.carrier_name FROM campaign_messages m JOIN lead_phones lp ON lp.team_id = m.team_id AND lp.phone = m.address
        WHERE ${fresh}`,
  );
  const groupOf = await carrierGroupsOf(
    tx,
    carriers.map((r) => r.carrier_name),
  );
  const moves = [...groupOf].flatMap(([name, group]) => {
    const to = group === null ? undefined : senders.byGroup.get(group);
    return to && name !== null ? [sql`(${name}, ${to.gatewayId}::int, ${to.sender}, ${to.kind})`] : [];
  });
  if (moves.length === 0) return;
  await tx.execute(
    sql`UPDATE campaign_messages m SET gateway_id = v.gateway_id, sender = v.sender, sender_kind = v.kind
        FROM (VALUES ${sql.join(moves, sql`, `)}) AS v(carrier_name, gateway_id, sender, kind), lead_phones lp
        WHERE ${fresh} AND lp.team_id = m.team_id AND lp.phone = m.address AND lp.carrier_name = v.carrier_name`,
  );
}

/**
 * Quiet hours at plan time: per distinct (zone, state) of the new rows, the first allowed stretch at or after `base`.
 * Rows whose window never opens (a daily window outside the legal one) are skipped with why. Answers how many.
 */
async function applyWindows(tx: DbOrTx, c: PlannedCampaign, channel: "sms" | "email", fresh: SQL, base: number): Promise<number> {
  const groups = await rows<{ time_zone: string | null; us_state: string | null }>(
    tx,
    sql`SELECT DISTINCT m.time_zone, m.us_state FROM campaign_messages m WHERE ${fresh}`,
  );
  const daily = dailyWindow(c);
  const values = groups.map((g) => {
    const win = sendWindow(base, { timeZone: g.time_zone, state: g.us_state, daily, legal: channel === "sms" });
    const due = win ? new Date(win.start).toISOString() : null;
    // An unlimited window (email without day-parting) never closes: 'infinity' also marks the row as windowed.
    const notAfter = !win
      ? null
      : Number.isFinite(win.end)
        ? new Date(Math.max(win.start, win.end - NOT_AFTER_MARGIN_MS)).toISOString()
        : "infinity";
    return sql`(${g.time_zone}::text, ${g.us_state}::text, ${due}::timestamptz, ${notAfter}::timestamptz)`;
  });
  if (values.length === 0) return 0;
  const moved = await one<{ skipped: number }>(
    tx,
    sql`WITH moved AS (UPDATE campaign_messages m
        SET due_at = coalesce(v.due, m.due_at), not_after = v.not_after,
            state = CASE WHEN v.due IS NULL THEN 'skipped' ELSE m.state END,
            reason = CASE WHEN v.due IS NULL THEN 'outside_window' ELSE m.reason END
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(time_zone, us_state, due, not_after)
        WHERE ${fresh} AND m.time_zone IS NOT DISTINCT FROM v.time_zone AND m.us_state IS NOT DISTINCT FROM v.us_state
        RETURNING m.state)
        SELECT (count(*) FILTER (WHERE state = 'skipped'))::int AS skipped FROM moved`,
  );
  return moved?.skipped ?? 0;
}
