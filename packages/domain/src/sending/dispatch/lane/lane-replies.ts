import type { MessageReason } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../../../shared/rows";
import { consentWhens } from "../../gate/consent";
import { legalHoursOf } from "../../gate/window/legal-windows";
import { resolveRecipientCountry } from "../../gate/window/recipient-country";
import { resolveRecipientZone } from "../../gate/window/recipient-zone";
import { weekRuleText } from "../../gate/window/rule-text";
import { type CampaignWindowSettings, type Recipient, rowWindow } from "../../gate/window/window-of";
import { gateTaken } from "./lane-gate";
import type { LaneKind, LaneMessage } from "./lane-types";

/*
 * Inbox replies (docs/conversations.md): a person of the team answers a thread, and the reply leaves through the
 * gateway's dispatcher like every message — from the number the thread last used, after the same gate: the phone's
 * suppression (refused), the lead's and phone's consent (refused, saying why) and the recipient's legal window (held
 * until it opens, saying why and when). `conversation_replies.state` is its ledger.
 */

/** An inbox reply has no campaign day-parting: only the law's hours limit it. */
export const NO_DAYPARTING: CampaignWindowSettings = {
  daytime_limitation: false,
  run_daily_from: null,
  run_daily_to: null,
  need_send_by_timezones: false,
  started_at_tz: "UTC",
};

/** The reply's window from `at`: when it may go and until when; null when the window never opens. */
export function replyWindow(at: number, recipient: Recipient): { due: string; notAfter: string } | null {
  const win = rowWindow(at, recipient, NO_DAYPARTING, "sms");
  return win.due && win.notAfter ? { due: win.due, notAfter: win.notAfter } : null;
}

/**
 * Where a reply's recipient is: as its last campaign message's row placed it (`known`), else from its number alone (the
 * area code's zone and state, the number's country) — an unknown zone keeps every zone of its country, the strictest.
 */
export function replyRecipient(phone: string, known: Partial<Recipient> | null): Recipient {
  if (known?.timeZone || known?.state)
    return { timeZone: known.timeZone ?? null, state: known.state ?? null, country: known.country ?? null };
  const zone = resolveRecipientZone({ phone });
  return { timeZone: zone.timeZone, state: zone.state, country: resolveRecipientCountry({ phone, timeZone: zone.timeZone }) };
}

/** Why a reply waits, in words: "Quiet hours: texts may reach this phone 8 am–9 pm (Florida), America/New_York time." */
export function quietHoursText(r: Recipient): string {
  const law = legalHoursOf(r.country ?? null, r.state);
  const hours = law ? weekRuleText(law.rule) : "within its allowed hours";
  const whose = law?.name ? ` (${law.name})` : "";
  const zone = r.timeZone ? `${r.timeZone} time` : "in every time zone it may be in";
  return `Quiet hours: texts may reach this phone ${hours}${whose}, ${zone}.`;
}

interface Candidate {
  id: number;
  team_id: number;
  to: string;
  from: string;
  sender_kind: "number" | "pool";
  body: string;
  time_zone: string | null;
  us_state: string | null;
  country: string | null;
  refusal: MessageReason | null;
}

export const laneReplies: LaneKind = {
  hold: "reply",
  prefix: "reply",
  ledger: { table: "conversation_replies", state: "state", error: "error" },
  take,
  record: async (tx, m, o) =>
    (
      await rows(
        tx,
        sql`UPDATE conversation_replies SET state = ${o.state}, provider_id = ${o.providerId}, cost = ${o.cost}, error = ${o.error},
              sent_at = ${o.cost === null ? sql`NULL` : sql`now()`}, updated_at = now()
            WHERE id = ${m.id} AND (state = 'submitting' OR (state = 'unknown' AND ${o.state} <> 'planned')) RETURNING id`,
      )
    ).length > 0,
  closeStale: (tx, minutes) =>
    rows(
      tx,
      sql`UPDATE conversation_replies SET state = 'unknown', updated_at = now()
          WHERE state = 'submitting' AND updated_at < now() - make_interval(mins => ${minutes})
          RETURNING id::float8 AS id, team_id`,
    ),
};

/** The due replies of the gateway, locked, through the gate: refused with why, held to the window's opening, or taken. */
async function take(tx: DbOrTx, gatewayId: number, limit: number): Promise<LaneMessage[]> {
  const due = await rows<Candidate>(
    tx,
    sql`WITH due AS (
          SELECT id FROM conversation_replies WHERE state = 'planned' AND gateway_id = ${gatewayId} AND due_at <= now()
          ORDER BY due_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        SELECT r.id::float8 AS id, r.team_id, r.to_number AS "to", r.from_number AS "from", r.sender_kind, r.body,
          r.time_zone, r.us_state, r.country, CASE ${consentWhens(sql`'sms'`)} END AS refusal
        FROM due JOIN conversation_replies r ON r.id = due.id
        LEFT JOIN leads l ON l.team_id = r.team_id AND l.id = r.lead_id
        LEFT JOIN lead_phones lp ON lp.team_id = r.team_id AND lp.phone = r.to_number
        LEFT JOIN lead_emails le ON false`,
  );
  return gateTaken(
    tx,
    {
      table: "conversation_replies",
      error: "error",
      refused: sql`held_reason = NULL`,
      deferred: sql`held_reason = coalesce(held_reason, 'Held for quiet hours: it goes when the recipient''s sending window opens.')`,
      taken: sql`held_reason = NULL`,
    },
    due,
    (c, now) => replyWindow(now, { timeZone: c.time_zone, state: c.us_state, country: c.country }),
    (c, notAfter) => ({
      kind: "reply",
      id: c.id,
      team_id: c.team_id,
      to: c.to,
      from: c.from,
      sender_kind: c.sender_kind,
      body: c.body,
      not_after: notAfter,
    }),
  );
}
