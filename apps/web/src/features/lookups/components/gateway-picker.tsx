import { GatewayKindLabels, type LookupGatewayKind } from "@leadflow/contracts";
import { Alert, Box, Link, MenuItem, Skeleton, TextField } from "@mui/material";
import { useEffect } from "react";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useLookupGateways } from "../api/gateway-options";

export interface GatewayPickerProps {
  kind: LookupGatewayKind;
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** Select the gateway when it is the only one (the run-lookup dialogs; a form being edited keeps its own). */
  autoSelectOnly?: boolean;
}

/** A 'Select gateway' picker of one lookup kind; with no gateway of that kind, says so and links to Integrations. */
export function GatewayPicker({ kind, value, onChange, onBlur, error, disabled, autoSelectOnly }: GatewayPickerProps) {
  const t = useT();
  const p = useAccountPath();
  const gateways = useLookupGateways(kind);
  const only = gateways.options.length === 1 ? gateways.options[0] : undefined;

  useEffect(() => {
    if (autoSelectOnly && only && value === null) onChange(only.id);
  }, [autoSelectOnly, only, value, onChange]);

  if (gateways.loading) return <Skeleton variant="rounded" height={40} />;
  if (gateways.error) return <Alert severity="error">{errorMessage(gateways.error)}</Alert>;
  if (gateways.options.length === 0) {
    return (
      <Alert severity="info">
        {t("lookups.gateway.none", { kind: GatewayKindLabels[kind] })}{" "}
        <Link component={RouterLink} to={p("settings/integrations")} sx={{ fontWeight: 600 }}>
          {t("lookups.gateway.addOne")}
        </Link>
      </Alert>
    );
  }
  return (
    <TextField
      select
      required
      label={t("lookups.gateway.label")}
      value={value ?? ""}
      disabled={disabled}
      error={!!error}
      helperText={error}
      onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      onBlur={onBlur}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          renderValue: (v) =>
            v === "" ? (
              <Box component="span" sx={{ color: "text.disabled" }}>
                {t("lookups.selectGateway")}
              </Box>
            ) : (
              (gateways.options.find((o) => o.id === v)?.name ?? "")
            ),
        },
      }}
    >
      {gateways.options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
