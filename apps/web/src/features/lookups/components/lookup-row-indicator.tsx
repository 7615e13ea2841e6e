import { type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import { Box, LinearProgress, Stack, Tooltip, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { clampPercent, formatPercent } from "../../../components/data-table/format";
import { useT } from "../../../lib/i18n";
import { activeLookupsQuery } from "../api/lookups.api";
import { progressText, showsProgress } from "../model/lookup-format";
import { isLookupRunning } from "../model/lookup-status";

/**
 * A sources or lists table row's running lookup: a thin bar and its percent, the details on hover. Every row reads
 * the one team-wide query of active lookups (the page keeps it live with `useLookupLiveUpdates`).
 */
export function LookupRowIndicator({ sourceId, listId }: { sourceId?: number; listId?: number }) {
  const t = useT();
  const active = useQuery(activeLookupsQuery());
  const jobs = (active.data?.data ?? []).filter(
    (j) => showsProgress(j) && (listId !== undefined ? j.list?.id === listId : j.source?.id === sourceId),
  );
  const job = jobs.find((j) => isLookupRunning(j.status)) ?? jobs[0];
  if (!job) return null;
  const type = LookupTypeLabels[job.type as LookupType] ?? "";
  const more = jobs.length > 1 ? ` ${t("lookups.progress.more", { count: jobs.length - 1 })}` : "";
  return (
    <Tooltip title={`${type}: ${progressText(job)}${job.time_left ? ` · ${t("lookups.timeLeft", { time: job.time_left })}` : ""}${more}`}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", mt: 0.5, maxWidth: 200 }}>
        <Box sx={{ flex: 1, minWidth: 48 }}>
          <LinearProgress
            variant="determinate"
            value={clampPercent(job.percent)}
            color={job.status === 3 ? "success" : "primary"}
            sx={{ height: 3, borderRadius: 2, bgcolor: "action.hover" }}
            aria-label={`${type} ${progressText(job)}`}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
          {job.status === 3 ? progressText(job) : `${type} ${formatPercent(job.percent)}`}
        </Typography>
      </Stack>
    </Tooltip>
  );
}
