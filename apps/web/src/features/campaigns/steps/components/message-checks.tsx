import { messageChecks, unacknowledgedChecks } from "@leadflow/contracts";
import { Alert, Button, Stack, Typography } from "@mui/material";
import { tn, useT } from "../../../../lib/i18n";

export interface MessageChecksProps {
  message: string;
  /** The campaign's first message: the opt-out and brand checks apply. */
  first: boolean;
  /** The team's brand; unknown yet: no brand check. */
  brand?: string | null;
  acknowledged: readonly string[];
  onAcknowledge: (key: string) => void;
  disabled?: boolean;
}

/**
 * The pre-send checks as the user types (contracts `message-checks.ts`): each warning an Alert with Acknowledge,
 * which keeps it quiet for the same finding once the step is saved. They never block the save.
 */
export function MessageChecks({ message, first, brand, acknowledged, onAcknowledge, disabled }: MessageChecksProps) {
  const t = useT();
  const checks = messageChecks({ message, first, brand });
  const open = unacknowledgedChecks(checks, acknowledged);
  const quiet = checks.length - open.length;
  if (checks.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="message-checks" aria-label={t("campaigns.steps.checks.title")} role="region">
      {open.map((c) => (
        <Alert
          key={c.key}
          severity="warning"
          data-check={c.id}
          action={
            <Button color="inherit" size="small" onClick={() => onAcknowledge(c.key)} disabled={disabled}>
              {t("campaigns.steps.checks.acknowledge")}
            </Button>
          }
        >
          {c.message}
        </Alert>
      ))}
      {quiet > 0 && (
        <Typography variant="caption" color="text.secondary">
          {tn("campaigns.steps.checks.acknowledged", quiet)}
        </Typography>
      )}
    </Stack>
  );
}
