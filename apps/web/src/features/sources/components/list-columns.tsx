import type { LeadList, ListSortKeys } from "@leadflow/contracts";
import { Link } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";
import { LookupRowIndicator } from "../../lookups";
import { activeContactsColumn, counterColumn } from "./counter-columns";
import { ListStatusChip } from "./list-status-chip";

export interface ListColumnsContext {
  href: (l: LeadList) => string;
}

/** The lists table of a source page, in the product's column order; a list's running lookup shows under its name. */
export const listColumns: Columns<LeadList, ListColumnsContext, SortKeyOf<typeof ListSortKeys>> = [
  {
    key: "name",
    header: ({ t }) => t("lists.columns.name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 120, lg: 180 },
    render: (l, { href }) => (
      <>
        <Link component={RouterLink} to={href(l)} underline="hover" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {l.name}
        </Link>
        <LookupRowIndicator listId={l.id} />
      </>
    ),
  },
  counterColumn("total_leads", "lists.columns.totalLeads"),
  counterColumn("unique_today", "lists.columns.uniqueToday", "sm"),
  counterColumn("added_today", "lists.columns.totalToday", "sm"),
  counterColumn("total_blacklisted_leads", "lists.columns.blacklisted", "lg"),
  counterColumn("total_flagged_leads", "lists.columns.flagged", "lg"),
  activeContactsColumn("lists.columns.active"),
  {
    key: "status",
    header: ({ t }) => t("lists.columns.status"),
    width: 100,
    showFrom: "sm",
    render: (l) => <ListStatusChip status={l.status} />,
  },
];
