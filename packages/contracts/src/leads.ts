import { z } from "zod";
import { type CampaignStatus, CampaignStatusList, CampaignTypes } from "./campaigns";
import { text } from "./common";
import { RndResults } from "./consent-capture";
import { AttributeTypes, EmailStatusValue, LeadAttribute, LeadStatusValue, PhoneStatusValue } from "./imports";
import { MessageStates } from "./message-states";

/*
 * Leads: the tables (list page, leads page), the lead page and its edits, statuses and bulk actions (docs/leads.md).
 * Tables page with a keyset cursor, never OFFSET: a deep page of a million leads costs what the first one does.
 */

// ── Tables ───────────────────────────────────────────────────────────────────────────────────────────────

/** A table row: the lead and its values by attribute id (phones and emails under the system attributes' ids). */
export const LeadRow = z.object({
  id: z.number().int(),
  status: z.number().int(),
  status_label: z.string(),
  revenue: z.number(),
  duplicates_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Attribute id → values, in the order they came (the table joins several with '; '). */
  values: z.record(z.string(), z.array(z.string())),
});
export type LeadRow = z.infer<typeof LeadRow>;

export const LeadSortKeys = ["id", "created_at", "updated_at", "revenue", "duplicates_count", "status"] as const;
export type LeadSortKey = (typeof LeadSortKeys)[number];

/**
 * GET /api/leads and GET /api/lists/{id}/leads. `cursor` is the opaque `meta.next_cursor` / `meta.prev_cursor`
 * of the previous answer (keyset paging); without it the first page comes. `search` finds an exact phone (any
 * format), an exact email, a lead id, or text in the lead's values.
 */
export const ListLeadsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500, "The limit may not be greater than 500.").default(50),
  cursor: text().max(500).optional(),
  search: text().trim().max(200).optional(),
  sort: text().max(80).optional(),
  order: text().max(80).optional(),
  status: z.coerce.number().pipe(LeadStatusValue).optional(),
});
export type ListLeadsQuery = z.infer<typeof ListLeadsQuery>;

export const LeadPageMeta = z.object({
  per_page: z.number().int(),
  /** Leads matching (exact: maintained counters or a counted query; `total_is_estimate` when it is the planner's). */
  total: z.number().int(),
  total_is_estimate: z.boolean(),
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export type LeadPageMeta = z.infer<typeof LeadPageMeta>;

/** The table: rows, the attribute columns to show (Phone and Email first), and paging. */
export const LeadTablePage = z.object({ data: z.array(LeadRow), attributes: z.array(LeadAttribute), meta: LeadPageMeta });
export type LeadTablePage = z.infer<typeof LeadTablePage>;

// ── Bulk actions ─────────────────────────────────────────────────────────────────────────────────────────

/** The settable lead statuses: Imported, Blacklisted, Flagged. */
export const SettableLeadStatuses = [1, 2, 3] as const;

/**
 * A selection: the ids, or "all matching" a table's query (`all: true` with the same search, its status filter as
 * `filter_status`, and `list_id` for a list page), minus `except` ids the user unticked. The filter is not named
 * `status`: in a batch-status request that is the status to set.
 */
export const LeadSelection = z.union([
  z.object({ ids: z.array(z.coerce.number().int().positive()).min(1, "Select at least one lead.").max(10_000) }),
  z.object({
    all: z.literal(true),
    list_id: z.coerce.number().int().positive().optional(),
    /** Every lead of a campaign's audience (its Leads tab). */
    campaign_id: z.coerce.number().int().positive().optional(),
    search: text().trim().max(200).optional(),
    filter_status: z.coerce.number().pipe(LeadStatusValue).optional(),
    except: z.array(z.coerce.number().int().positive()).max(10_000).optional(),
  }),
]);
export type LeadSelection = z.infer<typeof LeadSelection>;

/** PUT /api/leads/batch-status. */
export const BatchStatusRequest = z.intersection(
  LeadSelection,
  z.object({ status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])) }),
);
export type BatchStatusRequest = z.infer<typeof BatchStatusRequest>;
/** Each info and each error is shown as its own alert; 'Status updated successfully!' when all went well. */
export const BatchStatusResponse = z.object({ message: z.string(), info: z.array(z.string()), errors: z.array(z.string()) });
export type BatchStatusResponse = z.infer<typeof BatchStatusResponse>;

