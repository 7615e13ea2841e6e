export { campaignLogPage } from "./campaign-logs.service";
