import type { ComplianceFile, LeadSelection } from "@leadflow/contracts";
import FolderZipIcon from "@mui/icons-material/FolderZipOutlined";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { useLiveEvent } from "../../../lib/live";
import { complianceFileQuery, complianceKeys, isComplianceRunning, useStartComplianceFile } from "../api/compliance.api";
import { ComplianceFileProgress } from "./compliance-file-progress";

export interface ComplianceFileDialogProps {
  open: boolean;
  onClose(): void;
  /** A lead page's `{ ids: [id] }`, or the leads table's selection. */
  selection: LeadSelection | null;
  /** How many leads the selection holds, for the dialog's count. */
  count: number;
}

/** Without live events, a file being written is read again this often. */
const POLL_MS = 2_000;

/**
 * Download compliance file / Compliance files: says what the ZIP holds, starts it, then follows it — live events
 * move the bar, a poll covers a channel that is down — and offers its download once written.
 */
export function ComplianceFileDialog({ open, onClose, selection, count }: ComplianceFileDialogProps) {
  const t = useT();
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const start = useStartComplianceFile();
  const [fileId, setFileId] = useState<number | null>(null);
  const file = useQuery({
    ...complianceFileQuery(fileId ?? 0),
    enabled: open && fileId !== null,
    refetchInterval: (q) => (!q.state.data || isComplianceRunning(q.state.data) ? POLL_MS : false),
  });
  useLiveEvent("ComplianceFileStatus", (e) => {
    if (e.id !== fileId) return;
    qc.setQueryData<ComplianceFile>(complianceKeys.one(e.id), (old) =>
      old ? { ...old, status: e.status, completed_leads: e.completed_leads, total_leads: e.total_leads, url: e.url ?? old.url } : old,
    );
    if (!isComplianceRunning(e)) void qc.invalidateQueries({ queryKey: complianceKeys.all });
  });
  // Closing forgets the file: the next opening, for this selection or another, starts over.
  const close = () => {
    onClose();
    setFileId(null);
    start.reset();
  };

  const shown = file.data ?? start.data?.data;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="compliance-file-title">
      <DialogTitle id="compliance-file-title">{t("compliance.dialogTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t("compliance.intro")}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <FolderZipIcon color="action" fontSize="small" />
            <Typography variant="subtitle2">{tn("compliance.leads", count, { count: count.toLocaleString("en-US") })}</Typography>
          </Stack>
          {start.error && <Alert severity="error">{errorMessage(start.error)}</Alert>}
          {shown && <ComplianceFileProgress file={shown} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {t("compliance.close")}
        </Button>
        {fileId === null && (
          <Button
            variant="contained"
            disabled={!selection || start.isPending}
            startIcon={start.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() =>
              selection &&
              start.mutate(selection, {
                onSuccess: (answer) => {
                  enqueueSnackbar(answer.message || t("compliance.queued"), { variant: "success" });
                  setFileId(answer.data.id);
                },
                onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
              })
            }
          >
            {t("compliance.create")}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