/** DELETE /api/leads/batch: the selection as a JSON body (or `ids[0]=…` in the query). */
export const BatchDeleteResponse = z.object({ message: z.string(), deleted: z.number().int() });
export type BatchDeleteResponse = z.infer<typeof BatchDeleteResponse>;

// ── The lead page ────────────────────────────────────────────────────────────────────────────────────────

const AttributeRef = z.object({ id: z.number().int(), name: z.string(), type: z.enum(AttributeTypes), sort_order: z.number().int() });

/**
 * One value on the lead page. `id` is opaque and stable while the value is unchanged: a string value's id names
 * (lead, attribute, value); a phone's or an email's names that phone or email of the lead.
 */
export const LeadValue = z.object({
  id: z.string(),
  value: z.string(),
  attribute: AttributeRef,
  status: z.number().int().nullable(),
  status_label: z.string().nullable(),
});
export type LeadValue = z.infer<typeof LeadValue>;

/**
 * `carrier_status` of a phone: the line type as phone lookups record it (their `carrier_type` is the provider's
 * own word for it). The lead page shows it as `carrier_status_label`.
 */
export const CarrierStatuses = { mobile: 1, landline: 2, voip: 3, other: 4 } as const;
export type CarrierStatus = (typeof CarrierStatuses)[keyof typeof CarrierStatuses];
export const CarrierStatusLabels = {
  1: "Mobile",
  2: "Landline",
  3: "VoIP",
  4: "Other",
} as const satisfies Record<CarrierStatus, string>;

export const LeadPhoneValue = LeadValue.extend({
  kind: z.literal("phone"),
  carrier_name: z.string().nullable(),
  carrier_type: z.string().nullable(),
  carrier_status: z.number().int().nullable(),
  /** Mobile, Landline, VoIP or Other; null until a lookup has said what line it is. */
  carrier_status_label: z.string().nullable(),
  clicked: z.boolean(),
  ban: z.boolean(),
  unsubscribed: z.boolean(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  timezone: z.string().nullable(),
  lookup_action: z.string().nullable(),
  lookup_reason: z.string().nullable(),
  /** The do-not-contact check's result code and message (`lead_phones.dnc_code`, `dnc_message`). */
  black_list_alliance_phone_code: z.string().nullable(),
  black_list_alliance_phone_message: z.string().nullable(),
  /** The Reassigned Numbers Database's answer (reassigned, not_reassigned, no_data), the date asked about and when. */
  rnd_result: z.enum(RndResults).nullable(),
  rnd_since: z.string().nullable(),
  rnd_checked_at: z.string().nullable(),
});
export const LeadEmailValue = LeadValue.extend({ kind: z.literal("email"), result: z.string().nullable() });
export const LeadStringValue = LeadValue.extend({ kind: z.literal("string") });
export const AnyLeadValue = z.discriminatedUnion("kind", [LeadPhoneValue, LeadEmailValue, LeadStringValue]);
export type AnyLeadValue = z.infer<typeof AnyLeadValue>;

const Ref = z.object({ id: z.number().int(), name: z.string() });

/** GET /api/leads/{id}. */
export const LeadDetail = z.object({
  id: z.number().int(),
  status: z.number().int(),
  status_label: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  duplicates_count: z.number().int(),
  revenue: z.number(),
  /** Phones first, then emails, then string values in the attributes' order. */
  lead_values: z.array(AnyLeadValue),
  lists: z.array(z.object({ id: z.number().int(), name: z.string(), source: Ref })),
  /** Revenue side block. */
  lifetime_value: z.number(),
  total_conversations: z.number().int(),
  /** System Attributes side block. */
  last_clicked_at: z.string().nullable(),
  total_clicks: z.number().int(),
});
export type LeadDetail = z.infer<typeof LeadDetail>;

/** GET /api/leads/{id}/sources: the lead's sources, each with its lists that hold the lead. */
export const LeadSources = z.object({ data: z.array(Ref.extend({ lists: z.array(Ref) })) });
export type LeadSources = z.infer<typeof LeadSources>;
/** GET /api/leads/{id}/segments: the audiences and segments that hold the lead. */
export const LeadSegments = z.object({ data: z.array(Ref.extend({ parent_id: z.number().int().nullable() })) });

/**
 * A campaign the lead has a message in (a row of its send ledger), with the lead's figures there: the state of its
 * latest message, when one last went out, its first counted click and the revenue its conversions brought.
 */
export const LeadCampaign = Ref.extend({
  type: z.enum(CampaignTypes),
  type_label: z.string(),
  status: z.enum(CampaignStatusList as [CampaignStatus, ...CampaignStatus[]]),
  status_label: z.string(),
  /** The lead's messages in it (one per step it reached). */
  messages: z.number().int(),
  state: z.enum(MessageStates),
  sent_at: z.string().nullable(),
  clicked: z.boolean(),
  clicked_at: z.string().nullable(),
  revenue: z.number(),
});
export type LeadCampaign = z.infer<typeof LeadCampaign>;
/** GET /api/leads/{id}/campaigns: latest sent first; a deleted campaign is not listed (its messages stay on the timeline). */
export const LeadCampaigns = z.object({ data: z.array(LeadCampaign) });
export type LeadCampaigns = z.infer<typeof LeadCampaigns>;

/** A query-string switch: `true`/`1` on, `false`/`0`/empty off (z.coerce.boolean would read "false" as on). */
export const QueryFlag = z.preprocess((v) => (v === "false" || v === "0" || v === "" ? false : v), z.coerce.boolean());

/** GET /api/leads/{id}/log: newest first; filters narrow to click or unsubscribe entries. */
export const LeadLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  clicked: QueryFlag.optional(),
  unsubscribed: QueryFlag.optional(),
});
export type LeadLogQuery = z.infer<typeof LeadLogQuery>;

