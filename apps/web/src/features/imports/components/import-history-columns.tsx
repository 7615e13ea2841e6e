import type { ImportRecord } from "@leadflow/contracts";
import { Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { DateCell } from "../../../components/data-table/date-cell";
import { formatNumber } from "../../../components/data-table/format";
import type { DataTableColumn } from "../../../components/data-table/types";
import { formatDateTime } from "../../../lib/format";
import type { t as translate } from "../../../lib/i18n";
import { COUNT_LABEL_KEYS, type CountKey } from "./import-counts";
import { ImportStatusChip } from "./import-status-chip";

const count = (
  t: typeof translate,
  key: CountKey,
  showFrom?: DataTableColumn<ImportRecord>["showFrom"],
): DataTableColumn<ImportRecord> => ({
  key,
  header: t(COUNT_LABEL_KEYS[key]),
  sortable: true,
  firstSortDirection: "desc",
  align: "right",
  showFrom,
  render: (row) => formatNumber(row[key]),
});

/** Import History (doc 2 §2): updated date, file name, the counts, status. Narrow screens keep date, name, status. */
export function importHistoryColumns(t: typeof translate, href: (r: ImportRecord) => string): DataTableColumn<ImportRecord>[] {
  return [
    {
      key: "updated_at",
      header: t("importHistory.columns.updated"),
      sortable: true,
      firstSortDirection: "desc",
      width: 110,
      showFrom: "sm",
      render: (r) => <DateCell value={r.updated_at} />,
    },
    {
      key: "name",
      header: t("importHistory.columns.file"),
      sortable: true,
      hideable: false,
      minWidth: 140,
      render: (r) => (
        <>
          <Link component={RouterLink} to={href(r)} underline="hover" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {r.name}
          </Link>
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: "block", sm: "none" } }}>
            {formatDateTime(r.updated_at)}
          </Typography>
          {(r.source || r.list) && (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {[r.source?.name, r.list?.name].filter(Boolean).join(" › ")}
            </Typography>
          )}
        </>
      ),
    },
    count(t, "total_rows", "md"),
    count(t, "processed_count", "md"),
    count(t, "unique_count"),
    count(t, "failed_count", "sm"),
    count(t, "ignored_phones_count", "lg"),
    count(t, "invalid_phones_count", "lg"),
    count(t, "skipped_count", "lg"),
    {
      key: "status",
      header: t("importHistory.columns.status"),
      sortable: true,
      stickyRight: true,
      render: (r) => <ImportStatusChip status={r.status} title={r.message ?? undefined} />,
    },
  ];
}
