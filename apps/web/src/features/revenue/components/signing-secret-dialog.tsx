import type { RevenueTracking } from "@leadflow/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useLastOpenValue } from "../../../components/form/use-last-open-value";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { revenueSecretQuery } from "../api/revenue-trackings.api";

const mono = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.8125rem" };

export interface SigningSecretDialogProps {
  /** The tracking whose secret to show; null closes the dialog. */
  tracking: RevenueTracking | null;
  onCopy: (secret: string) => void;
  onClose: () => void;
}

/** "Show signing secret": the secret, fetched as the dialog opens, how partners sign with it, and a copy button. */
export function SigningSecretDialog({ tracking, onCopy, onClose }: SigningSecretDialogProps) {
  const t = useT();
  const titleId = useId();
  const shown = useLastOpenValue(!!tracking, tracking);
  const secret = useQuery(revenueSecretQuery(tracking?.id ?? null));
  const value = secret.data?.secret;
  return (
    <Dialog open={!!tracking} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ wordBreak: "break-word" }}>
        {t("revenue.secretTitle", { name: shown?.name ?? "" })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{t("revenue.secretText")}</Typography>
          <Box
            component="code"
            sx={{ ...mono, display: "block", p: 1.5, borderRadius: 1, bgcolor: "action.hover", wordBreak: "break-word" }}
          >
            {t("revenue.secretFormula")}
          </Box>
          {secret.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => secret.refetch()}>
                  {t("common.retry")}
                </Button>
              }
            >
              {errorMessage(secret.error, t("revenue.secretLoadError"))}
            </Alert>
          ) : value ? (
            <TextField
              label={t("revenue.secretLabel")}
              value={value}
              fullWidth
              helperText={t("revenue.secretKeep")}
              onFocus={(e) => e.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, sx: mono, spellCheck: false },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton edge="end" onClick={() => onCopy(value)} aria-label={t("revenue.secretCopy")}>
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          ) : (
            <Skeleton variant="rounded" height={56} aria-label={t("common.loading")} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
