export { attachAudience, audienceOf, campaignLeads } from "./campaign-audience";
export { type CampaignRecord, campaignDetail } from "./campaign-rows";
export { setCampaignStatus, whyNotActive } from "./campaign-status";
export { copyStep, createStep, deleteStep, getStep, listSteps, updateStep } from "./campaign-steps.service";
export { type SendEnv, sendTestEmail, sendTestSms } from "./campaign-test-send";
export * from "./campaigns.queries";
export * from "./campaigns.service";
export { newLinkCode, shortLink } from "./link-code";
export { type MessageValues, type RandomInt, renderMessage } from "./render-message";
