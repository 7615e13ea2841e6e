import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import type { FormEvent, ReactNode } from "react";
import { useT } from "../../lib/i18n";

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Receives the form's submit event; wire it to react-hook-form's `handleSubmit(...)`. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  submitLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  submitDisabled?: boolean;
  error?: ReactNode;
  /** Extra buttons left of Cancel. */
  extraActions?: ReactNode;
}

/** The one create/edit dialog: a form at most 496 px wide with an error alert and a busy submit button. */
export function FormDialog({
  open,
  title,
  children,
  onSubmit,
  onClose,
  submitLabel,
  cancelLabel,
  loading,
  submitDisabled,
  error,
  extraActions,
}: FormDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} fullWidth aria-labelledby="form-dialog-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!loading) onSubmit(e);
        }}
      >
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          {extraActions}
          <Button onClick={onClose} disabled={loading} color="inherit">
            {cancelLabel ?? t("common.cancel")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={loading || submitDisabled}
            startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitLabel ?? t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
