import {
  type LeadLogEntry,
  type LeadLogMessage,
  type LeadMessageAction,
  type MessageReason,
  MessageReasons,
  type MessageState,
} from "@leadflow/contracts";
import { type DbOrTx, iso } from "../shared/rows";
import { type LedgerRow, leadLedgerRows, leadReplies, type ReplyRow } from "./lead-messages";

/*
 * The timeline's entries of the lead's campaign messages and replies: not stored in lead_logs (a campaign of a
 * million leads would write millions of log rows that repeat its ledger) but made from the ledger and the inbox on
 * read. Ids are stable: `msg-<ledger id>-<action>`, `reply-<inbound id>`.
 */

/** Provider outcomes that mean the message did not reach the lead (a complaint follows a delivery: its own entry). */
const FAILED = new Set<MessageState>(["failed", "blocked", "inactive", "bounced", "rejected"]);

export interface MessageLogEntry {
  entry: LeadLogEntry;
  /** Milliseconds, for the merge with the stored log. */
  at: number;
  /** Orders entries of one moment: a message's later stage first, then the newer message. */
  order: number;
}

const STAGE = { sent: 0, delivered: 1, failed: 2, replied: 0 } as const satisfies Record<LeadMessageAction, number>;

function entryOf(id: string, type: string, action: LeadMessageAction, at: string | Date, n: number, message: LeadLogMessage) {
  const created = iso(at)!;
  return {
    entry: { id, type, action, created_at: created, filename: null, diff_log: [], message },
    at: Date.parse(created),
    order: n * 4 + STAGE[action],
  } satisfies MessageLogEntry;
}

const errorOf = (m: LedgerRow) => m.error_message ?? (m.reason ? (MessageReasons[m.reason as MessageReason] ?? m.reason) : null);

function ledgerEntries(m: LedgerRow): MessageLogEntry[] {
  const message = (state: string | null, error: string | null): LeadLogMessage => ({
    campaign_id: m.campaign_id,
    campaign_name: m.campaign_name,
    step_name: m.part_name ? `${m.step_name} › ${m.part_name}` : m.step_name,
    channel: m.channel,
    address: m.address,
    state,
    error,
    body: null,
  });
  const found: MessageLogEntry[] = [];
  const sentAt = m.sent_at ?? m.submitted_at;
  // A rejected message was handed over but never went out: its failure says so, without a 'sent' before it.
  if (sentAt && m.state !== "rejected") found.push(entryOf(`msg-${m.id}-sent`, "campaign", "sent", sentAt, m.id, message(null, null)));
  if (m.delivered_at) found.push(entryOf(`msg-${m.id}-delivered`, "campaign", "delivered", m.delivered_at, m.id, message(null, null)));
  if (FAILED.has(m.state))
    found.push(entryOf(`msg-${m.id}-failed`, "campaign", "failed", m.updated_at, m.id, message(m.state, errorOf(m))));
  return found;
}

const replyEntry = (r: ReplyRow): MessageLogEntry =>
  entryOf(`reply-${r.id}`, "reply", "replied", r.created_at, r.id, {
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name,
    step_name: null,
    channel: "sms",
    address: r.from_number,
    state: null,
    error: null,
    body: r.body,
  });

/** The lead's message and reply entries, in no particular order (the caller merges them with the stored log). */
export async function listMessageLog(db: DbOrTx, teamId: number, leadId: number): Promise<MessageLogEntry[]> {
  const ledger = await leadLedgerRows(db, teamId, leadId);
  const replies = await leadReplies(db, teamId, leadId);
  return [...ledger.flatMap(ledgerEntries), ...replies.map(replyEntry)];
}