/**
 * The actions of the timeline's entries read from the send ledger and the replies (not stored in lead_logs): a
 * message sent, delivered or failed, and an SMS reply. Their entries carry `message`.
 */
export const LeadMessageActions = ["sent", "delivered", "failed", "replied"] as const;
export type LeadMessageAction = (typeof LeadMessageActions)[number];

/** What a message entry is about: the campaign and step, the address it went to (a reply: came from), its words. */
export const LeadLogMessage = z.object({
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  step_name: z.string().nullable(),
  channel: z.enum(["sms", "email"]),
  address: z.string(),
  /** A failure's ledger state (failed, blocked, inactive, bounced, rejected) and the provider's or the reason's words. */
  state: z.string().nullable(),
  error: z.string().nullable(),
  /** A reply's text. */
  body: z.string().nullable(),
});
export type LeadLogMessage = z.infer<typeof LeadLogMessage>;

export const LeadLogEntry = z.object({
  id: z.string(),
  type: z.string(),
  action: z.string(),
  created_at: z.string(),
  filename: z.string().nullable(),
  diff_log: z.array(
    z.object({
      lead_attribute_name: z.string(),
      lead_attribute_value: z.string().nullable(),
      action: z.string(),
      value_from: z.string().nullable(),
      value_to: z.string().nullable(),
    }),
  ),
  /** Only on the message entries (LeadMessageActions). */
  message: LeadLogMessage.optional(),
});
export type LeadLogEntry = z.infer<typeof LeadLogEntry>;
export const LeadLogPage = z.object({
  data: z.array(LeadLogEntry),
  meta: z.object({ current_page: z.number().int(), last_page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type LeadLogPage = z.infer<typeof LeadLogPage>;

// ── Edits ────────────────────────────────────────────────────────────────────────────────────────────────

/** PUT /api/lead-values/{id}, /api/lead-phones/{id}, /api/lead-emails/{id}: the new value (phones normalised, emails checked). */
export const UpdateLeadValue = z.object({ value: text().trim().max(2000, "The value may not be greater than 2000 characters.") });
export type UpdateLeadValue = z.infer<typeof UpdateLeadValue>;
/** Answers the lead as it is now, so the page shows the stored (normalised) value. */
export const UpdateLeadValueResponse = z.object({ message: z.string(), data: LeadDetail });

/** PUT /api/lead-phones/{id}/status?status=N (1–6) and /api/lead-emails/{id}/status?status=N (1 or 4). */
export const PhoneStatusQuery = z.object({ status: z.coerce.number().pipe(PhoneStatusValue) });
export const EmailStatusQuery = z.object({ status: z.coerce.number().pipe(EmailStatusValue) });
