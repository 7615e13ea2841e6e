import type { Source } from "@leadflow/contracts";
import { Link, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatNumber } from "../../../components/data-table/format";
import { PercentBars } from "../../../components/data-table/percent-bars";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";

const count = (key: keyof Source, header: string, showFrom?: DataTableColumn<Source>["showFrom"]): DataTableColumn<Source> => ({
  key,
  header,
  sortable: true,
  firstSortDirection: "desc",
  align: "right",
  showFrom,
  render: (row) => formatNumber(row[key] as number),
});

/** The sources table (spec §2): name, counters, Active Phones/Emails. Narrow screens keep the name and total. */
export function sourceColumns(t: typeof translate, href: (s: Source) => string): DataTableColumn<Source>[] {
  return [
    {
      key: "name",
      header: t("sources.columns.name"),
      sortable: true,
      hideable: false,
      minWidth: { xs: 120, lg: 180 },
      render: (s) => (
        <Stack sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={href(s)} underline="hover" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
            {s.name}
          </Link>
          <Typography variant="caption" color="text.secondary">
            {t(`sources.listsCount.${s.lists_count === 1 ? "one" : "other"}`, { count: s.lists_count })}
          </Typography>
        </Stack>
      ),
    },
    count("total_leads", t("sources.columns.totalLeads")),
    count("unique_today", t("sources.columns.uniqueToday"), "sm"),
    count("added_today", t("sources.columns.totalToday"), "sm"),
    count("total_flagged_leads", t("sources.columns.flagged"), "lg"),
    count("total_blacklisted_leads", t("sources.columns.blacklisted"), "lg"),
    {
      key: "active",
      header: t("sources.columns.active"),
      sortable: true,
      sortKey: "percentage_verified",
      firstSortDirection: "desc",
      width: 190,
      showFrom: "xl",
      render: (s) => <PercentBars verified={s.percentage_verified} lookup={s.percentage_lookup} />,
    },
  ];
}
