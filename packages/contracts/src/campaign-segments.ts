import { z } from "zod";
import type { CampaignStatus } from "./campaigns";
import type { MessageState } from "./message-states";
import { type CampaignEngagement, CampaignMessageStatuses, CreateSegment } from "./segments";

/*
 * What campaign filters read of the send ledger, and Create Segment from a campaign
 * (docs/product/campaigns.md, "Create Segment").
 */

export type CampaignMessageStatus = (typeof CampaignMessageStatuses)[number];

/**
 * The message statuses a campaign filter narrows to, as ledger states (the Message Logs' words, SmsStatusOf):
 * - queued: not final and not sent yet — waiting to go (planned, claimed: the logs' "pending") or handed to the
 *   provider and not confirmed sent (submitting, unknown, accepted);
 * - sent: sent, no delivery receipt yet (or none came);
 * - delivered: delivered — a complaint follows a delivery, so it counts (as the logs and the counters count it);
 * - failed: failed, blocked by the carrier, inactive device, bounced, or refused by the provider;
 * - blocked, inactive: the carrier's two SMS outcomes on their own (a narrower "failed").
 * Skipped and cancelled rows were never messages: no status names them.
 */
export const CampaignMessageStatusStates = {
  queued: ["planned", "claimed", "submitting", "unknown", "accepted"],
  sent: ["sent"],
  delivered: ["delivered", "complained"],
  failed: ["failed", "blocked", "inactive", "bounced", "rejected"],
  blocked: ["blocked"],
  inactive: ["inactive"],
} as const satisfies Record<CampaignMessageStatus, readonly MessageState[]>;

/**
 * What Create Segment offers a campaign of each channel: carriers block and report inactive devices for texts only,
 * and opens, bounces and complaints are email's (a text has none to select by).
 */
export const CampaignSegmentChoices = {
  sms: {
    statuses: ["queued", "sent", "delivered", "failed", "blocked", "inactive"],
    engagements: ["clicked", "last_90_days", "unsubscribe", "non_clicked"],
  },
  email: {
    statuses: ["queued", "sent", "delivered", "failed"],
    engagements: ["clicked", "last_90_days", "unsubscribe", "non_clicked", "opened", "bounced", "complained"],
  },
} as const satisfies Record<
  "sms" | "email",
  { statuses: readonly CampaignMessageStatus[]; engagements: readonly CampaignSegmentEngagement[] }
>;

/** The status field's name in the dialog and the campaign's log, by channel. */
export const CampaignSegmentStatusNames = { sms: "SMS statuses", email: "Email statuses" } as const;

/** Create Segment is offered, and accepted, only for a campaign that is over or held (docs/product/campaigns.md). */
export const CampaignSegmentStatuses = ["completed", "failed", "paused"] as const satisfies readonly CampaignStatus[];

/** The dialog's engagement choices (docs/product/campaigns.md), in the product's order. */
export const CampaignSegmentEngagements = [
  "clicked",
  "last_90_days",
  "unsubscribe",
  "non_clicked",
  "opened",
  "bounced",
  "complained",
] as const;
export type CampaignSegmentEngagement = (typeof CampaignSegmentEngagements)[number];
export const CampaignSegmentEngagementLabels = {
  clicked: "Clicked",
  last_90_days: "Last 90 days",
  unsubscribe: "Unsubscribe",
  non_clicked: "Non-clicked",
  opened: "Opened",
  bounced: "Bounced",
  complained: "Complained",
} as const satisfies Record<CampaignSegmentEngagement, string>;

/** Each choice as the campaign filter it becomes; "Last 90 days" is not one: it sets the filters' period. */
export const CampaignSegmentEngagementFilters = {
  clicked: "clicked",
  unsubscribe: "unsubscribed",
  non_clicked: "non_clicked",
  opened: "opened",
  bounced: "bounced",
  complained: "complained",
} as const satisfies Record<Exclude<CampaignSegmentEngagement, "last_90_days">, CampaignEngagement>;

export const NOTHING_CHOSEN = "Choose at least one SMS status or engagement.";

/**
 * POST /api/campaigns/{id}/create-segment: a segment under `audience_id` (an audience of the team) selecting the
 * campaign's leads by message status and engagement. `ignore_new_leads` is the segments' own flag: the dialog's
 * "Update dynamically" on sends false.
 */
export const CreateCampaignSegment = z
  .object({
    audience_id: z.coerce.number({ error: "Choose an audience." }).int().positive("Choose an audience.").max(2_147_483_647),
    name: CreateSegment.shape.name,
    ignore_new_leads: z.boolean().default(false),
    sms_status: z.array(z.enum(CampaignMessageStatuses)).max(CampaignMessageStatuses.length).default([]),
    engagement: z.array(z.enum(CampaignSegmentEngagements)).max(CampaignSegmentEngagements.length).default([]),
  })
  .refine((v) => v.sms_status.length > 0 || v.engagement.length > 0, { path: ["engagement"], message: NOTHING_CHOSEN });
export type CreateCampaignSegment = z.infer<typeof CreateCampaignSegment>;

export const CampaignSegmentCreated = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), name: z.string(), parent: z.object({ id: z.number().int() }) }),
});
export type CampaignSegmentCreated = z.infer<typeof CampaignSegmentCreated>;
