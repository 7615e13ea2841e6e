import { CampaignEditLockedStatuses, CampaignSegmentStatuses, type CampaignStatus } from "@leadflow/contracts";
import { type StatusOption, statusChoices } from "../../model/bulk-status";

const has = (list: readonly CampaignStatus[], status: CampaignStatus) => list.includes(status);

/** Edit Campaign is disabled while active, completed or failed (spec 3 §4). */
export const canEditCampaign = (status: CampaignStatus) => !has(CampaignEditLockedStatuses, status);

/** Create Segment is offered only for a campaign that is completed, failed or paused (spec 3 §4). */
export const offersCreateSegment = (status: CampaignStatus) => has(CampaignSegmentStatuses, status);

/** A campaign that is over keeps the audience it was sent to. */
export const canChangeAudience = (status: CampaignStatus) => !has(["completed", "failed"], status);

/** Set status: the manual list from configuration minus the campaign's own status (spec 3 §4). */
export const statusMenuChoices = (manual: readonly StatusOption[], current: CampaignStatus): StatusOption[] =>
  statusChoices(manual, [current]);
