import CheckCircleOutlinedIcon from "@mui/icons-material/CheckCircleOutlined";
import ErrorOutlineOutlinedIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { errorMessage } from "../../../lib/errors";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { useLiveEvent } from "../../../lib/live";
import { IMPORT_POLL_MS, importQuery, useRefreshAfterImport } from "../api/imports.api";
import { eventMatches, type ImportEvent, isMilestone, isTerminal, PHASE_TITLE_KEYS, progressView } from "../model/import-progress";
import { ImportCounts } from "./import-counts";

export interface ImportProgressDialogProps {
  open: boolean;
  importId: number;
  fileName: string;
  onClose: () => void;
}

/**
 * The import's progress: live ImportStatus events and a 3 s poll of GET /imports/{id}. A failed poll stops
 * polling and ends as 'Import failed!'. Closing early leaves the import running (System Processes shows it).
 */
export function ImportProgressDialog({ open, importId, fileName, onClose }: ImportProgressDialogProps) {
  const t = useT();
  const p = useAccountPath();
  const [event, setEvent] = useState<ImportEvent>();
  const [pollError, setPollError] = useState<string | null>(null);
  const refresh = useRefreshAfterImport();
  const record = useQuery({
    ...importQuery(importId),
    enabled: open && !pollError,
    refetchInterval: (q) =>
      q.state.error || (q.state.data && isTerminal(progressView(q.state.data, undefined, null).phase)) ? false : IMPORT_POLL_MS,
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    if (record.error && !pollError) setPollError(errorMessage(record.error));
  }, [record.error, pollError]);

  const view = progressView(record.data, event, pollError);
  const done = isTerminal(view.phase);

  useLiveEvent("ImportStatus", (e) => {
    if (!open || done || !eventMatches(e, importId, record.data?.name ?? fileName)) return;
    setEvent(e);
    if (isMilestone(e.type)) {
      void record.refetch();
      // The end of duplicate resolution (or of parsing) refreshes the lead, source and list data.
      void refresh();
    }
  });

  // The end refreshes every count once, whichever way it ended.
  const refreshed = useRef(false);
  useEffect(() => {
    if (done && !refreshed.current) {
      refreshed.current = true;
      void refresh();
    }
  }, [done, refresh]);

  const running = !done;
  return (
    <Dialog
      open={open}
      onClose={running ? undefined : onClose}
      fullWidth
      aria-labelledby="import-progress-title"
      aria-describedby="import-progress-body"
    >
      <DialogTitle id="import-progress-title" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        {view.phase === "finished" && <CheckCircleOutlinedIcon color="success" />}
        {view.phase === "failed" && <ErrorOutlineOutlinedIcon color="error" />}
        {t(PHASE_TITLE_KEYS[view.phase])}
      </DialogTitle>
      <DialogContent id="import-progress-body">
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
            {record.data?.name ?? fileName}
          </Typography>
          <Box aria-live="polite">
            <LinearProgress
              variant="determinate"
              value={view.percent}
              color={view.phase === "failed" ? "error" : view.phase === "finished" ? "success" : "primary"}
              sx={{ height: 8, borderRadius: 4 }}
              aria-label={t(PHASE_TITLE_KEYS[view.phase])}
            />
            <Stack direction="row" sx={{ justifyContent: "space-between", mt: 0.75 }}>
              <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {t("imports.rowsOf", { processed: formatNumber(view.processed), total: formatNumber(view.total) })}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {Math.round(view.percent)}%
              </Typography>
            </Stack>
          </Box>
          <ImportCounts record={record.data} keys={["unique_count", "duplicates_count", "failed_count"]} />
          {view.phase === "failed" && view.message && <Alert severity="error">{view.message}</Alert>}
          {running && (
            <Typography variant="caption" color="text.secondary">
              {t("imports.keepsRunning")}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {running ? (
          <Button onClick={onClose} color="inherit">
            {t("imports.runInBackground")}
          </Button>
        ) : (
          <Button component={RouterLink} to={p(`settings/import-history/${importId}`)} onClick={onClose} color="inherit">
            {t("imports.seeHistory")}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} disabled={running}>
          {t("imports.ok")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
