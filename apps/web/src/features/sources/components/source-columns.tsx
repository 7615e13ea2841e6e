import type { Source, SourceSortKeys } from "@leadflow/contracts";
import { Link, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";
import { LookupRowIndicator } from "../../lookups";
import { activeContactsColumn, counterColumn } from "./counter-columns";

export interface SourceColumnsContext {
  href: (s: Source) => string;
}

/**
 * The sources table: name (with a running lookup's progress under it), counters, Active Phones/Emails.
 * Narrow screens keep the name and total.
 */
export const sourceColumns: Columns<Source, SourceColumnsContext, SortKeyOf<typeof SourceSortKeys>> = [
  {
    key: "name",
    header: ({ t }) => t("sources.columns.name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 120, lg: 180 },
    render: (s, { t, href }) => (
      <Stack sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={href(s)} underline="hover" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {s.name}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {t(`sources.listsCount.${s.lists_count === 1 ? "one" : "other"}`, { count: s.lists_count })}
        </Typography>
        <LookupRowIndicator sourceId={s.id} />
      </Stack>
    ),
  },
  counterColumn("total_leads", "sources.columns.totalLeads"),
  counterColumn("unique_today", "sources.columns.uniqueToday", "sm"),
  counterColumn("added_today", "sources.columns.totalToday", "sm"),
  counterColumn("total_flagged_leads", "sources.columns.flagged", "lg"),
  counterColumn("total_blacklisted_leads", "sources.columns.blacklisted", "lg"),
  activeContactsColumn("sources.columns.active"),
];
