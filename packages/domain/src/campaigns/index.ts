export { attachAudience, audienceOf, campaignLeads } from "./campaign-audience";
export { type CampaignRecord, campaignDetail, campaignOf } from "./campaign-rows";
export { campaignSegmentFilters, createCampaignSegment } from "./campaign-segment";
export { setCampaignStatus, whyNotActive } from "./campaign-status";
export { copyStep, createStep, deleteStep, getStep, listSteps, updateStep } from "./campaign-steps.service";
export * from "./campaigns.queries";
export * from "./campaigns.service";
export { newLinkCode, shortLink } from "./link-code";
export { emailHeaderText, type MessageValues, type RandomInt, renderEmailHtml, renderEmailSubject, renderMessage } from "./render-message";
