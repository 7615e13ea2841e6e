import type { Source } from "@leadflow/contracts";
import { Link, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";
import { LookupRowIndicator } from "../../lookups/components/lookup-row-indicator";
import { activeContactsColumn, counterColumn } from "./counter-columns";

/**
 * The sources table (spec §2): name (with a running lookup's progress under it), counters, Active Phones/Emails.
 * Narrow screens keep the name and total.
 */
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
          <LookupRowIndicator sourceId={s.id} />
        </Stack>
      ),
    },
    counterColumn<Source>("total_leads", t("sources.columns.totalLeads")),
    counterColumn<Source>("unique_today", t("sources.columns.uniqueToday"), "sm"),
    counterColumn<Source>("added_today", t("sources.columns.totalToday"), "sm"),
    counterColumn<Source>("total_flagged_leads", t("sources.columns.flagged"), "lg"),
    counterColumn<Source>("total_blacklisted_leads", t("sources.columns.blacklisted"), "lg"),
    activeContactsColumn<Source>(t("sources.columns.active")),
  ];
}
