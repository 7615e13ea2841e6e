import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  /** The product's wording for deletes: t("common.deleteConfirm", { thing }) → 'Do you want to delete {thing}?' */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Paint the confirm button red (default true: most confirmations delete something). */
  danger?: boolean;
  loading?: boolean;
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = true,
  loading,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} fullWidth aria-labelledby="confirm-dialog-title">
      {title && <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>}
      <DialogContent sx={{ pt: title ? 0 : 3 }}>
        {typeof message === "string" ? <Typography>{message}</Typography> : message}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading} color="inherit">
          {cancelLabel ?? t("common.cancel")}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={danger ? "error" : "primary"}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
          autoFocus
        >
          {confirmLabel ?? t("common.delete")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
