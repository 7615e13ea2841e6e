import CloudDownloadIcon from "@mui/icons-material/CloudDownloadOutlined";
import DownloadIcon from "@mui/icons-material/DownloadOutlined";
import { Alert, Box, Button, Chip, LinearProgress, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { errorMessage } from "../../../lib/errors";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { hasDownload, isInProgress, processesQuery } from "../api/processes.api";

/** settings/download-file: every process with a download link ('See More' from the header popover). */
export function DownloadFilePage() {
  const t = useT();
  useSettingsBreadcrumbs({ label: t("downloads.title") });
  const processes = useQuery({ ...processesQuery(), refetchInterval: 5_000 });
  const all = processes.data ?? [];
  const files = all.filter(hasDownload);
  const running = all.filter(isInProgress);

  return (
    <>
      <SectionTitle title={t("downloads.title")} subtitle={t("downloads.subtitle")} />
      {processes.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(processes.error)}
        </Alert>
      )}
      {running.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
            {t("header.processesRunning")}
          </Typography>
          <Stack spacing={1.5} sx={{ mt: 0.5 }}>
            {running.map((p) => (
              <Box key={p.id}>
                <Stack direction="row" sx={{ justifyContent: "space-between", mb: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`process.${p.status}`)}
                    {p.progress !== null ? ` · ${Math.round(p.progress)}%` : ""}
                  </Typography>
                </Stack>
                <LinearProgress variant={p.progress === null ? "indeterminate" : "determinate"} value={p.progress ?? undefined} />
              </Box>
            ))}
          </Stack>
        </Paper>
      )}
      {processes.isPending ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Paper>
      ) : files.length === 0 ? (
        <EmptyState icon={<CloudDownloadIcon />} title={t("downloads.empty")} text={t("downloads.emptyText")} />
      ) : (
        <Paper variant="outlined">
          <Stack divider={<Box sx={{ borderTop: 1, borderColor: "divider" }} />}>
            {files.map((f) => (
              <Stack key={f.id} direction="row" spacing={2} sx={{ px: 2, py: 1.5, alignItems: "center" }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {f.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t("downloads.created")} {formatDateTime(f.created_at)}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(`process.${f.status}`)}
                  color={f.status === "failed" ? "error" : "success"}
                />
                <Button component="a" href={f.download_url} download size="small" variant="outlined" startIcon={<DownloadIcon />}>
                  {t("header.download")}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
    </>
  );
}
