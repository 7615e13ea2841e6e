import { EmailStatuses, type MessageReason, RuleTypes } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../../campaigns";
import { type DbOrTx, intArray, rows } from "../../shared/rows";
import { consentProofWhens, consentRecordJoin, consentWaits, consentWhens, dncFreshnessWhen } from "../gate/consent";
import { rowWindow } from "../gate/window/window-of";
import { suppressedSql } from "../suppressions";

/*
 * The claim (docs/sending.md): one statement takes a gateway's due rows of active campaigns, FOR UPDATE SKIP
 * LOCKED, and passes each through the gates in the same statement — a suppressed or opted-out address, a blacklisted
 * or DNC lead, the cool-off and inactive-device rules (keyed by the address across every campaign of the team, within
 * the batch — two leads with one phone share them — and against messages to the address still in flight, of this
 * gateway's batch before or another's). A row that passes is `claimed` by this dispatcher; one
 * that fails is `skipped` with its reason. Nothing is dropped silently and nothing is claimed twice.
 */

export interface ClaimedRow {
  id: number;
  team_id: number;
  campaign_id: number;
  step_id: number;
  part_id: number;
  lead_id: number;
  channel: "sms" | "email";
  address: string;
  gateway_id: number;
  sender: string | null;
  sender_kind: "number" | "pool" | null;
  not_after: string | null;
}

interface Verdict extends ClaimedRow {
  state: "claimed" | "skipped" | "planned";
  reason: MessageReason | null;
}

const reason = (r: MessageReason) => sql`${r}::text`;

/**
 * Only verified leads: a phone not looked up yet (or an email not checked) waits while the campaign's lookup runs —
 * it is looked at again after this long — instead of being skipped; a landline or a DNC result is skipped.
 */
const WAITS: MessageReason = "unverified";
export const VERIFY_WAIT_SECONDS = 120;
/** Consent's waits (a certificate check on its way, a DNC check a lookup can bring) are looked at again alike. */
const waits = consentWaits(sql`v.reason`, sql`m.team_id`);

/**
 * Why a due row may not go, in order; NULL: it goes. `m` the due row (with `nth`, its place among the batch's rows to
 * its address), `c` its campaign, the rest joined below.
 */
export const GATES: SQL = sql`CASE
    WHEN ${suppressedSql(sql`m.team_id`, sql`m.channel`, sql`m.address`)} THEN ${reason("suppressed")}
    ${consentWhens(sql`m.channel`)}
    ${consentProofWhens(sql`c.only_consent_proof`, sql`m.channel`)}
    WHEN c.only_verified_leads AND m.channel = 'sms' AND lp.carrier_type = 'landline' THEN ${reason("landline")}
    WHEN c.only_verified_leads AND m.channel = 'sms' AND lp.looked_up_at IS NULL THEN ${reason("unverified")}
    WHEN c.only_verified_leads AND m.channel = 'email' AND le.status = ${EmailStatuses.pending} THEN ${reason("unverified")}
    ${dncFreshnessWhen(sql`m.channel`, sql`dt.dnc_max_age_days`)}
    WHEN inactive.period IS NOT NULL AND aa.inactive_at > now() - make_interval(days => inactive.period) THEN ${reason("cool_off_inactive_device")}
    WHEN cool.minutes IS NOT NULL AND aa.last_sent_at > now() - make_interval(mins => cool.minutes) THEN ${reason("cool_off_period")}
    WHEN cool.minutes IS NOT NULL AND m.nth > 1 THEN ${reason("cool_off_period")}
    WHEN cool.minutes IS NOT NULL AND EXISTS (
      SELECT 1 FROM campaign_messages o WHERE o.team_id = m.team_id AND o.address = m.address AND o.channel = m.channel
        AND o.state IN ('claimed', 'submitting') AND o.id <> m.id) THEN ${reason("cool_off_period")}
  END`;

/**
 * What the gates read beside the row `m` (team_id, lead_id, channel, address) and its campaign `c`: the lead, its
 * phone or email, the address's activity, the team's DNC rule, the consent record and the cool-off and inactive-device
 * rules. The claim joins them; the send preview joins them to the audience to ask the same questions before a start.
 */
