import { Alert, Button, DialogActions, DialogContent, DialogTitle, Skeleton, Stack } from "@mui/material";
import type { ReactNode } from "react";
import { useFormSession } from "../../../components/form/form-session";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";

/**
 * The dialog while the gateways and carrier groups load (the form's defaults need them), or when they failed:
 * the title, placeholders or the error with a retry, and Cancel.
 */
export function FormLoading({ title, error, onRetry }: { title: ReactNode; error: unknown; onRetry: () => void }) {
  const t = useT();
  const { titleId, close } = useFormSession();
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {t("common.retry")}
              </Button>
            }
          >
            {t("routing.gatewaysError")} {errorMessage(error)}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }} aria-busy>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {t("common.cancel")}
        </Button>
      </DialogActions>
    </>
  );
}
