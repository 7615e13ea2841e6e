export { leadKeys, leadTableQuery } from "./api/leads.api";
export { LeadsTable, useLeadsTable } from "./components/leads-table";
export { readLeadsTableView } from "./components/read-leads-table-view";
export { useLeadBulkActions } from "./components/use-lead-bulk-actions";
export type { LeadTrail } from "./model/lead-trail";
