export { attachAudience, audienceOf, campaignLeads } from "./campaign-audience";
export { type CampaignRecord, campaignDetail } from "./campaign-rows";
export { setCampaignStatus, whyNotActive } from "./campaign-status";
export { copyStep, createStep, deleteStep, getStep, listSteps, updateStep } from "./campaign-steps.service";
export * from "./campaigns.queries";
export * from "./campaigns.service";
