import { type LookupJob, type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { Box, Chip, LinearProgress, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { clampPercent, formatPercent } from "../../../components/data-table/format";
import { useT } from "../../../lib/i18n";
import { useLookupLiveUpdates } from "../api/lookup-live";
import { type ActiveScope, activeLookupsQuery } from "../api/lookups.api";
import { progressText, showsProgress } from "../model/lookup-format";
import { isLookupRunning, lookupStatusLabel } from "../model/lookup-status";
import { LookupControlButton, LookupStatusChip } from "./lookup-status";

/** One lookup's compact progress: bar, 'N phones left' or 'Completed', the 'paid' chip, start/stop. */
export function LookupProgressItem({ job }: { job: LookupJob }) {
  const t = useT();
  const done = job.status === 3;
  const running = isLookupRunning(job.status);
  return (
    <Paper
      variant="outlined"
      sx={{ px: 2, py: 1.25 }}
      aria-label={t("lookups.progress.label", { type: LookupTypeLabels[job.type as LookupType] })}
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: "center" } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: { sm: 200 } }}>
          {done ? <CheckCircleIcon fontSize="small" color="success" /> : <ManageSearchIcon fontSize="small" color="primary" />}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
              {LookupTypeLabels[job.type as LookupType] ?? job.type}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {[job.list?.name, job.gateway?.name].filter(Boolean).join(" · ") || lookupStatusLabel(job.status)}
            </Typography>
          </Box>
        </Stack>
        <Box sx={{ flex: 1, minWidth: 120 }}>
          <LinearProgress
            variant={running && job.total_count === 0 ? "indeterminate" : "determinate"}
            value={clampPercent(job.percent)}
            color={done ? "success" : "primary"}
            sx={{ height: 6, borderRadius: 3, bgcolor: "action.hover" }}
            aria-label={progressText(job)}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexShrink: 0, justifyContent: "space-between" }}>
          <Tooltip title={job.time_left ? t("lookups.timeLeft", { time: job.time_left }) : ""}>
            <Typography variant="body2" sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {progressText(job)}
              </Box>
              {!done && (
                <Box component="span" sx={{ color: "text.secondary" }}>
                  {" · "}
                  {formatPercent(job.percent)}
                </Box>
              )}
            </Typography>
          </Tooltip>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            {job.paid && <Chip size="small" color="warning" variant="outlined" label={t("lookups.progress.paid")} />}
            {!running && !done && <LookupStatusChip job={job} />}
            <LookupControlButton job={job} running="stop" />
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The running, paused and just-completed lookups of a source or a list, under its page header; nothing while none
 * has items left or runs.
 */
export function LookupProgressList({ scope }: { scope: ActiveScope }) {
  useLookupLiveUpdates();
  const active = useQuery(activeLookupsQuery(scope));
  const jobs = (active.data?.data ?? []).filter(showsProgress);
  if (jobs.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {jobs.map((job) => (
        <LookupProgressItem key={job.id} job={job} />
      ))}
    </Stack>
  );
}
