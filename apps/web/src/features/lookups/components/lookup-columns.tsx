import { type LookupJob, type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import { Box, LinearProgress, Tooltip, Typography } from "@mui/material";
import { clampPercent, formatNumber, formatPercent } from "../../../components/data-table/format";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";
import { formatMoney } from "../model/lookup-format";
import { LookupLocationCell } from "./lookup-location-cell";
import { LookupStatusCell } from "./lookup-status";

type NumericKey = "total_count" | "service_items_count" | "cost" | "service_cost";

/** A right-aligned figure column, largest first on its first sort. */
const figure = (
  key: NumericKey,
  header: string,
  sortable: boolean,
  format: (n: number) => string,
  showFrom?: DataTableColumn<LookupJob>["showFrom"],
) =>
  ({
    key,
    header,
    sortKey: sortable ? key : undefined,
    firstSortDirection: "desc",
    align: "right",
    showFrom,
    render: (j) => format(j[key]),
  }) satisfies DataTableColumn<LookupJob>;

const number = (key: NumericKey, header: string, sortable: boolean, showFrom?: DataTableColumn<LookupJob>["showFrom"]) =>
  figure(key, header, sortable, formatNumber, showFrom);
const money = (key: NumericKey, header: string, sortable: boolean, showFrom?: DataTableColumn<LookupJob>["showFrom"]) =>
  figure(key, header, sortable, formatMoney, showFrom);

function Items({ job, t }: { job: LookupJob; t: typeof translate }) {
  const notes = [
    job.reused_count > 0 ? t("lookups.items.reused", { count: formatNumber(job.reused_count) }) : null,
    job.failed_count > 0 ? t("lookups.items.failed", { count: formatNumber(job.failed_count) }) : null,
  ].filter(Boolean);
  return (
    <>
      {formatNumber(job.count)}
      {notes.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: "nowrap" }}>
          {notes.join(" · ")}
        </Typography>
      )}
    </>
  );
}

function Progress({ job, t }: { job: LookupJob; t: typeof translate }) {
  const bar = (
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(48px, 1fr) 40px", alignItems: "center", columnGap: 1 }}>
      <LinearProgress
        variant="determinate"
        value={clampPercent(job.percent)}
        color={job.status === 1 ? "success" : "primary"}
        aria-label={t("lookups.columns.progress")}
        sx={{ height: 6, borderRadius: 3, bgcolor: "action.hover" }}
      />
      <Typography variant="caption" sx={{ textAlign: "right", fontVariantNumeric: "tabular-nums", fontWeight: 600 }}>
        {formatPercent(job.percent)}
      </Typography>
    </Box>
  );
  return job.time_left ? (
    <Tooltip title={t("lookups.timeLeft", { time: job.time_left })}>
      <span>{bar}</span>
    </Tooltip>
  ) : (
    bar
  );
}

/** Settings → Lookup Management, in the product's column order. The server sorts by the sortable ones. */
export function lookupColumns(t: typeof translate): DataTableColumn<LookupJob>[] {
  return [
    {
      key: "location",
      header: t("lookups.columns.location"),
      hideable: false,
      minWidth: 120,
      render: (j) => <LookupLocationCell job={j} />,
    },
    { key: "gateway", header: t("lookups.columns.gateway"), showFrom: "lg", minWidth: 90, render: (j) => j.gateway?.name ?? "-" },
    {
      key: "type",
      header: t("lookups.columns.type"),
      render: (j) => <span style={{ whiteSpace: "nowrap" }}>{LookupTypeLabels[j.type as LookupType] ?? j.type}</span>,
    },
    number("total_count", t("lookups.columns.total"), true, "sm"),
    {
      key: "count",
      header: t("lookups.columns.items"),
      sortKey: "count",
      firstSortDirection: "desc",
      align: "right",
      render: (j) => <Items job={j} t={t} />,
    },
    money("cost", t("lookups.columns.cost"), true, "sm"),
    number("service_items_count", t("lookups.columns.serviceItems"), false, "xl"),
    money("service_cost", t("lookups.columns.serviceCost"), false, "xl"),
    {
      key: "percent",
      header: t("lookups.columns.progress"),
      sortKey: "percent",
      firstSortDirection: "desc",
      width: 120,
      showFrom: "md",
      render: (j) => <Progress job={j} t={t} />,
    },
    {
      key: "status",
      header: t("lookups.columns.status"),
      sortKey: "status",
      width: 136,
      stickyRight: true,
      render: (j) => <LookupStatusCell job={j} />,
    },
  ];
}
