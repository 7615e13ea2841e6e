import type {
  CampaignLogKind,
  CampaignLogRowOf,
  HitRow,
  IncomingMessageRow,
  MessageLogRow,
  QueuedLogRow,
  RedirectLogRow,
  SkippedLogRow,
  WelcomeMessageRow,
} from "@leadflow/contracts";
import { Box, Chip, Link } from "@mui/material";
import type { ReactNode } from "react";
import { DateCell } from "../../../components/data-table/date-cell";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { MessageKey } from "../../../lib/i18n";
import { formatMoney } from "../model/format";

/*
 * The columns of each log tab in the product's order: email and SMS campaigns see their own for the three
 * ledger views. Cells read the row as the server gives it; a lead id opens the lead in a new tab.
 */

export interface LogColumnsContext {
  leadHref: (leadId: number) => string;
  /** Opens an email's body in the viewer (Message Logs' Subject). */
  openBody: (row: MessageLogRow) => void;
}

type Col<T> = DataTableColumn<T, LogColumnsContext>;

const h = (key: MessageKey) => ({ header: ({ t }: { t: (k: MessageKey) => string }) => t(key) });
const text = <T,>(key: string, header: MessageKey, get: (row: T) => ReactNode, extra: Partial<Col<T>> = {}): Col<T> => ({
  key,
  ...h(header),
  render: (row) => get(row) ?? "—",
  ...extra,
});
const date = <T,>(key: string, header: MessageKey, get: (row: T) => string | null): Col<T> => ({
  key,
  ...h(header),
  minWidth: 110,
  render: (row) => {
    const v = get(row);
    return v ? <DateCell value={v} /> : "—";
  },
});
const lead = <T extends { lead_id: number | null }>(): Col<T> => ({
  key: "lead_id",
  ...h("campaigns.logs.col.leadId"),
  hideable: false,
  render: (row, { leadHref, t }) =>
    row.lead_id === null ? (
      "—"
    ) : (
      <Link
        href={leadHref(row.lead_id)}
        target="_blank"
        rel="noopener"
        aria-label={t("campaigns.logs.openLead", { id: row.lead_id })}
        onClick={(e) => e.stopPropagation()}
      >
        {row.lead_id}
      </Link>
    ),
});
const wrap = { minWidth: { xs: 160, md: 220 } } as const;
const yesNo = (v: boolean | null, t: (k: MessageKey) => string) => (v === null ? "—" : t(v ? "campaigns.logs.yes" : "campaigns.logs.no"));

const emailMessages: readonly Col<MessageLogRow>[] = [
  lead(),
  text("gateway", "campaigns.logs.col.gateway", (r) => r.gateway),
  text("step_status", "campaigns.logs.col.stepStatus", (r) => r.step_status_label),
  text("sid", "campaigns.logs.col.sid", (r) => r.gateway_message_id, { defaultHidden: true }),
  text("from", "campaigns.logs.col.from", (r) => r.from),
  text("from_name", "campaigns.logs.col.fromName", (r) => r.from_name),
  text("to", "campaigns.logs.col.to", (r) => r.to),
  {
    key: "subject",
    ...h("campaigns.logs.col.subject"),
    ...wrap,
    render: (row, { openBody }) => (
      <Link
        component="button"
        type="button"
        onClick={(e) => {
          e.stopPropagation();
          openBody(row);
        }}
        sx={{ textAlign: "left" }}
      >
        {row.subject || "—"}
      </Link>
    ),
  },
  text("status", "campaigns.logs.col.status", (r) => r.status_label),
  text("status_type", "campaigns.logs.col.statusType", (r) => r.status_type_label),
  text("status_sub_type", "campaigns.logs.col.statusSubType", (r) => r.error_title ?? r.status_sub_type, wrap),
  date("updated_at", "campaigns.logs.col.updatedAt", (r) => r.updated_at),
  date("sent_at", "campaigns.logs.col.sentAt", (r) => r.sent_at),
  date("delivered_at", "campaigns.logs.col.deliveredAt", (r) => r.delivered_at),
  date("opened_at", "campaigns.logs.col.openedAt", (r) => r.opened_at),
  date("clicked_at", "campaigns.logs.col.clickedAt", (r) => r.clicked_at),
];

