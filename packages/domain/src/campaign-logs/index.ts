export { campaignLogPage } from "./campaign-logs.service";
export { campaignChangePage } from "./change-log.queries";
