import type { LookupJob } from "@leadflow/contracts";
import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import StopIcon from "@mui/icons-material/Stop";
import { Chip, CircularProgress, IconButton, Stack, Tooltip } from "@mui/material";
import { useSnackbar } from "notistack";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useSetLookupStatus } from "../api/lookups.api";
import { lookupControl, lookupStatusColor, lookupStatusLabel } from "../model/lookup-status";

/** The status chip in its class colour; why a lookup stopped on its own (no funds) shows on hover. */
export function LookupStatusChip({ job }: { job: Pick<LookupJob, "status" | "error"> }) {
  const t = useT();
  const chip = (
    <Chip
      size="small"
      variant={job.error ? "filled" : "outlined"}
      color={job.error ? "error" : lookupStatusColor(job.status)}
      label={lookupStatusLabel(job.status)}
      aria-label={job.error ? t("lookups.status.withError", { status: lookupStatusLabel(job.status), error: job.error }) : undefined}
    />
  );
  return job.error ? (
    <Tooltip title={job.error}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}

/**
 * Start (pending, paused) or pause/stop (running): both of the latter send status 2; the table calls it
 * pause, the progress items stop. Toasts the server's 'Lookup started' / 'Lookup stopped'.
 */
export function LookupControlButton({ job, running = "pause" }: { job: Pick<LookupJob, "id" | "status">; running?: "pause" | "stop" }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const set = useSetLookupStatus();
  const control = lookupControl(job.status);
  if (!control) return null;
  const kind = control.action === "start" ? "start" : running;
  const label = t(`lookups.control.${kind}`);
  const icon = { start: <PlayArrowIcon fontSize="small" />, pause: <PauseIcon fontSize="small" />, stop: <StopIcon fontSize="small" /> }[
    kind
  ];
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          color={kind === "start" ? "primary" : "default"}
          disabled={set.isPending}
          onClick={() =>
            set.mutate(
              { id: job.id, status: control.status },
              {
                onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: "success" }),
                onError: (err) => enqueueSnackbar(errorMessage(err), { variant: "error" }),
              },
            )
          }
        >
          {set.isPending ? <CircularProgress size={16} color="inherit" /> : icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function LookupStatusCell({ job }: { job: LookupJob }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", whiteSpace: "nowrap" }}>
      <LookupStatusChip job={job} />
      <LookupControlButton job={job} />
    </Stack>
  );
}
