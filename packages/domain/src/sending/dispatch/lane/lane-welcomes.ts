import type { MessageReason } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { CounterBatch, renderMessage, utcDay } from "../../../campaigns";
import { type DbOrTx, rows } from "../../../shared/rows";
import { consentProofWhens, consentRecordJoin, consentWhens, dncFreshnessWhen } from "../../gate/consent";
import { type CampaignWindowSettings, rowWindow } from "../../gate/window/window-of";
import { loadRenderLeads } from "../render-leads";
import { gateTaken } from "./lane-gate";
import type { LaneKind, LaneMessage } from "./lane-types";

/*
 * Welcome messages (step option `need_send_welcome_message`): one per lead per campaign at most, the
 * `welcome_messages` unique key, planned when a provider took the lead's first message of such a step (plan-after.ts).
 * Sent through the gateway and from the number that message used, with the step's own rules: the lead's consent and
 * the recipient's sending window (the step's row knows its zone, state and country) are checked when it is taken — a
 * closed window defers it to the next one. Its text's placeholders are filled for the lead when it is sent (the stored
 * row shows the text as sent).
 */

interface Candidate extends CampaignWindowSettings {
  id: number;
  team_id: number;
  to: string;
  from: string;
  sender_kind: "number" | "pool";
  body: string;
  lead_id: number;
  time_zone: string | null;
  us_state: string | null;
  country: string | null;
  refusal: MessageReason | null;
}

export const laneWelcomes: LaneKind = {
  hold: "welcome",
  prefix: "welcome",
  ledger: { table: "welcome_messages", state: "state", error: "error_message" },
  take,
  render,
  // What a welcome cost is its campaign's cost too (its step's), so profit counts it.
  record: async (tx, m, o) => {
    const moved = await rows<{ team_id: number; campaign_id: number; step_id: number; part_id: number | null }>(
      tx,
      sql`UPDATE welcome_messages w SET state = ${o.state}, provider_id = ${o.providerId}, cost = ${o.cost}, message = ${o.body},
            error_message = ${o.error}, sent_at = ${o.cost === null ? sql`NULL` : sql`now()`}, updated_at = now()
          WHERE w.id = ${m.id} AND (w.state = 'submitting' OR (w.state = 'unknown' AND ${o.state} <> 'planned'))
          RETURNING w.team_id, w.campaign_id, w.step_id, (SELECT m.part_id FROM campaign_messages m
            WHERE m.campaign_id = w.campaign_id AND m.step_id = w.step_id AND m.lead_id = w.lead_id) AS part_id`,
    );
    const w = moved[0];
    if (w && o.cost) {
      const key = { teamId: w.team_id, campaignId: w.campaign_id, stepId: w.step_id, partId: w.part_id ?? w.step_id, day: utcDay() };
      await new CounterBatch().add(key, "cost", o.cost).write(tx);
    }
    return moved.length > 0;
  },
  closeStale: (tx, minutes) =>
    rows(
      tx,
      sql`UPDATE welcome_messages SET state = 'unknown', updated_at = now()
          WHERE state = 'submitting' AND updated_at < now() - make_interval(mins => ${minutes})
          RETURNING id::float8 AS id, team_id`,
    ),
};

/**
 * The due welcomes of the gateway, locked, through the gate: refused (consent, a window that never opens) with why,
 * deferred to the window's next opening, or committed `submitting`. Consent proof and the DNC freshness rule refuse
 * rather than wait: the step's own message passed them moments before, so a welcome held by them (a new record
 * whose certificate is unchecked, a DNC check that aged in between) is not worth keeping.
 */
async function take(tx: DbOrTx, gatewayId: number, limit: number): Promise<LaneMessage[]> {
  const due = await rows<Candidate>(
    tx,
    sql`WITH due AS (
          SELECT id FROM welcome_messages WHERE state = 'planned' AND gateway_id = ${gatewayId} AND due_at <= now()
          ORDER BY due_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        SELECT w.id::float8 AS id, w.team_id, w.to_number AS "to", coalesce(w.short_code, '') AS "from",
          coalesce(m.sender_kind, 'number') AS sender_kind, w.message AS body, w.lead_id::float8 AS lead_id,
          m.time_zone, m.us_state, m.country, c.daytime_limitation, c.run_daily_from, c.run_daily_to, c.need_send_by_timezones, c.started_at_tz,
          CASE ${consentWhens(sql`'sms'`)} ${consentProofWhens(sql`c.only_consent_proof`, sql`'sms'`)}
            ${dncFreshnessWhen(sql`'sms'`, sql`dt.dnc_max_age_days`)} END AS refusal
        FROM due JOIN welcome_messages w ON w.id = due.id
        JOIN campaigns c ON c.id = w.campaign_id
        LEFT JOIN campaign_messages m ON m.campaign_id = w.campaign_id AND m.step_id = w.step_id AND m.lead_id = w.lead_id
        LEFT JOIN leads l ON l.team_id = w.team_id AND l.id = w.lead_id
        LEFT JOIN lead_phones lp ON lp.team_id = w.team_id AND lp.phone = w.to_number
        LEFT JOIN lead_emails le ON false
        LEFT JOIN teams dt ON dt.id = w.team_id
        ${consentRecordJoin(sql`w.team_id`, sql`w.lead_id`, sql`c.only_consent_proof`)}`,
  );
  return gateTaken(
    tx,
    { table: "welcome_messages", error: "error_message" },
    due,
    (c, now) => rowWindow(now, { timeZone: c.time_zone, state: c.us_state, country: c.country }, c, "sms"),
    (c, notAfter) => ({
      kind: "welcome",
      id: c.id,
      team_id: c.team_id,
      to: c.to,
      from: c.from,
      sender_kind: c.sender_kind,
      body: c.body,
      lead_id: c.lead_id,
      not_after: notAfter,
    }),
  );
}

/**
 * The welcome texts filled in for their leads as a step's message is (campaigns/render-message.ts): attributes,
 * source, list, last four digits, random numbers. A welcome carries no short link: `{{link}}` is left empty.
 */
async function render(db: Db, taken: LaneMessage[]): Promise<LaneMessage[]> {
  if (taken.length === 0) return [];
  const leads = await loadRenderLeads(
    db,
    taken.map((w) => ({ team_id: w.team_id, lead_id: w.lead_id ?? 0 })),
  );
  return taken.map(({ lead_id, ...w }) => {
    const lead = leads.lead(w.team_id, lead_id ?? 0);
    const values = leads.values(w.team_id, lead);
    if (Object.hasOwn(values, "phone")) values.phone = w.to;
    const body = renderMessage(w.body, {
      link: "",
      unsubscribeUrl: "",
      source: lead?.source ?? "",
      list: lead?.list ?? "",
      phone: w.to,
      attributes: values,
    });
    return { ...w, body };
  });
}
