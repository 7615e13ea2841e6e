/** The Campaign tab's steps column: the campaign page (campaigns/detail) places it beside the Settings panel. */
export { CampaignSteps } from "./components/campaign-steps";
