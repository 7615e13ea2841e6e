import type { LeadList } from "@leadflow/contracts";
import { Link } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatNumber } from "../../../components/data-table/format";
import { PercentBars } from "../../../components/data-table/percent-bars";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";
import { ListStatusChip } from "./list-status-chip";

const count = (key: keyof LeadList, header: string, showFrom?: DataTableColumn<LeadList>["showFrom"]): DataTableColumn<LeadList> => ({
  key,
  header,
  sortable: true,
  firstSortDirection: "desc",
  align: "right",
  showFrom,
  render: (row) => formatNumber(row[key] as number),
});

/** The lists table of a source page (spec §2), in the spec's column order. */
export function listColumns(t: typeof translate, href: (l: LeadList) => string): DataTableColumn<LeadList>[] {
  return [
    {
      key: "name",
      header: t("lists.columns.name"),
      sortable: true,
      hideable: false,
      minWidth: { xs: 120, lg: 180 },
      render: (l) => (
        <Link component={RouterLink} to={href(l)} underline="hover" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {l.name}
        </Link>
      ),
    },
    count("total_leads", t("lists.columns.totalLeads")),
    count("unique_today", t("lists.columns.uniqueToday"), "sm"),
    count("added_today", t("lists.columns.totalToday"), "sm"),
    count("total_blacklisted_leads", t("lists.columns.blacklisted"), "lg"),
    count("total_flagged_leads", t("lists.columns.flagged"), "lg"),
    {
      key: "active",
      header: t("lists.columns.active"),
      sortable: true,
      sortKey: "percentage_verified",
      firstSortDirection: "desc",
      width: 190,
      showFrom: "xl",
      render: (l) => <PercentBars verified={l.percentage_verified} lookup={l.percentage_lookup} />,
    },
    { key: "status", header: t("lists.columns.status"), width: 100, showFrom: "sm", render: (l) => <ListStatusChip status={l.status} /> },
  ];
}
