export { attachAudience, audienceOf, campaignLeads } from "./campaign-audience";
export {
  CounterBatch,
  type CounterColumn,
  CounterColumns,
  type CounterDelta,
  type CounterKey,
  HourColumns,
  utcDay,
  writeCounterDeltas,
} from "./campaign-counters";
export { type CampaignRecord, campaignDetail, campaignOf } from "./campaign-rows";
export { campaignSegmentFilters, createCampaignSegment } from "./campaign-segment";
export { campaignSettings, inZone } from "./campaign-settings";
export { setCampaignStatus, whyNotActive } from "./campaign-status";
export { copyStep, createStep, deleteStep, getStep, listSteps, updateStep } from "./campaign-steps.service";
export * from "./campaigns.queries";
export * from "./campaigns.service";
export { type CampaignChange, changedFields, engineChanges, recordCampaignChange, recordCampaignChanges, setFields } from "./change-log";
export { newLinkCode, shortLink } from "./link-code";
export {
  emailHeaderText,
  emailUrl,
  escapeHtml,
  type MessageValues,
  type RandomInt,
  renderEmailHtml,
  renderEmailSubject,
  renderMessage,
} from "./render-message";
export { type StepSettings, stepChanged, stepCreated, stepSettings } from "./step-settings";
