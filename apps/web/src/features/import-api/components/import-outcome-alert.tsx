import { assertNever } from "@leadflow/contracts";
import { Alert, AlertTitle, Box, Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";
import { type ImportOutcome, leadResultKey } from "../model/import-outcome";

/** The answer of the last save: success with each lead's result, or why the server refused. */
export function ImportOutcomeAlert({ outcome }: { outcome: ImportOutcome }) {
  const t = useT();
  switch (outcome.kind) {
    case "saved": {
      const d = outcome.response.data;
      return (
        <Alert severity={outcome.partial ? "warning" : "success"} role="status">
          <AlertTitle>{t("importTest.saved")}</AlertTitle>
          <Typography variant="body2">
            {t("importTest.counts", { received: d.received, created: d.created, merged: d.merged, failed: d.failed })}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {d.leads.map((r) => (
              <li key={r.index}>
                <Typography variant="body2" component="span">
                  {t("importTest.result", { index: r.index + 1, status: t(leadResultKey(r)) })}
                  {r.lead_id !== null && ` (${t("importTest.resultLead", { id: r.lead_id })})`}
                  {r.message && ` — ${r.message}`}
                </Typography>
              </li>
            ))}
          </Box>
        </Alert>
      );
    }
    case "unauthorized":
      return <Alert severity="error">{outcome.message}</Alert>;
    case "invalid":
      return (
        <Alert severity="error">
          <AlertTitle>{t("importTest.responseError")}</AlertTitle>
          {outcome.message}
          {outcome.errors.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, wordBreak: "break-word" }}>
              {outcome.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </Box>
          )}
        </Alert>
      );
    case "rateLimited":
      return (
        <Alert severity="warning">
          {outcome.message}
          {outcome.retryAfter ? ` ${t("errors.retryAfter", { seconds: outcome.retryAfter })}` : ""}
        </Alert>
      );
    case "failed":
      return <Alert severity="error">{outcome.message}</Alert>;
    default:
      return assertNever(outcome);
  }
}
