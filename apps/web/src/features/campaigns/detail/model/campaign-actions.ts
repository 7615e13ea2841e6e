import { CampaignEditLockedStatuses, CampaignSegmentStatuses, type CampaignStatus } from "@leadflow/contracts";
import { bulkStatusChoices, type SelectedCampaign, type StatusOption } from "../../model/bulk-status";

const has = (list: readonly CampaignStatus[], status: CampaignStatus) => list.includes(status);

/** Edit Campaign is disabled while active, completed or failed (docs/product/campaigns.md). */
export const canEditCampaign = (status: CampaignStatus) => !has(CampaignEditLockedStatuses, status);

/** Create Segment is offered only for a campaign that is completed, failed or paused (docs/product/campaigns.md). */
export const offersCreateSegment = (status: CampaignStatus) => has(CampaignSegmentStatuses, status);

/** A campaign that is over keeps the audience it was sent to. */
export const canChangeAudience = (status: CampaignStatus) => !has(["completed", "failed"], status);

/**
 * Set status on the campaign's page: the manual list from configuration, less its own status and the moves the table
 * of moves refuses (a Completed campaign is offered Active, not a Draft the server would turn down) — the list's bulk
 * rule for a selection of one.
 */
export const statusMenuChoices = (manual: readonly StatusOption[], campaign: SelectedCampaign): StatusOption[] =>
  bulkStatusChoices(manual, [campaign]);
