import type { LeadList } from "@leadflow/contracts";
import { Link } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";
import { LookupRowIndicator } from "../../lookups/components/lookup-row-indicator";
import { activeContactsColumn, counterColumn } from "./counter-columns";
import { ListStatusChip } from "./list-status-chip";

/** The lists table of a source page (spec §2), in the spec's column order; a list's running lookup shows under its name. */
export function listColumns(t: typeof translate, href: (l: LeadList) => string): DataTableColumn<LeadList>[] {
  return [
    {
      key: "name",
      header: t("lists.columns.name"),
      sortable: true,
      hideable: false,
      minWidth: { xs: 120, lg: 180 },
      render: (l) => (
        <>
          <Link component={RouterLink} to={href(l)} underline="hover" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
            {l.name}
          </Link>
          <LookupRowIndicator listId={l.id} />
        </>
      ),
    },
    counterColumn<LeadList>("total_leads", t("lists.columns.totalLeads")),
    counterColumn<LeadList>("unique_today", t("lists.columns.uniqueToday"), "sm"),
    counterColumn<LeadList>("added_today", t("lists.columns.totalToday"), "sm"),
    counterColumn<LeadList>("total_blacklisted_leads", t("lists.columns.blacklisted"), "lg"),
    counterColumn<LeadList>("total_flagged_leads", t("lists.columns.flagged"), "lg"),
    activeContactsColumn<LeadList>(t("lists.columns.active")),
    { key: "status", header: t("lists.columns.status"), width: 100, showFrom: "sm", render: (l) => <ListStatusChip status={l.status} /> },
  ];
}
