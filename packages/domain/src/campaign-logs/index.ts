export { campaignLogPage } from "./campaign-logs.service";
export { campaignSettings } from "./campaign-settings";
export { type CampaignChange, changedFields, engineChanges, recordCampaignChange, recordCampaignChanges, setFields } from "./change-log";
export { campaignChangePage } from "./change-log.queries";
export { type StepSettings, stepChanged, stepCreated, stepSettings } from "./step-settings";
