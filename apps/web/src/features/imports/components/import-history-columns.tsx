import type { ImportRecord, ImportSortKeys } from "@leadflow/contracts";
import { Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { DateCell } from "../../../components/data-table/date-cell";
import { formatNumber } from "../../../components/data-table/format";
import type { Columns, DataTableColumn, SortKeyOf } from "../../../components/data-table/types";
import { formatDateTime } from "../../../lib/format";
import { COUNT_LABEL_KEYS, type CountKey } from "./import-counts";
import { ImportStatusChip } from "./import-status-chip";

export interface ImportHistoryColumnsContext {
  href: (r: ImportRecord) => string;
}

type ImportColumn = DataTableColumn<ImportRecord, ImportHistoryColumnsContext, SortKeyOf<typeof ImportSortKeys>>;

const count = (key: CountKey, showFrom?: ImportColumn["showFrom"]): ImportColumn => ({
  key,
  header: ({ t }) => t(COUNT_LABEL_KEYS[key]),
  sortKey: key,
  firstSortDirection: "desc",
  align: "right",
  showFrom,
  render: (row) => formatNumber(row[key]),
});

/** Import History: updated date, file name, the counts, status. Narrow screens keep date, name, status. */
export const importHistoryColumns: Columns<ImportRecord, ImportHistoryColumnsContext, SortKeyOf<typeof ImportSortKeys>> = [
  {
    key: "updated_at",
    header: ({ t }) => t("importHistory.columns.updated"),
    sortKey: "updated_at",
    firstSortDirection: "desc",
    width: 110,
    showFrom: "sm",
    render: (r) => <DateCell value={r.updated_at} />,
  },
  {
    key: "name",
    header: ({ t }) => t("importHistory.columns.file"),
    sortKey: "name",
    hideable: false,
    minWidth: 140,
    render: (r, { href }) => (
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
  count("total_rows", "md"),
  count("processed_count", "md"),
  count("unique_count"),
  count("failed_count", "sm"),
  count("ignored_phones_count", "lg"),
  count("invalid_phones_count", "lg"),
  count("skipped_count", "lg"),
  {
    key: "status",
    header: ({ t }) => t("importHistory.columns.status"),
    sortKey: "status",
    stickyRight: true,
    render: (r) => <ImportStatusChip status={r.status} title={r.message ?? undefined} />,
  },
];
