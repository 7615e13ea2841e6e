import { CampaignChannel, EmailStatuses, PhoneStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { CampaignRecord } from "../campaigns";
import { campaignAudienceSql } from "../leads";
import { bigintArray, type DbOrTx, intArray, one, rows, textArray } from "../shared/rows";
import { CounterBatch, utcDay } from "./counters";
import { resolveRecipientZone } from "./recipient-zone";
import { type CampaignSenders, campaignSenders, carrierGroupsOf } from "./senders";
import { rowWindow } from "./window-of";

/*
 * Planning (CAMPAIGNS.md §3 step 1): the audience becomes ledger rows in one INSERT … SELECT, ON CONFLICT DO NOTHING
 * on (campaign, step, lead) — planning twice plans nothing twice. Each row gets its address, the split part the lead
 * draws (a hash of campaign, step and lead), its sender (a hash of the lead: sticky), and then, in passes over the
 * few distinct values rather than per row, a route's carrier-group sender and the quiet-hours window: `due_at` moved
 * into the first allowed stretch, `not_after` before it closes. One transaction: no row is ever visible unplanned.
 */

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

/**
 * Plans the campaign's first step for every lead of its audience. Answers how many rows were planned (leads already
 * planned are left as they are). `now`: the clock, for tests.
 */
export async function planFirstStep(db: DbOrTx, campaignId: number, now = new Date()): Promise<{ planned: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const c = await loadPlannedCampaign(tx, campaignId);
    const step = c && (await firstStep(tx, campaignId));
    if (!c || !step) return { planned: 0, skipped: 0 };
    const start = Math.max(now.getTime(), c.started_at ? Date.parse(c.started_at) : 0);
    const planned = await planStep(tx, c, step, campaignAudienceSql(c.team_id, c.id), start + stepDelayMs(step));
    if (planned.total === 0) return { planned: 0, skipped: 0 };
    const day = utcDay(now);
    const counters = new CounterBatch().add({ teamId: c.team_id, campaignId, stepId: 0, partId: 0, day }, "records", planned.total);
    if (planned.skipped) counters.add({ teamId: c.team_id, campaignId, stepId: step.id, partId: 0, day }, "processed", planned.skipped);
    await counters.write(tx);
    return { planned: planned.total - planned.skipped, skipped: planned.skipped };
  });
}

/**
 * Step k+1 is planned when a lead's step k is accepted (CAMPAIGNS.md §3 step 1): in the transaction that records the
 * acceptance, for those leads, due after the next step's delay. A lead on the last step gets nothing more.
 */
export async function planFollowingSteps(
  tx: DbOrTx,
  accepted: readonly { campaign_id: number; step_id: number; lead_id: number }[],
  now = new Date(),
): Promise<number> {
  const byStep = new Map<string, { campaignId: number; stepId: number; leads: number[] }>();
  for (const a of accepted) {
    const k = `${a.campaign_id}:${a.step_id}`;
    const group = byStep.get(k) ?? { campaignId: a.campaign_id, stepId: a.step_id, leads: [] };
    group.leads.push(a.lead_id);
    byStep.set(k, group);
  }
  let planned = 0;
  for (const g of byStep.values()) {
    const c = await loadPlannedCampaign(tx, g.campaignId);
    const next = c && (await stepAfter(tx, g.campaignId, g.stepId));
    if (!c || !next) continue;
    const leads = sql`(SELECT ${c.team_id}::int AS team_id, unnest(${bigintArray(g.leads)}) AS lead_id)`;
    const result = await planStep(tx, c, next, leads, now.getTime() + stepDelayMs(next));
    if (result.skipped) {
      await new CounterBatch()
        .add({ teamId: c.team_id, campaignId: c.id, stepId: next.id, partId: 0, day: utcDay(now) }, "processed", result.skipped)
        .write(tx);
    }
    planned += result.total - result.skipped;
  }
  return planned;
}

async function stepAfter(db: DbOrTx, campaignId: number, stepId: number): Promise<PlannedStep | undefined> {
  const [next] = await rows<PlannedStep>(
    db,
    sql`SELECT s.id, s.type, s.delay, s.delay_time_period,
          coalesce((SELECT array_agg(p.id ORDER BY p.position, p.id) FROM campaign_steps p WHERE p.parent_step_id = s.id), '{}') AS parts
        FROM campaign_steps s, campaign_steps cur
        WHERE cur.id = ${stepId} AND s.campaign_id = ${campaignId} AND s.parent_step_id IS NULL
          AND (s.position, s.id) > (cur.position, cur.id)
        ORDER BY s.position, s.id LIMIT 1`,
  );
  return next;
}

/** One step for a set of leads (`leads`: a relation of team_id, lead_id), from `at` on: insert, route, window. */
export async function planStep(
  tx: DbOrTx,
  c: PlannedCampaign,
  step: PlannedStep,
  leads: SQL,
  at: number,
): Promise<{ total: number; skipped: number }> {
  const channel = CampaignChannel[c.type];
  const senders = await campaignSenders(tx, c);
  const inserted = await insertRows(tx, c, step, channel, senders, leads, new Date(at).toISOString());
  if (inserted.total === 0) return inserted;
  // The rows just planned: no window yet (`not_after` is set by the window pass, for every planned row).
  const fresh = sql`m.campaign_id = ${c.id} AND m.step_id = ${step.id} AND m.state = 'planned' AND m.not_after IS NULL`;
  if (senders.byGroup.size > 0) await routeByCarrier(tx, fresh, senders);
  await resolveZones(tx, c.team_id, fresh);
  const skippedByWindow = await applyWindows(tx, c, channel, fresh, at);
  return { total: inserted.total, skipped: inserted.skipped + skippedByWindow };
}

