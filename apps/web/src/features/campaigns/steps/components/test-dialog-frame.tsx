import type { TestSendResult } from "@leadflow/contracts";
import { Alert, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import type { BaseSyntheticEvent, ReactNode } from "react";
import { useT } from "../../../../lib/i18n";
import { TestResult } from "./test-result";

export interface TestDialogFrameProps {
  title: ReactNode;
  titleId: string;
  kind: "sms" | "email";
  result: TestSendResult | null;
  failure: string | null;
  pending: boolean;
  onSubmit: (e: BaseSyntheticEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

/** Title, the answer or failure as an alert, the fields, Close and Send: both test dialogs. */
export function TestDialogFrame({ title, titleId, kind, result, failure, pending, onSubmit, onClose, children }: TestDialogFrameProps) {
  const t = useT();
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId} sx={{ overflowWrap: "anywhere" }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {result && <TestResult result={result} kind={kind} />}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t("common.close")}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t("campaigns.steps.test.send")}
        </Button>
      </DialogActions>
    </form>
  );
}
