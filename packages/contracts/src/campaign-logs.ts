import { z } from "zod";
import { PageMeta, text } from "./common";

/*
 * A campaign's log tabs: Message, Queued and Skipped Logs are three views of the send ledger;
 * Incoming and Welcome Messages, Clicks, Open at and Redirects read the tables beside it. One query shape for all of
 * them; each kind has its page size, its default order and (Clicks, Open at) its searchable columns.
 */

export const CampaignLogKinds = [
  "message-logs",
  "queued-logs",
  "skipped-logs",
  "incoming-messages",
  "welcome-messages",
  "clicks",
  "opens",
  "redirect-logs",
] as const;
export type CampaignLogKind = (typeof CampaignLogKinds)[number];

/** Message, queued and skipped logs 100 a page; incoming and welcome messages 15; the others 20. */
export const CampaignLogPageSize: Record<CampaignLogKind, number> = {
  "message-logs": 100,
  "queued-logs": 100,
  "skipped-logs": 100,
  "incoming-messages": 15,
  "welcome-messages": 15,
  clicks: 20,
  opens: 20,
  "redirect-logs": 20,
};

/** The Clicks and Open at tabs' column-and-value search (docs/product/campaigns.md). */
export const HitSearchColumns = [
  "id",
  "lead_id",
  "user_agent",
  "date",
  "ip",
  "country",
  "region",
  "city",
  "isp",
  "asname",
  "mobile",
  "proxy",
  "referer",
] as const;
export type HitSearchColumn = (typeof HitSearchColumns)[number];

export const CampaignLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, "The limit may not be greater than 100.").optional(),
  /** `asc` or `desc` over the kind's own order (the default is the product's). */
  sort: z.enum(["asc", "desc"], { error: "The sort must be asc or desc." }).optional(),
  column: z.enum(HitSearchColumns, { error: "This column cannot be searched." }).optional(),
  value: text().trim().max(200, "The search may not be longer than 200 characters.").optional(),
});
export type CampaignLogQuery = z.infer<typeof CampaignLogQuery>;

const when = z.string().nullable();

export const MessageLogRow = z.object({
  id: z.number(),
  lead_id: z.number(),
  channel: z.enum(["sms", "email"]),
  gateway: z.string().nullable(),
  step_status: z.string(),
  /** Where the message's step stands for its lead, in words (Pending, Sending, Completed). */
  step_status_label: z.string(),
  step_name: z.string().nullable(),
  sent_at: when,
  updated_at: when,
  // SMS
  sid: z.string().nullable(),
  sender_name: z.string().nullable(),
  from_number: z.string().nullable(),
  to_number: z.string().nullable(),
  message: z.string().nullable(),
  status: z.string(),
  carrier_name: z.string().nullable(),
  cost: z.number().nullable(),
  error_code: z.string().nullable(),
  error_sub_code: z.string().nullable(),
  /** The Error column: the provider's code with its meaning ("30007 — Carrier filtered the message"), else the reason. */
  error_title: z.string().nullable(),
  error_message: z.string().nullable(),
  // Email
  gateway_message_id: z.string().nullable(),
  from: z.string().nullable(),
  from_name: z.string().nullable(),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  /** The status in words, for either channel ("Blocked by carrier", "Bounce"); `status` keeps the SMS code. */
  status_label: z.string(),
  status_type: z.string().nullable(),
  /** The ledger state in words (Status Type). */
  status_type_label: z.string().nullable(),
  status_sub_type: z.string().nullable(),
  delivered_at: when,
  opened_at: when,
  clicked_at: when,
});
export type MessageLogRow = z.infer<typeof MessageLogRow>;

export const QueuedLogRow = z.object({
  id: z.number(),
  lead_id: z.number(),
  step_name: z.string().nullable(),
  gateway: z.string().nullable(),
  to_email: z.string().nullable(),
  from_email: z.string().nullable(),
  from_name: z.string().nullable(),
  to_number: z.string().nullable(),
  send_after: when,
  /** What set Send After, short: "Quiet hours (NY)", "Daily window", "Germany: daily window", "Daily limit"; null when due now. */
  send_after_rule: z.string().nullable(),
  send_before: when,
});
export type QueuedLogRow = z.infer<typeof QueuedLogRow>;

