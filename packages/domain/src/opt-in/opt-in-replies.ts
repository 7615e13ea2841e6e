import { fillBrand, OPT_IN_CONFIRM_HOURS, OptInConfirmedText, OptInRequestText } from "@leadflow/contracts";
import type { schema } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { teamAnswerSender } from "../keywords";
import { type DbOrTx, one, rows } from "../shared/rows";
import { mergeSubmission } from "./opt-in-merge";

/*
 * Double opt-in, as the inbound handler applies it (docs/opt-in.md): a subscribe keyword with double opt-in asks
 * "Reply YES to confirm" instead of subscribing; a YES from that phone within the window confirms every request of
 * the phone still pending (a keyword's: the lead joins the list; a form's: its submission is merged) and writes a
 * consent record naming both messages. A YES with nothing pending is left to START as before; an opt-out cancels what
 * is pending, so a later YES confirms nothing. All in the reply's transaction, under its phone lock.
 */

const WINDOW = sql`make_interval(hours => ${OPT_IN_CONFIRM_HOURS})`;

/** The request text: the keyword's own response when it asks for the YES, else the standard "Reply YES" text. */
export async function optInRequestText(tx: DbOrTx, teamId: number, own = ""): Promise<string> {
  return /\byes\b/i.test(own) ? own.trim() : fillBrand(OptInRequestText, (await teamAnswerSender(tx, teamId)).brand);
}

/**
 * A double opt-in keyword texted by a lead: a pending request, unless the lead is in the list already (answers
 * "member": the keyword's ordinary answer) or one is pending (answers "pending": asked again, not stored twice).
 */
export async function requestKeywordOptIn(
  tx: DbOrTx,
  teamId: number,
  phone: string,
  leadId: number,
  keyword: { id: number; list_id: number },
  inboundId: number,
  message: string,
): Promise<"member" | "pending" | "requested"> {
  const member = await one(
    tx,
    sql`SELECT 1 FROM list_leads WHERE team_id = ${teamId} AND list_id = ${keyword.list_id} AND lead_id = ${leadId}`,
  );
  if (member) return "member";
  const pending = await one(
    tx,
    sql`SELECT 1 FROM opt_in_requests WHERE team_id = ${teamId} AND phone = ${phone} AND state = 'pending' AND expires_at > now()
          AND list_id = ${keyword.list_id}`,
  );
  if (pending) return "pending";
  await tx.execute(
    sql`INSERT INTO opt_in_requests (team_id, list_id, lead_id, phone, origin, keyword_id, request_inbound_id, message, expires_at)
        VALUES (${teamId}, ${keyword.list_id}, ${leadId}, ${phone}, 'keyword', ${keyword.id}, ${inboundId}, ${message}, now() + ${WINDOW})`,
  );
  return "requested";
}

interface PendingRow {
  id: number;
  origin: "form" | "keyword";
  list_id: number;
  lead_id: number | null;
  submission: schema.OptInSubmission | null;
  request_inbound_id: number | null;
  created_at: string;
  message: string | null;
  source_id: number | null;
  import_id: number | null;
  words: string[] | null;
}

/**
 * A YES: confirms the phone's pending requests within the window. `subscribe` adds a keyword's lead to its list (the
 * keyword's own Subscribe). Answers the confirmation text, or "" when nothing was pending.
 */
export async function confirmOptIns(
  tx: DbOrTx,
  teamId: number,
  phone: string,
  yes: { id: number; at: string },
  subscribe: (listId: number, leadId: number) => Promise<unknown>,
): Promise<string> {
  const pending = await rows<PendingRow>(
    tx,
    sql`SELECT r.id::float8 AS id, r.origin, r.list_id, r.lead_id::float8 AS lead_id, r.submission, r.request_inbound_id::float8 AS request_inbound_id,
          r.created_at::text, r.message, l.source_id, f.import_id::float8 AS import_id, k.words
        FROM opt_in_requests r
        LEFT JOIN lists l ON l.team_id = r.team_id AND l.id = r.list_id
        LEFT JOIN signup_forms f ON f.team_id = r.team_id AND f.id = r.form_id
        LEFT JOIN sms_keywords k ON k.team_id = r.team_id AND k.id = r.keyword_id
        WHERE r.team_id = ${teamId} AND r.phone = ${phone} AND r.state = 'pending' AND r.expires_at > now()
        ORDER BY r.id FOR UPDATE OF r`,
  );
  let confirmed = 0;
  for (const p of pending) {
    // A list deleted since the request: nothing to join, the request ends with it.
    if (p.source_id === null) {
      await tx.execute(sql`UPDATE opt_in_requests SET state = 'cancelled', updated_at = now() WHERE id = ${p.id}`);
      continue;
    }
    const evidence = `Double opt-in: requested ${p.created_at}${p.request_inbound_id ? ` (keyword text, message ${p.request_inbound_id})` : ""}, confirmed by the reply YES (message ${yes.id}) at ${yes.at}.`;
    let leadId = p.lead_id;
    let consentId: number | null = null;
    if (p.origin === "form" && p.submission && p.import_id !== null) {
      const merged = await mergeSubmission(
        tx,
        { teamId, listId: p.list_id, sourceId: p.source_id, importId: p.import_id },
        p.submission,
        evidence,
      );
      leadId = merged?.leadId ?? null;
      consentId = merged?.consentId ?? null;
    } else if (p.origin === "keyword" && leadId !== null) {
      await subscribe(p.list_id, leadId);
      consentId = await keywordConsent(tx, teamId, leadId, p, evidence);
    }
    await tx.execute(
      sql`UPDATE opt_in_requests SET state = ${leadId === null ? "cancelled" : "confirmed"}, confirmed_at = now(), confirm_inbound_id = ${yes.id},
            lead_id = ${leadId}, ${p.origin === "form" ? sql`consent_id` : sql`confirm_consent_id`} = ${consentId}, updated_at = now()
          WHERE id = ${p.id}`,
    );
    if (leadId !== null) confirmed++;
  }
  return confirmed ? fillBrand(OptInConfirmedText, (await teamAnswerSender(tx, teamId)).brand) : "";
}

/** The keyword's consent record: when, the words texted, and both messages. */
async function keywordConsent(tx: DbOrTx, teamId: number, leadId: number, p: PendingRow, evidence: string): Promise<number | null> {
  const row = await one<{ id: number }>(
    tx,
    sql`INSERT INTO lead_consents (team_id, lead_id, captured_at, language, evidence, origin)
        VALUES (${teamId}, ${leadId}, now(), ${`Texted ${(p.words ?? []).join(", ")}; replied YES to: ${p.message ?? ""}`.trim()}, ${evidence}, 'keyword')
        RETURNING id::float8 AS id`,
  );
  return row?.id ?? null;
}

/** An opt-out cancels the phone's pending requests: a later YES confirms nothing, and no form request leaves. */
export async function cancelOptIns(tx: DbOrTx, teamId: number, phone: string): Promise<void> {
  await tx.execute(
    sql`UPDATE opt_in_requests SET state = 'cancelled',
          send_state = CASE WHEN send_state = 'planned' THEN 'rejected' ELSE send_state END,
          send_error = CASE WHEN send_state = 'planned' THEN 'The recipient opted out before it left.' ELSE send_error END,
          updated_at = now()
        WHERE team_id = ${teamId} AND phone = ${phone} AND state = 'pending'`,
  );
}
