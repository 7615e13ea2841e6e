import {
  type CampaignMessageStatus,
  CampaignMessageStatuses,
  CampaignMessageStatusLabels,
  CampaignSegmentChoices,
  type CampaignSegmentEngagement,
  CampaignSegmentEngagementLabels,
  CampaignSegmentEngagements,
  CreateCampaignSegment,
} from "@leadflow/contracts";
import { z } from "zod";

/*
 * The Create Segment dialog's form (docs/product/campaigns.md): an audience (the first one by default), a name, "Update
 * dynamically" (on by default; sent as its inverse, ignore_new_leads, as the audiences' own dialog sends it), SMS
 * statuses and engagements. Its fields reuse the contract's rules, so the form says what the server would.
 */

export interface CreateSegmentValues {
  audience_id: number | "";
  name: string;
  dynamic: boolean;
  sms_status: CampaignMessageStatus[];
  engagement: CampaignSegmentEngagement[];
}

const shape = CreateCampaignSegment.shape;

/** The values as the request; the contract's "choose a status or an engagement" is the submit button's rule. */
export const CreateSegmentForm = z
  .object({
    audience_id: z
      .union([z.number(), z.literal("")])
      .refine((v) => v !== "", "Choose an audience.")
      .transform(Number),
    name: shape.name,
    dynamic: z.boolean(),
    sms_status: z.array(z.enum(CampaignMessageStatuses)),
    engagement: z.array(z.enum(CampaignSegmentEngagements)),
  })
  .transform(
    (v): CreateCampaignSegment => ({
      audience_id: v.audience_id,
      name: v.name,
      ignore_new_leads: !v.dynamic,
      sms_status: v.sms_status,
      engagement: v.engagement,
    }),
  );

export const newSegmentValues = (audiences: readonly { id: number }[]): CreateSegmentValues => ({
  audience_id: audiences[0]?.id ?? "",
  name: "",
  dynamic: true,
  sms_status: [],
  engagement: [],
});

/** Submit is disabled until a status or an engagement is chosen, and while a status update runs. */
export const canCreateSegment = (v: Pick<CreateSegmentValues, "sms_status" | "engagement">, statusUpdating: boolean) =>
  !statusUpdating && (v.sms_status.length > 0 || v.engagement.length > 0);

export interface ChipOption<V extends string> {
  value: V;
  label: string;
}

/** The statuses a campaign of this channel's messages can have (an email has no carrier to block it). */
export const statusOptions = (channel: "sms" | "email"): ChipOption<CampaignMessageStatus>[] =>
  CampaignSegmentChoices[channel].statuses.map((value) => ({ value, label: CampaignMessageStatusLabels[value] }));

/** The engagements a campaign of this channel's messages can have (opens, bounces and complaints are email's). */
export const engagementOptions = (channel: "sms" | "email"): ChipOption<CampaignSegmentEngagement>[] =>
  CampaignSegmentChoices[channel].engagements.map((value) => ({ value, label: CampaignSegmentEngagementLabels[value] }));

/** Go to Segment: the new segment under its audience, relative to the account's base path. */
export const segmentPath = (created: { id: number; parent: { id: number } }) => `audiences/${created.parent.id}/segments/${created.id}`;