export const GATE_JOINS: SQL = sql`LEFT JOIN leads l ON l.team_id = m.team_id AND l.id = m.lead_id
          LEFT JOIN lead_phones lp ON m.channel = 'sms' AND lp.team_id = m.team_id AND lp.phone = m.address
          LEFT JOIN lead_emails le ON m.channel = 'email' AND le.team_id = m.team_id AND le.email = m.address
          LEFT JOIN address_activity aa ON aa.team_id = m.team_id AND aa.channel = m.channel AND aa.address = m.address
          LEFT JOIN teams dt ON dt.id = m.team_id
          ${consentRecordJoin(sql`m.team_id`, sql`m.lead_id`, sql`c.only_consent_proof`)}
          LEFT JOIN LATERAL (
            SELECT (r.params ->> 'period')::int * CASE WHEN r.type = ${RuleTypes.email_cool_off}::int THEN 60 ELSE 1 END AS minutes
            FROM rules r WHERE r.id = c.cool_off_rule_id AND r.team_id = c.team_id AND r.is_active
              AND r.type = CASE WHEN m.channel = 'sms' THEN ${RuleTypes.sms_cool_off}::int ELSE ${RuleTypes.email_cool_off}::int END
          ) cool ON true
          LEFT JOIN LATERAL (
            SELECT (r.params ->> 'period')::int AS period FROM rules r
            WHERE m.channel = 'sms' AND r.id = c.inactive_device_rule_id AND r.team_id = c.team_id AND r.is_active
              AND r.type = ${RuleTypes.sms_inactive_device}::int
          ) inactive ON true`;

/**
 * Claims up to `limit` due rows of the gateway for `owner`, skipping those a gate stops. Answers the claimed rows
 * (in due order) and writes the skipped ones' counters in the same transaction — into `counters` when given (the
 * caller writes them once, last), else at once.
 */
export async function claimDue(
  tx: DbOrTx,
  gatewayId: number,
  owner: string,
  limit: number,
  quota: ReadonlyMap<number, number> = new Map(),
  counters?: CounterBatch,
): Promise<ClaimedRow[]> {
  // A campaign's frequency and daily limit: none of its rows when it has no allowance, at most its allowance else.
  const spent = [...quota].filter(([, n]) => n <= 0).map(([id]) => id);
  const limited = [...quota].filter(([, n]) => n > 0);
  const withinQuota = limited.length ? sql`AND (q.quota IS NULL OR m.per_campaign <= q.quota)` : sql``;
  const quotas = limited.length
    ? sql`LEFT JOIN (VALUES ${sql.join(
        limited.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      )}) AS q(campaign_id, quota) ON q.campaign_id = m.campaign_id`
    : sql``;
  // Paused senders and a paused gateway are read once for the statement, not joined row by row: a join estimated at
  // one row makes the planner sort every due row of the gateway instead of reading the due index in order (B9: 47 ms
  // against 0.5 ms a claim at 20,000 due rows).
  const found = await rows<Verdict>(
    tx,
    sql`WITH due AS (
          SELECT m.id, m.team_id, m.campaign_id, m.lead_id, m.channel, m.address, m.due_at FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id AND c.status = 'active' AND c.deleted_at IS NULL
          WHERE m.gateway_id = ${gatewayId} AND m.state = 'planned' AND m.due_at <= now() AND (m.not_after IS NULL OR m.not_after >= now())
            ${spent.length ? sql`AND NOT (m.campaign_id = ANY(${intArray(spent)}))` : sql``}
            AND coalesce(m.sender, '') <> ALL(ARRAY(SELECT ps.sender FROM paused_senders ps WHERE ps.gateway_id = ${gatewayId} AND ps.until > now()))
            AND NOT EXISTS (SELECT 1 FROM gateways pg WHERE pg.id = ${gatewayId} AND pg.paused_until > now())
          ORDER BY m.due_at, m.id
          LIMIT ${limit}
          FOR UPDATE OF m SKIP LOCKED
        ), ranked AS (
          SELECT due.*, row_number() OVER (PARTITION BY due.team_id, due.channel, due.address ORDER BY due.id) AS nth,
            row_number() OVER (PARTITION BY due.campaign_id ORDER BY due.due_at, due.id) AS per_campaign
          FROM due
        ), verdict AS (
          SELECT m.id, ${GATES} AS reason
          FROM ranked m
          JOIN campaigns c ON c.id = m.campaign_id
          ${GATE_JOINS}
          ${quotas}
          WHERE true ${withinQuota}
        )
        UPDATE campaign_messages m
        SET state = CASE WHEN v.reason IS NULL THEN 'claimed' WHEN v.reason = ${WAITS} OR ${waits} THEN 'planned' ELSE 'skipped' END,
            reason = v.reason,
            due_at = CASE WHEN v.reason = ${WAITS} OR ${waits} THEN now() + make_interval(secs => ${VERIFY_WAIT_SECONDS}) ELSE m.due_at END,
            claimed_by = CASE WHEN v.reason IS NULL THEN ${owner} END, updated_at = now()
        FROM verdict v WHERE m.id = v.id
        RETURNING m.id, m.team_id, m.campaign_id, m.step_id, m.part_id, m.lead_id, m.channel, m.address, m.gateway_id,
          m.sender, m.sender_kind, m.not_after, m.state, m.reason, m.due_at`,
  );
  const skipped = found.filter((r) => r.state === "skipped");
  if (skipped.length) {
    const batch = counters ?? new CounterBatch();
    const day = utcDay();
    for (const r of skipped) {
      const key = { teamId: r.team_id, campaignId: r.campaign_id, stepId: r.step_id, partId: r.part_id, day };
      batch.add(key, "processed");
      if (r.reason === "cool_off_period") batch.add(key, "cool_offs");
      if (r.reason === "cool_off_inactive_device") batch.add(key, "cool_offs_inactive_device");
    }
    if (!counters) await batch.write(tx);
  }
  return found
    .filter((r) => r.state === "claimed")
    .sort((a, b) => a.id - b.id)
    .map(({ state: _s, reason: _r, ...row }) => row);
}

