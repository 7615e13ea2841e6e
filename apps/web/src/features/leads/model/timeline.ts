import type { LeadLogEntry, MessageState } from "@leadflow/contracts";
import type { MessageKey } from "../../../lib/i18n";

/** How the timeline shows an action it knows: a readable label, an icon and the dot's colour. */
export interface EntryLook {
  label: MessageKey;
  icon: "sent" | "delivered" | "failed" | "replied" | "click" | "unsubscribe" | "conversion";
  tone: "primary" | "success" | "error" | "info" | "warning";
}

/**
 * The campaign and reply actions (stored ones: click, unsubscribe, conversion; read from the ledger: sent, delivered,
 * failed, replied). Other actions (import, edit, lookup, status…) are shown as they are named.
 */
const LOOKS: Record<string, EntryLook> = {
  sent: { label: "leads.timeline.action.sent", icon: "sent", tone: "primary" },
  delivered: { label: "leads.timeline.action.delivered", icon: "delivered", tone: "success" },
  failed: { label: "leads.timeline.action.failed", icon: "failed", tone: "error" },
  replied: { label: "leads.timeline.action.replied", icon: "replied", tone: "info" },
  click: { label: "leads.timeline.action.click", icon: "click", tone: "success" },
  unsubscribe: { label: "leads.timeline.action.unsubscribe", icon: "unsubscribe", tone: "warning" },
  conversion: { label: "leads.timeline.action.conversion", icon: "conversion", tone: "success" },
};

export function entryLook(entry: Pick<LeadLogEntry, "action">): EntryLook | null {
  return Object.hasOwn(LOOKS, entry.action) ? LOOKS[entry.action]! : null;
}

/** The ledger's states in words (a failed entry names its state; the Campaigns block the latest message's). */
export const MessageStateLabels = {
  planned: "leads.messageState.planned",
  claimed: "leads.messageState.sending",
  submitting: "leads.messageState.sending",
  unknown: "leads.messageState.sending",
  accepted: "leads.messageState.sent",
  sent: "leads.messageState.sent",
  delivered: "leads.messageState.delivered",
  failed: "leads.messageState.failed",
  blocked: "leads.messageState.blocked",
  inactive: "leads.messageState.inactive",
  bounced: "leads.messageState.bounced",
  complained: "leads.messageState.complained",
  rejected: "leads.messageState.rejected",
  skipped: "leads.messageState.skipped",
  cancelled: "leads.messageState.cancelled",
} as const satisfies Record<MessageState, MessageKey>;

export const messageStateLabel = (state: string): MessageKey | null =>
  Object.hasOwn(MessageStateLabels, state) ? MessageStateLabels[state as MessageState] : null;
