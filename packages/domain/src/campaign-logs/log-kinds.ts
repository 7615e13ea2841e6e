import {
  type CampaignLogKind,
  type CampaignLogRowOf,
  HitReasonLabels,
  type HitSearchColumn,
  type MessageReason,
  MessageReasons,
  type MessageState,
  MessageStateLabels,
  MessageStates,
  messageStatusLabel,
  messageStepStatus,
  SmsStatusOf,
  StepStatusLabels,
  type SuppressionReason,
  SuppressionReasons,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { explainHit } from "../links";
import { providerErrorTitle } from "../providers";
import { type CampaignWindowSettings, sendAfterRule } from "../sending";
import { fieldError } from "../shared/errors";
import { parseMailbox } from "../shared/mailbox";
import { iso } from "../shared/rows";

/*
 * The registry of a campaign's log kinds: where each reads (its table and the rows that belong to the tab), its order
 * (the product's default, on an indexed column with the id as tie-break: each tab's rows are read in index order, so a
 * page costs its own rows at any size), what the page's rows join, and how a row reads. The service runs any of them
 * the same way: one capped count, one page.
 */

type Raw = Record<string, unknown>;

export interface LogKind<K extends CampaignLogKind> {
  /** The table and its alias (the page is read from it first, then joined). */
  table: { name: string; alias: string };
  /** WHERE … for the campaign (the team's: every table carries team_id). */
  where(campaignId: number, teamId: number): SQL;
  /** What the page's rows join (step, gateway, carrier): applied to one page only. */
  join?: SQL;
  select: SQL;
  /** The order column (`id` is the tie-break) and its default direction. */
  order: { column: SQL; direction: "asc" | "desc" };
  present(row: Raw): CampaignLogRowOf[K];
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const state = (row: Raw) => row.state as MessageState;
const channelOf = (r: Raw): "sms" | "email" => (r.channel === "email" ? "email" : "sms");
/** A row's status as the logs word it, by channel ("Blocked by carrier", "Bounce"). */
const statusLabel = (r: Raw) => messageStatusLabel(channelOf(r), state(r));
const stateLabel = (r: Raw) => MessageStateLabels[state(r)] ?? str(r.state);

/** Why a row was not sent, in words; a suppression names its own reason ("Suppressed: Hard bounce"). */
function reasonLabel(r: Raw): string | null {
  if (!r.reason) return null;
  const words = MessageReasons[r.reason as MessageReason] ?? String(r.reason);
  const why = r.suppression_reason ? SuppressionReasons[r.suppression_reason as SuppressionReason] : undefined;
  return why ? `${words}: ${why}` : words;
}

/** The Error column: the provider's code with its meaning, else the reason the row ended as it did. */
const errorTitle = (r: Raw) => providerErrorTitle(channelOf(r), str(r.gateway_type), str(r.error_code), reasonLabel(r));

/** An email's From as sent (the ledger keeps the mailbox); before it is sent, the step's from-name. */
const fromOf = (r: Raw) => {
  const box = r.channel === "email" ? parseMailbox(str(r.sender)) : null;
  return { from: box?.address ?? null, fromName: box ? box.name : str(r.from_name) };
};

/** What the three ledger views read: the row, its step and gateway, the carrier of its phone. */
const LEDGER_SELECT = sql`m.id::float8 AS id, m.lead_id::float8 AS lead_id, m.channel, m.state, m.reason, m.sender, m.address,
  m.body, m.subject, m.cost::float8 AS cost, m.provider_id, m.error_code, m.error_message, m.due_at, m.not_after,
  m.submitted_at, m.sent_at, m.delivered_at, m.opened_at, m.clicked_at, m.updated_at,
  s.name AS step_name, s.options ->> 'from_name' AS from_name, g.name AS gateway, g.type AS gateway_type, lp.carrier_name`;

/**
 * A view of the ledger: its rows in `states` (`extra`: the condition its order's partial index carries). Each view
 * has its index on (campaign_id, order column, id) (migration 0020).
 */
const ledger = (states: readonly MessageState[], extra: SQL = sql``) => ({
  table: { name: "campaign_messages", alias: "m" },
  where: (campaignId: number, teamId: number) =>
    sql`m.campaign_id = ${campaignId} AND m.team_id = ${teamId} ${extra}
        AND m.state IN (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})`,
  join: sql`LEFT JOIN campaign_steps s ON s.id = m.part_id
      LEFT JOIN gateways g ON g.id = m.gateway_id
      LEFT JOIN lead_phones lp ON m.channel = 'sms' AND lp.team_id = m.team_id AND lp.phone = m.address`,
});

/** Message Logs: every row handed to a provider (or refused by it); Queued and Skipped Logs have the rest. */
const NOT_SENT: readonly MessageState[] = ["planned", "claimed", "skipped", "cancelled"];
const SENT_STATES = MessageStates.filter((s) => !NOT_SENT.includes(s));

/** A ledger row's addresses as the queued and skipped logs name them, by channel. */
const addresses = (r: Raw) => {
  const email = r.channel === "email";
  const { from, fromName } = fromOf(r);
  return {
    to_email: email ? str(r.address) : null,
    from_email: email ? from : null,
    from_name: email ? fromName : null,
    to_number: email ? null : str(r.address),
  };
};

const messageLogs: LogKind<"message-logs"> = {
  ...ledger(SENT_STATES, sql`AND m.submitted_at IS NOT NULL`),
  select: LEDGER_SELECT,
  order: { column: sql`m.submitted_at`, direction: "desc" },
  present: (r) => {
    const email = r.channel === "email";
    const step = messageStepStatus(state(r), str(r.reason));
    const { from, fromName } = fromOf(r);
    return {
      id: Number(r.id),
      lead_id: Number(r.lead_id),
      channel: email ? "email" : "sms",
      gateway: str(r.gateway),
      step_status: step,
      step_status_label: StepStatusLabels[step],
      step_name: str(r.step_name),
      sent_at: iso(str(r.sent_at) ?? str(r.submitted_at)),
      updated_at: iso(str(r.updated_at)),
      sid: email ? null : str(r.provider_id),
      sender_name: null,
      from_number: email ? null : str(r.sender),
      to_number: email ? null : str(r.address),
      message: email ? null : str(r.body),
      status: SmsStatusOf[state(r)],
      carrier_name: str(r.carrier_name),
      cost: num(r.cost),
      error_code: str(r.error_code),
      error_sub_code: null,
      error_title: errorTitle(r),
      error_message: str(r.error_message),
      gateway_message_id: email ? str(r.provider_id) : null,
      from: email ? from : null,
      from_name: email ? fromName : null,
      to: email ? str(r.address) : null,
      subject: email ? str(r.subject) : null,
      body: email ? str(r.body) : null,
      status_label: statusLabel(r),
      status_type: str(r.state),
      status_type_label: stateLabel(r),
      status_sub_type: str(r.error_code),
      delivered_at: iso(str(r.delivered_at)),
      opened_at: iso(str(r.opened_at)),
      clicked_at: iso(str(r.clicked_at)),
    };
  },
};

/** Queued Logs name the rule that set each row's Send After: the row's place and its campaign's daily window. */
const queuedBase = ledger(["planned", "claimed"]);
const queuedLogs: LogKind<"queued-logs"> = {
  ...queuedBase,
  join: sql`${queuedBase.join}
      LEFT JOIN campaigns c ON c.id = m.campaign_id`,
  select: sql`${LEDGER_SELECT}, m.time_zone, m.us_state, m.country, c.daytime_limitation, c.run_daily_from::text AS run_daily_from,
    c.run_daily_to::text AS run_daily_to, c.need_send_by_timezones, c.started_at_tz`,
  order: { column: sql`m.due_at`, direction: "asc" },
  present: (r) => ({
    id: Number(r.id),
    lead_id: Number(r.lead_id),
    step_name: str(r.step_name),
    gateway: str(r.gateway),
    ...addresses(r),
    send_after: iso(str(r.due_at)),
    send_after_rule: queuedRule(r),
    send_before: iso(str(r.not_after)),
  }),
};

function queuedRule(r: Raw): string | null {
  const due = r.due_at instanceof Date ? r.due_at.getTime() : Date.parse(String(r.due_at));
  if (Number.isNaN(due) || r.started_at_tz === null || r.started_at_tz === undefined) return null;
  const row = { due, reason: str(r.reason), timeZone: str(r.time_zone), state: str(r.us_state), country: str(r.country) };
  return sendAfterRule(row, r as unknown as CampaignWindowSettings, channelOf(r), Date.now());
}

/** A row skipped as suppressed says why the address is on the list (the page's rows join it by the list's key). */
const withSuppression = (base: ReturnType<typeof ledger>) => ({
  ...base,
  join: sql`${base.join}
      LEFT JOIN suppressions sp ON m.reason = 'suppressed' AND sp.team_id = m.team_id AND sp.channel = m.channel AND sp.address = m.address`,
});

const skippedLogs: LogKind<"skipped-logs"> = {
  ...withSuppression(ledger(["skipped", "cancelled"])),
  select: sql`${LEDGER_SELECT}, sp.reason AS suppression_reason`,
  order: { column: sql`m.updated_at`, direction: "desc" },
  present: (r) => ({
    id: Number(r.id),
    lead_id: Number(r.lead_id),
    sent_at: iso(str(r.updated_at)),
    status: r.channel === "email" ? statusLabel(r) : SmsStatusOf[state(r)],
    status_label: statusLabel(r),
    status_type: str(r.reason),
    status_type_label: reasonLabel(r),
    step_name: str(r.step_name),
    gateway: str(r.gateway),
    ...addresses(r),
    error_title: reasonLabel(r),
    error_message: str(r.error_message),
  }),
};

const incomingMessages: LogKind<"incoming-messages"> = {
  table: { name: "inbound_messages", alias: "i" },
  where: (campaignId, teamId) => sql`i.campaign_id = ${campaignId} AND i.team_id = ${teamId}`,
  select: sql`i.id::float8 AS id, i.lead_id::float8 AS lead_id, i.body, i.from_number, i.to_number, i.cost::float8 AS cost,
    i.answer_message, i.intent, i.needs_review, i.created_at, i.updated_at`,
  order: { column: sql`i.updated_at`, direction: "desc" },
  present: (r) => ({
    id: Number(r.id),
    lead_id: num(r.lead_id),
    body: String(r.body),
    from_number: String(r.from_number),
    to_number: String(r.to_number),
    cost: Number(r.cost ?? 0),
    answer_message: str(r.answer_message),
    intent: String(r.intent),
    needs_review: Boolean(r.needs_review),
    created_at: iso(str(r.created_at)) ?? "",
  }),
};

const welcomeMessages: LogKind<"welcome-messages"> = {
  table: { name: "welcome_messages", alias: "w" },
  where: (campaignId, teamId) => sql`w.campaign_id = ${campaignId} AND w.team_id = ${teamId}`,
  select: sql`w.id::float8 AS id, w.lead_id::float8 AS lead_id, w.to_number, w.short_code, w.message, w.state, w.sent_at`,
  order: { column: sql`w.updated_at`, direction: "desc" },
  present: (r) => ({
    id: Number(r.id),
    lead_id: Number(r.lead_id),
    to_number: String(r.to_number),
    short_code: str(r.short_code),
    message: String(r.message),
    status: String(r.state),
    sent_at: iso(str(r.sent_at)),
  }),
};

const HIT_SELECT = sql`h.id::float8 AS id, h.lead_id::float8 AS lead_id, h.created_at, h.user_agent, h.referer, h.ip, h.country,
  h.region, h.city, h.isp, h.asname, h.mobile, h.proxy, h.reason, h.reason_detail, h.click_url, h.redirect_url`;

/** Counted hits of a kind (Clicks, Open at): newest first on their partial index. */
const hits = (kind: "click" | "open"): LogKind<"clicks" | "opens"> => ({
  table: { name: "message_hits", alias: "h" },
  where: (campaignId, teamId) => sql`h.campaign_id = ${campaignId} AND h.team_id = ${teamId} AND h.kind = ${kind} AND h.reason IS NULL`,
  select: HIT_SELECT,
  order: { column: sql`h.id`, direction: "desc" },
  present: (r) => ({
    id: Number(r.id),
    lead_id: Number(r.lead_id),
    date: iso(str(r.created_at)) ?? "",
    user_agent: str(r.user_agent),
    referer: str(r.referer),
    ip_address: {
      ip: str(r.ip),
      country: str(r.country),
      region_name: str(r.region),
      city: str(r.city),
      internet_provider: str(r.isp),
      asname: str(r.asname),
      mobile: r.mobile === null || r.mobile === undefined ? null : Boolean(r.mobile),
      proxy: r.proxy === null || r.proxy === undefined ? null : Boolean(r.proxy),
    },
  }),
});

const redirectLogs: LogKind<"redirect-logs"> = {
  table: { name: "message_hits", alias: "h" },
  where: (campaignId, teamId) => sql`h.campaign_id = ${campaignId} AND h.team_id = ${teamId} AND h.kind = 'click' AND h.reason IS NOT NULL`,
  select: HIT_SELECT,
  order: { column: sql`h.id`, direction: "desc" },
  present: (r) => ({
    id: Number(r.id),
    lead_id: Number(r.lead_id),
    created_at: iso(str(r.created_at)) ?? "",
    reason: String(r.reason),
    reason_label: HitReasonLabels[r.reason as keyof typeof HitReasonLabels] ?? String(r.reason),
    ...explainHit({
      reason: String(r.reason),
      reason_detail: str(r.reason_detail),
      user_agent: str(r.user_agent),
      asname: str(r.asname),
      proxy: r.proxy === null || r.proxy === undefined ? null : Boolean(r.proxy),
    }),
    click_url: str(r.click_url),
    redirect_url: str(r.redirect_url),
    ip: str(r.ip),
    user_agent: str(r.user_agent),
  }),
};

export const LOG_KINDS: { [K in CampaignLogKind]: LogKind<K> } = {
  "message-logs": messageLogs,
  "queued-logs": queuedLogs,
  "skipped-logs": skippedLogs,
  "incoming-messages": incomingMessages,
  "welcome-messages": welcomeMessages,
  clicks: hits("click") as LogKind<"clicks">,
  opens: hits("open") as LogKind<"opens">,
  "redirect-logs": redirectLogs,
};

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);
const like = (column: SQL, value: string) => sql`${column} ILIKE ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
const integer = (column: SQL, value: string) => {
  if (!/^\d{1,15}$/.test(value)) throw fieldError("log_search_number", "value");
  return sql`${column} = ${Number(value)}`;
};
const yesNo = (column: SQL, value: string) => {
  const v = value.toLowerCase();
  if (!YES.has(v) && !NO.has(v)) throw fieldError("log_search_yes_no", "value");
  return sql`${column} IS ${YES.has(v) ? sql`TRUE` : sql`NOT TRUE`}`;
};

/** The Clicks and Open at search: one column, one value (a date is a day; Mobile and Proxy Yes or No). */
export function hitSearch(column: HitSearchColumn, value: string): SQL {
  switch (column) {
    case "id":
      return integer(sql`h.id`, value);
    case "lead_id":
      return integer(sql`h.lead_id`, value);
    case "date": {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw fieldError("log_search_date", "value");
      return sql`h.created_at >= ${value}::date AND h.created_at < ${value}::date + 1`;
    }
    case "ip":
      return sql`h.ip LIKE ${`${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    case "mobile":
      return yesNo(sql`h.mobile`, value);
    case "proxy":
      return yesNo(sql`h.proxy`, value);
    case "user_agent":
      return like(sql`h.user_agent`, value);
    case "region":
      return like(sql`h.region`, value);
    default:
      return like(sql.raw(`h.${column}`), value);
  }
}