export const SkippedLogRow = z.object({
  id: z.number(),
  lead_id: z.number(),
  sent_at: when,
  status: z.string(),
  status_label: z.string(),
  /** Why it was not sent (the reason's code) and in words, a suppression's own reason named ("Suppressed: Hard bounce"). */
  status_type: z.string().nullable(),
  status_type_label: z.string().nullable(),
  step_name: z.string().nullable(),
  gateway: z.string().nullable(),
  to_email: z.string().nullable(),
  from_email: z.string().nullable(),
  from_name: z.string().nullable(),
  to_number: z.string().nullable(),
  error_title: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type SkippedLogRow = z.infer<typeof SkippedLogRow>;

export const IncomingMessageRow = z.object({
  id: z.number(),
  lead_id: z.number().nullable(),
  body: z.string(),
  from_number: z.string(),
  to_number: z.string(),
  cost: z.number(),
  answer_message: z.string().nullable(),
  intent: z.string(),
  needs_review: z.boolean(),
  created_at: z.string(),
});
export type IncomingMessageRow = z.infer<typeof IncomingMessageRow>;

export const WelcomeMessageRow = z.object({
  id: z.number(),
  lead_id: z.number(),
  to_number: z.string(),
  short_code: z.string().nullable(),
  message: z.string(),
  status: z.string(),
  sent_at: when,
});
export type WelcomeMessageRow = z.infer<typeof WelcomeMessageRow>;

export const HitIpAddress = z.object({
  ip: z.string().nullable(),
  country: z.string().nullable(),
  region_name: z.string().nullable(),
  city: z.string().nullable(),
  internet_provider: z.string().nullable(),
  asname: z.string().nullable(),
  mobile: z.boolean().nullable(),
  proxy: z.boolean().nullable(),
});

export const HitRow = z.object({
  id: z.number(),
  lead_id: z.number(),
  /** click_date on Clicks, opened_at on Open at. */
  date: z.string(),
  user_agent: z.string().nullable(),
  referer: z.string().nullable(),
  ip_address: HitIpAddress,
});
export type HitRow = z.infer<typeof HitRow>;

/** Why a hit was not counted or went elsewhere (message_hits.reason), as the Redirects tab reads it. */
export const HitReasonLabels = {
  bot: "Bot",
  preview: "Link preview",
  head: "HEAD request",
  scanner: "Mail scanner",
  prefetch: "Prefetch",
  expired: "Link expired",
  desktop: "Desktop traffic blocked",
  state_filter: "State not allowed",
  after_first_click: "After the first click",
} as const;

export const RedirectLogRow = z.object({
  id: z.number(),
  lead_id: z.number(),
  created_at: z.string(),
  reason: z.string(),
  reason_label: z.string(),
  /** Which rule decided: the user agent, the request (HEAD, a prefetch), the link's own rules … */
  rule: z.string(),
  /** Why, in words, with what the request showed (the agent's matching token, the network it came from). */
  why: z.string(),
  click_url: z.string().nullable(),
  redirect_url: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type RedirectLogRow = z.infer<typeof RedirectLogRow>;

export const CampaignLogRows = {
  "message-logs": MessageLogRow,
  "queued-logs": QueuedLogRow,
  "skipped-logs": SkippedLogRow,
  "incoming-messages": IncomingMessageRow,
  "welcome-messages": WelcomeMessageRow,
  clicks: HitRow,
  opens: HitRow,
  "redirect-logs": RedirectLogRow,
} as const;

export interface CampaignLogRowOf {
  "message-logs": MessageLogRow;
  "queued-logs": QueuedLogRow;
  "skipped-logs": SkippedLogRow;
  "incoming-messages": IncomingMessageRow;
  "welcome-messages": WelcomeMessageRow;
  clicks: HitRow;
  opens: HitRow;
  "redirect-logs": RedirectLogRow;
}

/** A log page: its meta's total is exact up to 10,000 rows and the planner's estimate past it (`total_is_estimate`). */
export const campaignLogPage = <K extends CampaignLogKind>(kind: K) =>
  z.object({ data: z.array(CampaignLogRows[kind]), meta: PageMeta.extend({ total_is_estimate: z.boolean() }) });