/**
 * Rows whose window closed before they were claimed (a busy gateway, a pause across the evening) wait for their next
 * window rather than being dropped: per distinct (campaign, zone, state, country), the next allowed stretch from now.
 * The counters of those skipped go into `counters` when given (written by the caller), else are written at once.
 */
export async function deferMissedWindows(tx: DbOrTx, gatewayId: number, now = Date.now(), counters?: CounterBatch): Promise<number> {
  const groups = await rows<{
    campaign_id: number;
    channel: "sms" | "email";
    time_zone: string | null;
    us_state: string | null;
    country: string | null;
    daytime_limitation: boolean;
    run_daily_from: string | null;
    run_daily_to: string | null;
    need_send_by_timezones: boolean;
    started_at_tz: string;
  }>(
    tx,
    sql`SELECT DISTINCT m.campaign_id, m.channel, m.time_zone, m.us_state, m.country, c.daytime_limitation, c.run_daily_from, c.run_daily_to,
          c.need_send_by_timezones, c.started_at_tz
        FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
        WHERE m.gateway_id = ${gatewayId} AND m.state = 'planned' AND m.not_after < ${new Date(now).toISOString()}::timestamptz`,
  );
  if (groups.length === 0) return 0;
  const values = groups.map((g) => {
    const { due, notAfter } = rowWindow(now, { timeZone: g.time_zone, state: g.us_state, country: g.country }, g, g.channel);
    return sql`(${g.campaign_id}::int, ${g.time_zone}::text, ${g.us_state}::text, ${g.country}::text, ${due}::timestamptz, ${notAfter}::timestamptz)`;
  });
  const moved = await rows<{ id: number; state: string; team_id: number; campaign_id: number; step_id: number; part_id: number }>(
    tx,
    sql`UPDATE campaign_messages m
        SET due_at = coalesce(v.due, m.due_at), not_after = v.not_after,
            state = CASE WHEN v.due IS NULL THEN 'skipped' ELSE m.state END,
            reason = CASE WHEN v.due IS NULL THEN 'outside_window' ELSE m.reason END, updated_at = now()
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(campaign_id, time_zone, us_state, country, due, not_after)
        WHERE m.gateway_id = ${gatewayId} AND m.state = 'planned' AND m.not_after < ${new Date(now).toISOString()}::timestamptz
          AND m.campaign_id = v.campaign_id AND m.time_zone IS NOT DISTINCT FROM v.time_zone AND m.us_state IS NOT DISTINCT FROM v.us_state
          AND m.country IS NOT DISTINCT FROM v.country
        RETURNING m.id, m.state, m.team_id, m.campaign_id, m.step_id, m.part_id`,
  );
  // Those whose window never opens again are done: processed, as a skip at the claim is.
  const batch = counters ?? new CounterBatch();
  const day = utcDay(now);
  for (const m of moved)
    if (m.state === "skipped")
      batch.add({ teamId: m.team_id, campaignId: m.campaign_id, stepId: m.step_id, partId: m.part_id, day }, "processed");
  if (!counters) await batch.write(tx);
  return moved.length;
}
