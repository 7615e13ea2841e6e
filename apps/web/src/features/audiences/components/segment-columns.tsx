import type { Segment, SegmentSortKeys } from "@leadflow/contracts";
import { Link, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatNumber } from "../../../components/data-table/format";
import type { DataTableColumn, SortKeyOf } from "../../../components/data-table/types";
import { formatDateTime } from "../../../lib/format";
import type { MessageKey } from "../../../lib/i18n";
import { RecalculatingChip } from "./recalculating-chip";

/** Amounts under a "($)" header: two decimals, no symbol. */
const amount = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatAmount = (n: number) => (Number.isFinite(n) ? amount.format(n) : "—");

export interface SegmentColumnsContext {
  href: (s: Segment) => string;
}

type SegmentColumn = DataTableColumn<Segment, SegmentColumnsContext, SortKeyOf<typeof SegmentSortKeys>>;

const nameColumn: SegmentColumn = {
  key: "name",
  header: ({ t }) => t("audiences.columns.name"),
  sortKey: "name",
  hideable: false,
  minWidth: { xs: 140, lg: 220 },
  render: (s, { href }) => (
    <Link component={RouterLink} to={href(s)} underline="hover" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
      {s.name}
    </Link>
  ),
};

const createdColumn: SegmentColumn = {
  key: "created_at",
  header: ({ t }) => t("audiences.columns.createdAt"),
  sortKey: "created_at",
  firstSortDirection: "desc",
  showFrom: "sm",
  render: (s) => formatDateTime(s.created_at),
};

const moneyColumn = (key: "revenue" | "revenue_per_record", header: MessageKey): SegmentColumn => ({
  key,
  header: ({ t }) => t(header),
  sortKey: key,
  firstSortDirection: "desc",
  align: "right",
  showFrom: "md",
  render: (s) => formatAmount(s[key]),
});

/** Leads, with 'Recalculating' while the count is being rebuilt. */
const leadsColumn: SegmentColumn = {
  key: "total_leads",
  header: ({ t }) => t("audiences.columns.leads"),
  sortKey: "total_leads",
  firstSortDirection: "desc",
  align: "right",
  render: (s) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "flex-end" }}>
      {s.is_recalculating && <RecalculatingChip />}
      <span>{formatNumber(s.total_leads)}</span>
    </Stack>
  ),
};

const revenueColumns = [
  moneyColumn("revenue", "audiences.columns.revenue"),
  moneyColumn("revenue_per_record", "audiences.columns.revenuePerRecord"),
];

/** The audiences table: name, created date, segments, lifetime revenue, revenue per record, leads. */
export const audienceColumns: readonly SegmentColumn[] = [
  nameColumn,
  createdColumn,
  {
    key: "segments_count",
    header: ({ t }) => t("audiences.columns.segments"),
    sortKey: "segments_count",
    firstSortDirection: "desc",
    align: "right",
    showFrom: "md",
    render: (s) => formatNumber(s.segments_count),
  },
  ...revenueColumns,
  leadsColumn,
];

/** An audience's segments: name, created date, leads, lifetime revenue, revenue per record. */
export const childSegmentColumns: readonly SegmentColumn[] = [nameColumn, createdColumn, leadsColumn, ...revenueColumns];
