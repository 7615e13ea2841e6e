import type { MessageState } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../shared/rows";

/*
 * What the campaigns sent a lead and what it answered, read for the lead page. `campaign_messages` has no index on
 * lead_id (its unique key is (campaign_id, step_id, lead_id)), so the ledger is probed through the team's top-level
 * steps: one lookup of that key per step, never a scan of the ledger. Replies are read through the lead's phones
 * (inbound_messages has no lead index; it has (team_id, from_number, created_at)).
 */

/** The lead's ledger rows `m`, with their top-level step `s` and campaign `c`; `join` adds tables, `and` narrows. */
export const leadLedger = (teamId: number, leadId: number, more: { join?: SQL; and?: SQL } = {}): SQL =>
  sql`FROM campaign_steps s
      JOIN campaign_messages m ON m.campaign_id = s.campaign_id AND m.step_id = s.id AND m.lead_id = ${leadId}
      JOIN campaigns c ON c.team_id = s.team_id AND c.id = s.campaign_id
      ${more.join ?? sql``}
      WHERE s.team_id = ${teamId} AND s.parent_step_id IS NULL AND m.team_id = s.team_id ${more.and ? sql`AND ${more.and}` : sql``}`;

export interface LedgerRow {
  id: number;
  campaign_id: number;
  campaign_name: string;
  /** The step's name, and its split part's when the lead drew one. */
  step_name: string;
  part_name: string | null;
  channel: "sms" | "email";
  address: string;
  state: MessageState;
  reason: string | null;
  error_message: string | null;
  submitted_at: string | Date | null;
  sent_at: string | Date | null;
  delivered_at: string | Date | null;
  updated_at: string | Date;
}

/** Every message of the lead, deleted campaigns' too (their messages stay on the timeline). */
export function leadLedgerRows(db: DbOrTx, teamId: number, leadId: number): Promise<LedgerRow[]> {
  return rows<LedgerRow>(
    db,
    sql`SELECT m.id::float8 AS id, m.campaign_id, c.name AS campaign_name, s.name AS step_name, p.name AS part_name, m.channel,
          m.address, m.state, m.reason, m.error_message, m.submitted_at, m.sent_at, m.delivered_at, m.updated_at
        ${leadLedger(teamId, leadId, { join: sql`LEFT JOIN campaign_steps p ON p.id = m.part_id AND p.team_id = s.team_id AND m.part_id <> m.step_id` })}`,
  );
}

export interface ReplyRow {
  id: number;
  body: string;
  from_number: string;
  campaign_id: number | null;
  campaign_name: string | null;
  created_at: string | Date;
}

/**
 * The SMS replies from the lead's phones. A phone is one lead's within a team, but it may have been another lead's
 * before (deleted, re-imported): replies written for another lead are not this one's.
 */
export function leadReplies(db: DbOrTx, teamId: number, leadId: number): Promise<ReplyRow[]> {
  return rows<ReplyRow>(
    db,
    sql`SELECT i.id::float8 AS id, i.body, i.from_number, i.campaign_id, c.name AS campaign_name, i.created_at
        FROM lead_phones p
        JOIN inbound_messages i ON i.team_id = p.team_id AND i.from_number = p.phone
        LEFT JOIN campaigns c ON c.team_id = i.team_id AND c.id = i.campaign_id
        WHERE p.team_id = ${teamId} AND p.lead_id = ${leadId} AND (i.lead_id = ${leadId} OR i.lead_id IS NULL)`,
  );
}