/** The INSERT … SELECT: one row per audience lead; a lead without an address of the channel is skipped with why. */
async function insertRows(
  tx: DbOrTx,
  c: PlannedCampaign,
  step: PlannedStep,
  channel: "sms" | "email",
  senders: CampaignSenders,
  leads: SQL,
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
            WHERE lp.team_id = a.team_id AND lp.lead_id = a.lead_id ORDER BY (lp.status = ${PhoneStatuses.subscribed}) DESC, lp.id LIMIT 1) ad ON true`
      : sql`LEFT JOIN LATERAL (SELECT le.email AS address, NULL::text AS timezone, NULL::text AS state FROM lead_emails le
            WHERE le.team_id = a.team_id AND le.lead_id = a.lead_id ORDER BY (le.status IN (${EmailStatuses.pending}, ${EmailStatuses.valid})) DESC, le.id LIMIT 1) ad ON true`;
  const counted = await one<{ total: number; skipped: number }>(
    tx,
    sql`WITH ins AS (INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, reason,
          gateway_id, sender, sender_kind, time_zone, time_zone_source, us_state, due_at)
        SELECT ${c.team_id}, ${c.id}, ${step.id}, ${part}, a.lead_id, ${channel}, coalesce(ad.address, ''),
          CASE WHEN ad.address IS NULL THEN 'skipped' WHEN ${n === 0} THEN 'skipped' ELSE 'planned' END,
          CASE WHEN ad.address IS NULL THEN 'no_address' WHEN ${n === 0} THEN 'no_sender' END,
          ${gateway}, ${sender}, ${senderKind}, ad.timezone, 'unknown',
          ad.state, ${base}::timestamptz
        FROM ${leads} a ${address}
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

/** The lead fields a zone or state may come from, by their attribute slugs (the import's names for them). */
const ZONE_FIELDS = {
  zip: ["zip", "zip_code", "zipcode", "postal_code", "postcode"],
  state: ["state", "state_code"],
  timeZone: ["timezone", "time_zone", "tz"],
} as const;

/**
 * Where each recipient is (CAMPAIGNS.md I3): per distinct (lead zone, lookup zone and state, ZIP, area code, lead
 * state) of the new rows — a few hundred groups for a million leads — the zone and state in source order, written
 * back with where the zone came from. The raw lookup values the insert stored are replaced by checked ones.
 */
async function resolveZones(tx: DbOrTx, teamId: number, fresh: SQL): Promise<void> {
  const attrs = await rows<{ id: number; slug: string }>(
    tx,
    sql`SELECT id, slug FROM lead_attributes WHERE team_id = ${teamId}
          AND slug = ANY(${textArray([...ZONE_FIELDS.zip, ...ZONE_FIELDS.state, ...ZONE_FIELDS.timeZone])})`,
  );
  const fieldValue = (slugs: readonly string[]) => {
    const ids = attrs.filter((a) => slugs.includes(a.slug)).map((a) => sql`l.attrs -> ${String(a.id)} ->> 0`);
    return ids.length ? sql`coalesce(${sql.join(ids, sql`, `)})` : sql`NULL::text`;
  };
  const keys = sql`m.time_zone AS lookup_tz, m.us_state AS lookup_state,
      CASE WHEN m.address ~ '^[+]1[2-9][0-9]{9}$' THEN substr(m.address, 3, 3) END AS area_code,
      ${fieldValue(ZONE_FIELDS.zip)} AS zip, ${fieldValue(ZONE_FIELDS.state)} AS lead_state, ${fieldValue(ZONE_FIELDS.timeZone)} AS lead_tz`;
  type Key = {
    lookup_tz: string | null;
    lookup_state: string | null;
    area_code: string | null;
    zip: string | null;
    lead_state: string | null;
    lead_tz: string | null;
  };
  const groups = await rows<Key>(
    tx,
    sql`SELECT DISTINCT ${keys} FROM campaign_messages m JOIN leads l ON l.team_id = m.team_id AND l.id = m.lead_id WHERE ${fresh}`,
  );
  if (groups.length === 0) return;
  const values = groups.map((g) => {
    const z = resolveRecipientZone({
      leadTimeZone: g.lead_tz,
      lookupTimeZone: g.lookup_tz,
      lookupState: g.lookup_state,
      zip: g.zip,
      phone: g.area_code ? `+1${g.area_code}5550100` : null,
      leadState: g.lead_state,
    });
    return sql`(${g.lookup_tz}::text, ${g.lookup_state}::text, ${g.area_code}::text, ${g.zip}::text, ${g.lead_state}::text, ${g.lead_tz}::text,
      ${z.timeZone}::text, ${z.source}::text, ${z.state}::text)`;
  });
  await tx.execute(
    sql`UPDATE campaign_messages m SET time_zone = v.tz, time_zone_source = v.source, us_state = v.st
        FROM (SELECT m.id, ${keys} FROM campaign_messages m JOIN leads l ON l.team_id = m.team_id AND l.id = m.lead_id WHERE ${fresh}) k,
          (VALUES ${sql.join(values, sql`, `)}) AS v(lookup_tz, lookup_state, area_code, zip, lead_state, lead_tz, tz, source, st)
        WHERE m.id = k.id AND k.lookup_tz IS NOT DISTINCT FROM v.lookup_tz AND k.lookup_state IS NOT DISTINCT FROM v.lookup_state
          AND k.area_code IS NOT DISTINCT FROM v.area_code AND k.zip IS NOT DISTINCT FROM v.zip
          AND k.lead_state IS NOT DISTINCT FROM v.lead_state AND k.lead_tz IS NOT DISTINCT FROM v.lead_tz`,
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
  const values = groups.map((g) => {
    const { due, notAfter } = rowWindow(base, { timeZone: g.time_zone, state: g.us_state }, c, channel);
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
