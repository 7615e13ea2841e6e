import {
  CampaignChannel,
  type CampaignEngagement,
  CampaignMessageStatusLabels,
  CampaignSegmentChoices,
  type CampaignSegmentCreated,
  CampaignSegmentEngagementFilters,
  CampaignSegmentEngagementLabels,
  CampaignSegmentStatuses,
  CampaignSegmentStatusNames,
  type CampaignStatus,
  type CreateCampaignSegment,
  type SegmentFilter,
  type SegmentFilters,
} from "@leadflow/contracts";
import { createSegment } from "../segments";
import type { TeamCtx } from "../shared/context";
import { AppError, fieldError } from "../shared/errors";
import type { JobSender } from "../shared/jobs";
import type { DbOrTx } from "../shared/rows";
import { campaignOf } from "./campaign-rows";
import { recordCampaignChange } from "./change-log";

/*
 * Create Segment from a campaign: a segment under one of the team's audiences whose filter tree is
 * this campaign's filters, built like any new segment (queued rebuild), so editing it later in Audiences shows what
 * it selects.
 */

/**
 * The tree: one campaign filter per chosen engagement, any of them matching (clicked + opened reads "clicked or
 * opened"; clicked + non-clicked would match nobody if all had to hold). "Last 90 days" is the filters' period (all
 * time without it). Statuses narrow every filter; statuses alone select the campaign's messages in them ("sent").
 */
export function campaignSegmentFilters(
  campaignId: number,
  input: Pick<CreateCampaignSegment, "sms_status" | "engagement">,
): SegmentFilters {
  const period = input.engagement.includes("last_90_days") ? "last_90_days" : "all_time";
  const chosen = input.engagement.flatMap((e) => (e === "last_90_days" ? [] : [CampaignSegmentEngagementFilters[e]]));
  const expressions: CampaignEngagement[] = chosen.length > 0 ? [...new Set(chosen)] : ["sent"];
  const statuses = [...new Set(input.sms_status)];
  const filters = expressions.map(
    (expression): SegmentFilter => ({
      field: "campaign",
      expression,
      values: [campaignId],
      period,
      ...(statuses.length > 0 ? { statuses } : {}),
    }),
  );
  return { data: [], attributes: [], system_attributes: [], campaigns: filters, match: { campaigns: "any" } };
}

const offers = (status: CampaignStatus) => (CampaignSegmentStatuses as readonly CampaignStatus[]).includes(status);

/**
 * POST /api/campaigns/{id}/create-segment. Another team's campaign or audience is a 404; a campaign still running
 * (or not started) a 422. The campaign is locked while the segment is made, so its status cannot change meanwhile,
 * and the Logs tab records it in the same transaction.
 */
export async function createCampaignSegment(
  db: DbOrTx,
  jobs: JobSender,
  ctx: TeamCtx,
  campaignId: number,
  input: CreateCampaignSegment,
): Promise<CampaignSegmentCreated> {
  return db.transaction(async (tx) => {
    const campaign = await campaignOf(tx, ctx, campaignId, true);
    if (!offers(campaign.status)) throw new AppError("campaign_segment_status");
    // An email has no carrier to block it and a text no opens or bounces: a choice of the other channel selects nobody.
    const channel = CampaignChannel[campaign.type];
    const choices = CampaignSegmentChoices[channel];
    if (input.sms_status.some((st) => !(choices.statuses as readonly string[]).includes(st)))
      throw fieldError("campaign_segment_status_channel", "sms_status");
    if (input.engagement.some((e) => !(choices.engagements as readonly string[]).includes(e)))
      throw fieldError("campaign_segment_engagement_channel", "engagement");
    const segment = await createSegment(tx, jobs, ctx, {
      name: input.name,
      ignore_new_leads: input.ignore_new_leads,
      parent_id: input.audience_id,
      filters: campaignSegmentFilters(campaignId, input),
    });
    const attributes = [
      { name: "Segment", value_to: segment.name },
      { name: "Audience", value_to: segment.parent?.name ?? null },
      {
        name: CampaignSegmentStatusNames[channel],
        value_to: input.sms_status.map((s) => CampaignMessageStatusLabels[s]).join(", ") || null,
      },
      { name: "Engagement", value_to: input.engagement.map((e) => CampaignSegmentEngagementLabels[e]).join(", ") || null },
    ].filter((a) => a.value_to !== null);
    await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId, type: "segment_created", attributes, userId: ctx.userId });
    return { message: "Segment has been created.", data: { id: segment.id, name: segment.name, parent: { id: input.audience_id } } };
  });
}
