import { Box, Collapse, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from "@mui/material";
import { useT } from "../../lib/i18n";
import { LOOKUP_TOGGLES, type LookupOptions, type LookupToggle } from "./lookup-options";

export interface GatewayOption {
  id: number;
  name: string;
}

export interface LookupTogglesProps {
  value: LookupOptions;
  onChange: (value: LookupOptions) => void;
  /** Active gateways per lookup kind that allow lookups (features/lookups `useLookupToggleGateways`). */
  gateways?: Partial<Record<LookupToggle["kind"], GatewayOption[]>>;
  disabled?: boolean;
}

/** 'Lookup phone numbers', 'SMS DNC', 'Lookup emails', each revealing a 'Select gateway' picker. */
export function LookupToggles({ value, onChange, gateways = {}, disabled }: LookupTogglesProps) {
  const t = useT();
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{t("lookups.title")}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t("lookups.hint")}
      </Typography>
      {LOOKUP_TOGGLES.map((toggle) => {
        const on = value[toggle.check];
        const options = gateways[toggle.kind] ?? [];
        const gatewayId = value[toggle.gateway];
        return (
          <Box key={toggle.check}>
            <FormControlLabel
              control={
                <Switch
                  checked={on}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange({ ...value, [toggle.check]: e.target.checked, ...(e.target.checked ? {} : { [toggle.gateway]: null }) })
                  }
                />
              }
              label={t(toggle.label)}
            />
            <Collapse in={on} unmountOnExit>
              <TextField
                select
                label={t("lookups.gateway")}
                value={gatewayId ?? ""}
                disabled={disabled}
                onChange={(e) => onChange({ ...value, [toggle.gateway]: e.target.value === "" ? null : Number(e.target.value) })}
                sx={{ mt: 0.5, mb: 1 }}
                slotProps={{
                  inputLabel: { shrink: true },
                  select: {
                    displayEmpty: true,
                    SelectDisplayProps: {
                      "aria-label": t("lookups.gatewayFor", { lookup: t(toggle.label) }),
                      "aria-labelledby": undefined,
                    },
                    renderValue: (v) =>
                      v === "" ? (
                        <Box component="span" sx={{ color: "text.disabled" }}>
                          {t("lookups.selectGateway")}
                        </Box>
                      ) : (
                        (options.find((o) => o.id === v)?.name ?? "")
                      ),
                  },
                }}
              >
                {options.length === 0 && (
                  <MenuItem disabled value="" sx={{ whiteSpace: "normal" }}>
                    {t("lookups.noGateways")}
                  </MenuItem>
                )}
                {options.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
            </Collapse>
          </Box>
        );
      })}
    </Stack>
  );
}