const smsMessages: readonly Col<MessageLogRow>[] = [
  lead(),
  date("sent_at", "campaigns.logs.col.sentAt", (r) => r.sent_at),
  date("updated_at", "campaigns.logs.col.updatedAt", (r) => r.updated_at),
  text("gateway", "campaigns.logs.col.gateway", (r) => r.gateway),
  text("step_status", "campaigns.logs.col.stepStatus", (r) => r.step_status_label),
  text("sid", "campaigns.logs.col.sid", (r) => r.sid, { defaultHidden: true }),
  text("sender_name", "campaigns.logs.col.senderName", (r) => r.sender_name, { defaultHidden: true }),
  text("from", "campaigns.logs.col.from", (r) => r.from_number),
  text("to", "campaigns.logs.col.to", (r) => r.to_number),
  text("message", "campaigns.logs.col.message", (r) => r.message, wrap),
  text("status", "campaigns.logs.col.status", (r) => r.status_label),
  text("carrier_name", "campaigns.logs.col.carrierName", (r) => r.carrier_name),
  text("cost", "campaigns.logs.col.cost", (r) => (r.cost === null ? null : formatMoney(r.cost)), { align: "right" }),
  text("error_code", "campaigns.logs.col.errorCode", (r) => r.error_code),
  text("error_sub_code", "campaigns.logs.col.errorSubCode", (r) => r.error_sub_code, { defaultHidden: true }),
  text("error", "campaigns.logs.col.error", (r) => r.error_title, wrap),
  text("error_details", "campaigns.logs.col.errorDetails", (r) => r.error_message, wrap),
];

/** Send After with the rule that set it beside it ("Quiet hours (NY)", "Germany: daily window"). */
const sendAfter: Col<QueuedLogRow> = {
  key: "send_after",
  ...h("campaigns.logs.col.sendAfter"),
  minWidth: 130,
  render: (r) => (
    <>
      {r.send_after ? <DateCell value={r.send_after} /> : "—"}
      {r.send_after_rule && (
        <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.75rem" }}>
          {r.send_after_rule}
        </Box>
      )}
    </>
  ),
};

const emailQueued: readonly Col<QueuedLogRow>[] = [
  lead(),
  text("step_name", "campaigns.logs.col.stepName", (r) => r.step_name),
  text("gateway", "campaigns.logs.col.gateway", (r) => r.gateway),
  text("to_email", "campaigns.logs.col.toEmail", (r) => r.to_email),
  text("from_email", "campaigns.logs.col.fromEmail", (r) => r.from_email),
  text("from_name", "campaigns.logs.col.fromName", (r) => r.from_name),
  sendAfter,
];

const smsQueued: readonly Col<QueuedLogRow>[] = [
  lead(),
  text("step_name", "campaigns.logs.col.stepName", (r) => r.step_name),
  text("gateway", "campaigns.logs.col.gateway", (r) => r.gateway),
  text("to_number", "campaigns.logs.col.toNumber", (r) => r.to_number),
  sendAfter,
  date("send_before", "campaigns.logs.col.sendBefore", (r) => r.send_before),
];

const emailSkipped: readonly Col<SkippedLogRow>[] = [
  lead(),
  date("sent_at", "campaigns.logs.col.sentAt", (r) => r.sent_at),
  text("status", "campaigns.logs.col.status", (r) => r.status_label),
  text("status_type", "campaigns.logs.col.statusType", (r) => r.status_type_label, wrap),
  text("step_name", "campaigns.logs.col.stepName", (r) => r.step_name),
  text("gateway", "campaigns.logs.col.gateway", (r) => r.gateway),
  text("to_email", "campaigns.logs.col.toEmail", (r) => r.to_email),
  text("from_email", "campaigns.logs.col.fromEmail", (r) => r.from_email),
  text("from_name", "campaigns.logs.col.fromName", (r) => r.from_name),
];

const smsSkipped: readonly Col<SkippedLogRow>[] = [
  lead(),
  date("sent_at", "campaigns.logs.col.sentAt", (r) => r.sent_at),
  text("status", "campaigns.logs.col.status", (r) => r.status_label),
  text("step_name", "campaigns.logs.col.stepName", (r) => r.step_name),
  text("gateway", "campaigns.logs.col.gateway", (r) => r.gateway),
  text("to_number", "campaigns.logs.col.toNumber", (r) => r.to_number),
  text("error", "campaigns.logs.col.error", (r) => r.error_title, wrap),
  text("error_details", "campaigns.logs.col.errorDetails", (r) => r.error_message, wrap),
];

