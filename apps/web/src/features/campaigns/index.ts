/** What other features may use: the campaign page (next) edits through the same dialog the list creates with. */
export { campaignKeys, campaignQuery } from "./api/campaigns.api";
export { CampaignFormDialog, type CampaignFormDialogProps } from "./components/campaign-form-dialog";
export { CampaignStatusChip } from "./components/campaign-status-chip";
