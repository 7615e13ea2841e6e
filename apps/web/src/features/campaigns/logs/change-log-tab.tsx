import { CampaignChangePageSize } from "@leadflow/contracts";
import HistoryIcon from "@mui/icons-material/History";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Skeleton, Stack, Tooltip } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DataTablePagination } from "../../../components/data-table/data-table-pagination";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useCampaignOutlet } from "../detail/model/campaign-outlet";
import { campaignChangesQuery } from "./change-log.api";
import { changeLogView, pageToReset, toggled } from "./change-log.model";
import { ChangeLogEntry } from "./change-log-entry";

const SIZES = [CampaignChangePageSize] as const;

/**
 * The Logs tab: the campaign's changes as a timeline, newest first — when, what kind, who, and the changed
 * fields with their new values behind a toggle. Refresh; 20 a page with the page in the URL, back to page 1 when it
 * is past the last; no sorting.
 */
export function ChangeLogTab() {
  const t = useT();
  const { campaign } = useCampaignOutlet();
  const table = useTableUrlState({ limit: CampaignChangePageSize, limits: SIZES });
  const query = useQuery(campaignChangesQuery(campaign.id, { page: table.page, limit: table.limit }));
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());

  const reset = pageToReset(table.page, query);
  const { setPage } = table;
  useEffect(() => {
    if (reset) setPage(1, { replace: true });
  }, [reset, setPage]);

  const view = changeLogView(table.page, query);
  const title = t("campaigns.detail.tabs.logs");
  const refresh = t("campaigns.logs.refresh");

  return (
    <section aria-label={title}>
      <SectionTitle
        title={title}
        actions={
          <Tooltip title={refresh}>
            <span>
              <IconButton aria-label={refresh} onClick={() => query.refetch()} disabled={query.isFetching}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        }
      />
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => query.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {t("campaigns.logs.loadError")} {errorMessage(query.error)}
        </Alert>
      )}
      {view === "empty" && (
        <EmptyState icon={<HistoryIcon />} title={t("campaigns.detail.empty.logs")} text={t("campaigns.detail.empty.logsText")} />
      )}
      {(view === "loading" || view === "resetting") && <TimelineSkeleton label={t("campaigns.logs.changes.loading")} />}
      {view === "entries" && query.data && (
        <Paper variant="outlined">
          <Box sx={{ height: 2 }}>{query.isFetching && <LinearProgress sx={{ height: 2, borderRadius: 0 }} />}</Box>
          <Box
            component="ol"
            aria-label={t("campaigns.logs.changes.timeline")}
            sx={{
              m: 0,
              px: { xs: 2, sm: 2.5 },
              py: 2,
              listStyle: "none",
              position: "relative",
              opacity: query.isPlaceholderData ? 0.6 : 1,
              // The line the dots sit on.
              "&::before": {
                content: '""',
                position: "absolute",
                left: { xs: 25, sm: 29 },
                top: 24,
                bottom: 24,
                width: 2,
                bgcolor: "divider",
              },
            }}
          >
            {query.data.data.map((entry) => (
              <ChangeLogEntry
                key={entry.id}
                entry={entry}
                expanded={open.has(entry.id)}
                onToggle={() => setOpen((o) => toggled(o, entry.id))}
              />
            ))}
          </Box>
          <DataTablePagination
            page={table.page}
            limit={table.limit}
            total={query.data.meta.total}
            pageSizes={SIZES}
            onPageChange={(p) => table.setPage(p)}
            onLimitChange={table.setLimit}
          />
        </Paper>
      )}
    </section>
  );
}

function TimelineSkeleton({ label }: { label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack spacing={2.5} aria-busy aria-label={label}>
        {[0, 1, 2, 3].map((i) => (
          <Stack key={i} direction="row" spacing={1.5}>
            <Skeleton variant="circular" width={12} height={12} sx={{ mt: 0.75 }} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="45%" />
              <Skeleton variant="text" width="25%" />
            </Box>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