const incoming: readonly Col<IncomingMessageRow>[] = [
  lead(),
  {
    key: "body",
    ...h("campaigns.logs.col.body"),
    ...wrap,
    render: (row, { t }) => (
      <>
        {row.body}
        {row.needs_review && <Chip size="small" color="warning" label={t("campaigns.logs.needsReview")} sx={{ ml: 1 }} />}
      </>
    ),
  },
  text("from_number", "campaigns.logs.col.from", (r) => r.from_number),
  text("to_number", "campaigns.logs.col.to", (r) => r.to_number),
  text("cost", "campaigns.logs.col.cost", (r) => formatMoney(r.cost), { align: "right" }),
  text("answer_message", "campaigns.logs.col.answer", (r) => r.answer_message, wrap),
  date("created_at", "campaigns.logs.col.createdAt", (r) => r.created_at),
];

const welcome: readonly Col<WelcomeMessageRow>[] = [
  lead(),
  text("to_number", "campaigns.logs.col.toNumber", (r) => r.to_number),
  text("short_code", "campaigns.logs.col.shortCode", (r) => r.short_code),
  text("message", "campaigns.logs.col.message", (r) => r.message, wrap),
  date("sent_at", "campaigns.logs.col.sentAt", (r) => r.sent_at),
];

const hits = (dateHeader: MessageKey): readonly Col<HitRow>[] => [
  text("id", "campaigns.logs.col.id", (r) => r.id),
  lead(),
  date("date", dateHeader, (r) => r.date),
  text("ip", "campaigns.logs.col.ip", (r) => r.ip_address.ip),
  text("country", "campaigns.logs.col.country", (r) => r.ip_address.country),
  text("region", "campaigns.logs.col.region", (r) => r.ip_address.region_name),
  text("city", "campaigns.logs.col.city", (r) => r.ip_address.city),
  text("isp", "campaigns.logs.col.isp", (r) => r.ip_address.internet_provider),
  text("asname", "campaigns.logs.col.asname", (r) => r.ip_address.asname, { defaultHidden: true }),
  { key: "mobile", ...h("campaigns.logs.col.mobile"), render: (r, { t }) => yesNo(r.ip_address.mobile, t) },
  { key: "proxy", ...h("campaigns.logs.col.proxy"), render: (r, { t }) => yesNo(r.ip_address.proxy, t) },
  text("user_agent", "campaigns.logs.col.userAgent", (r) => r.user_agent, wrap),
  text("referer", "campaigns.logs.col.referer", (r) => r.referer, { defaultHidden: true }),
];

const redirects: readonly Col<RedirectLogRow>[] = [
  text("id", "campaigns.logs.col.id", (r) => r.id),
  lead(),
  date("created_at", "campaigns.logs.col.redirectDate", (r) => r.created_at),
  text("reason", "campaigns.logs.col.reason", (r) => r.reason_label),
  text("rule", "campaigns.logs.col.rule", (r) => r.rule),
  text("why", "campaigns.logs.col.why", (r) => r.why, { minWidth: { xs: 220, md: 300 } }),
  text("click_url", "campaigns.logs.col.clickUrl", (r) => r.click_url, wrap),
  text("redirect_url", "campaigns.logs.col.redirectUrl", (r) => r.redirect_url, wrap),
  text("ip", "campaigns.logs.col.ip", (r) => r.ip),
  text("user_agent", "campaigns.logs.col.userAgent", (r) => r.user_agent, wrap),
];

/** A log's columns for a campaign of this channel. */
export function logColumns<K extends CampaignLogKind>(kind: K, email: boolean): readonly Col<CampaignLogRowOf[K]>[] {
  const byKind: { [Kind in CampaignLogKind]: readonly Col<CampaignLogRowOf[Kind]>[] } = {
    "message-logs": email ? emailMessages : smsMessages,
    "queued-logs": email ? emailQueued : smsQueued,
    "skipped-logs": email ? emailSkipped : smsSkipped,
    "incoming-messages": incoming,
    "welcome-messages": welcome,
    clicks: hits("campaigns.logs.col.clickDate"),
    opens: hits("campaigns.logs.col.openDate"),
    "redirect-logs": redirects,
  };
  return byKind[kind];
}
