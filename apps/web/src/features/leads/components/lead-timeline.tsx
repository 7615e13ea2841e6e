import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import HistoryIcon from "@mui/icons-material/History";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Box, Button, Chip, IconButton, LinearProgress, Skeleton, Stack, Tooltip } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { DataTablePagination } from "../../../components/data-table/data-table-pagination";
import { shouldResetPage } from "../../../components/data-table/table-url-state";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { leadLogQuery } from "../api/leads.api";
import { LeadCard } from "./lead-card";
import { TimelineEntry } from "./timeline-entry";

/** The lead log pages by 20, 50 or 100, default 20 (docs/product/accounts-sources-leads.md). */
const LOG_PAGE_SIZES = [20, 50, 100] as const;
const FILTERS = ["clicked", "unsubscribed"] as const;
type Filter = (typeof FILTERS)[number];

/** The log's filter chips, in the URL beside its page (`log.clicked=1`). */
function useLogFilters() {
  const [sp, setSp] = useSearchParams();
  const active = (f: Filter) => sp.get(`log.${f}`) === "1";
  const toggle = (f: Filter) =>
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (next.get(`log.${f}`) === "1") next.delete(`log.${f}`);
        else next.set(`log.${f}`, "1");
        next.delete("log.page");
        return next;
      },
      { replace: true },
    );
  return { clicked: active("clicked"), unsubscribed: active("unsubscribed"), toggle };
}

/** Activity log / Timeline: newest first, filters Clicked and Unsubscribed, Refresh, 20/50/100 per page. */
export function LeadTimeline({ leadId }: { leadId: number }) {
  const t = useT();
  const table = useTableUrlState({ limit: 20, limits: LOG_PAGE_SIZES, prefix: "log" });
  const filters = useLogFilters();
  const params = {
    page: table.page,
    limit: table.limit,
    ...(filters.clicked ? { clicked: true } : {}),
    ...(filters.unsubscribed ? { unsubscribed: true } : {}),
  };
  const log = useQuery(leadLogQuery(leadId, params));
  const lastPage = log.isPlaceholderData ? undefined : log.data?.meta.last_page;
  const { page, setPage } = table;
  useEffect(() => {
    if (shouldResetPage(page, lastPage)) setPage(1, { replace: true });
  }, [page, lastPage, setPage]);

  const filtered = filters.clicked || filters.unsubscribed;
  const entries = log.data?.data;

  return (
    <LeadCard
      id="lead-timeline"
      title={t("leads.timeline")}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} aria-label={t("leads.timelineFilters")} role="group">
          {FILTERS.map((f) => (
            <Chip
              key={f}
              size="small"
              label={t(`leads.timeline.${f}`)}
              color={filters[f] ? "primary" : "default"}
              variant={filters[f] ? "filled" : "outlined"}
              onClick={() => filters.toggle(f)}
              aria-pressed={filters[f]}
            />
          ))}
          <Tooltip title={t("leads.timeline.refresh")}>
            <span>
              <IconButton size="small" onClick={() => log.refetch()} disabled={log.isFetching} aria-label={t("leads.timeline.refresh")}>
                <RefreshIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      }
    >
      <Box sx={{ height: 2, mb: 1 }}>{log.isFetching && entries && <LinearProgress sx={{ height: 2, borderRadius: 0 }} />}</Box>
      {!entries && log.isPending ? (
        <Stack spacing={2}>
          {[0, 1, 2].map((i) => (
            <Box key={i}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" width="35%" />
            </Box>
          ))}
        </Stack>
      ) : !entries ? (
        <EmptyState
          bare
          icon={<ErrorOutlineIcon color="error" />}
          title={t("leads.timeline.error")}
          text={errorMessage(log.error)}
          action={
            <Button variant="outlined" size="small" onClick={() => log.refetch()}>
              {t("table.retry")}
            </Button>
          }
        />
      ) : entries.length === 0 ? (
        <EmptyState
          bare
          icon={<HistoryIcon />}
          title={t("leads.timeline.empty")}
          text={filtered ? t("leads.timeline.emptyFiltered") : undefined}
        />
      ) : (
        <Box
          component="ol"
          aria-label={t("leads.timelineLabel")}
          sx={{
            m: 0,
            p: 0,
            listStyle: "none",
            position: "relative",
            opacity: log.isPlaceholderData ? 0.6 : 1,
            "&::before": { content: '""', position: "absolute", left: 9, top: 8, bottom: 8, width: 2, bgcolor: "divider" },
          }}
        >
          {entries.map((e) => (
            <TimelineEntry key={e.id} entry={e} />
          ))}
        </Box>
      )}
      {log.data && log.data.meta.total > 0 && (
        <Box sx={{ mx: { xs: -2, sm: -2.5 }, mb: { xs: -2, sm: -2.5 }, mt: 2 }}>
          <DataTablePagination
            page={table.page}
            limit={table.limit}
            total={log.data.meta.total}
            pageSizes={LOG_PAGE_SIZES}
            onPageChange={(p) => table.setPage(p)}
            onLimitChange={table.setLimit}
          />
        </Box>
      )}
    </LeadCard>
  );
}
