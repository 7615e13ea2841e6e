import type { TestSendResult } from "@leadflow/contracts";
import { Alert, AlertTitle, Box, Typography } from "@mui/material";
import { tn, useT } from "../../../../lib/i18n";

const severity = { accepted: "success", rejected: "error", throttled: "warning", unknown: "warning" } as const satisfies Record<
  TestSendResult["outcome"],
  "success" | "error" | "warning"
>;

/** The test's answer as an alert: the provider's verdict, what was sent and for whom it was rendered. */
export function TestResult({ result, kind }: { result: TestSendResult; kind: "sms" | "email" }) {
  const t = useT();
  return (
    <Alert severity={severity[result.outcome]} role="status">
      <AlertTitle sx={{ overflowWrap: "anywhere" }}>{result.message}</AlertTitle>
      <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
        {t(kind === "sms" ? "campaigns.steps.test.sent" : "campaigns.steps.test.sentSubject")}
        {kind === "sms" && result.encoding ? ` (${tn("campaigns.steps.parts", result.parts)} · ${result.encoding})` : ""}
      </Typography>
      <Box component="blockquote" sx={{ m: 0, mb: 0.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere", typography: "body2" }}>
        {result.body}
      </Box>
      <Typography variant="caption" component="div">
        {result.lead_id === null ? t("campaigns.steps.test.renderedSample") : t("campaigns.steps.test.renderedFor", { id: result.lead_id })}
        {result.provider_id ? ` ${t("campaigns.steps.test.providerId", { id: result.provider_id })}` : ""}
      </Typography>
    </Alert>
  );
}
