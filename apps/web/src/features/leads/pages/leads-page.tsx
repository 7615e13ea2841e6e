import type { LeadRow } from "@leadflow/contracts";
import { useCallback } from "react";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { PageHeader } from "../../../components/page-header/page-header";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { LeadsTable, useLeadsTable } from "../components/leads-table";
import { useLeadBulkActions } from "../components/use-lead-bulk-actions";

/** Leads: every lead of the team, with selection, search, hidden columns, Delete Selection and Set status. */
export function LeadsPage() {
  const t = useT();
  const p = useAccountPath();
  useBreadcrumbs([{ label: t("leads.title") }]);
  const state = useLeadsTable({});
  const bulk = useLeadBulkActions(state);
  useContextMenu(bulk.menuItems);
  const href = useCallback((row: LeadRow) => p(`leads/${row.id}`), [p]);

  return (
    <>
      <PageHeader title={t("leads.title")} subtitle={t("leads.pageSubtitle")} />
      <LeadsTable aria-label={t("leads.tableLabel")} state={state} href={href} storageKey="leadflow.columns.leads" />
      {bulk.dialogs}
    </>
  );
}
