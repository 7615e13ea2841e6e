import type { Segment } from "@leadflow/contracts";
import { Link, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatNumber } from "../../../components/data-table/format";
import type { DataTableColumn } from "../../../components/data-table/types";
import { formatDateTime } from "../../../lib/format";
import type { t as translate } from "../../../lib/i18n";
import { RecalculatingChip } from "./recalculating-chip";

/** Amounts under a "($)" header: two decimals, no symbol. */
const amount = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatAmount = (n: number) => (Number.isFinite(n) ? amount.format(n) : "—");

type Href = (s: Segment) => string;

function nameColumn(t: typeof translate, href: Href): DataTableColumn<Segment> {
  return {
    key: "name",
    header: t("audiences.columns.name"),
    sortable: true,
    hideable: false,
    minWidth: { xs: 140, lg: 220 },
    render: (s) => (
      <Link component={RouterLink} to={href(s)} underline="hover" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {s.name}
      </Link>
    ),
  };
}

const createdColumn = (t: typeof translate): DataTableColumn<Segment> => ({
  key: "created_at",
  header: t("audiences.columns.createdAt"),
  sortable: true,
  firstSortDirection: "desc",
  showFrom: "sm",
  render: (s) => formatDateTime(s.created_at),
});

const moneyColumn = (key: "revenue" | "revenue_per_record", header: string): DataTableColumn<Segment> => ({
  key,
  header,
  sortable: true,
  firstSortDirection: "desc",
  align: "right",
  showFrom: "md",
  render: (s) => formatAmount(s[key]),
});

/** Leads, with 'Recalculating' while the count is being rebuilt. */
const leadsColumn = (t: typeof translate): DataTableColumn<Segment> => ({
  key: "total_leads",
  header: t("audiences.columns.leads"),
  sortable: true,
  firstSortDirection: "desc",
  align: "right",
  render: (s) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "flex-end" }}>
      {s.is_recalculating && <RecalculatingChip />}
      <span>{formatNumber(s.total_leads)}</span>
    </Stack>
  ),
});

/** The audiences table (spec §2): name, created date, segments, lifetime revenue, revenue per record, leads. */
export function audienceColumns(t: typeof translate, href: Href): DataTableColumn<Segment>[] {
  return [
    nameColumn(t, href),
    createdColumn(t),
    {
      key: "segments_count",
      header: t("audiences.columns.segments"),
      sortable: true,
      firstSortDirection: "desc",
      align: "right",
      showFrom: "md",
      render: (s) => formatNumber(s.segments_count),
    },
    moneyColumn("revenue", t("audiences.columns.revenue")),
    moneyColumn("revenue_per_record", t("audiences.columns.revenuePerRecord")),
    leadsColumn(t),
  ];
}

/** An audience's segments: name, created date, leads, lifetime revenue, revenue per record. */
export function childSegmentColumns(t: typeof translate, href: Href): DataTableColumn<Segment>[] {
  return [
    nameColumn(t, href),
    createdColumn(t),
    leadsColumn(t),
    moneyColumn("revenue", t("audiences.columns.revenue")),
    moneyColumn("revenue_per_record", t("audiences.columns.revenuePerRecord")),
  ];
}
