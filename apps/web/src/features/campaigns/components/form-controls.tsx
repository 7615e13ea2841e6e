import type { Campaign, SaveCampaign } from "@leadflow/contracts";
import { Checkbox, FormControlLabel, FormHelperText, ListItemText, MenuItem, Stack, Switch, TextField } from "@mui/material";
import type { ReactNode } from "react";
import { type Control, Controller, type Path, type UseFormReturn } from "react-hook-form";
import { type MessageKey, useT } from "../../../lib/i18n";
import type { CampaignFormOptions } from "../api/campaign-form-options";
import { type CampaignFormValues, isLocked } from "../model/campaign-form";

type Ctl = Control<CampaignFormValues, unknown, SaveCampaign>;

/** What each part of the Create/Edit Campaign dialog gets. */
export interface CampaignFieldsProps {
  form: UseFormReturn<CampaignFormValues, unknown, SaveCampaign>;
  /** The campaign being edited; none while creating. */
  campaign?: Campaign;
  /** While the dialog saves. */
  disabled: boolean;
}

export type CampaignOptionFieldsProps = CampaignFieldsProps & { options: CampaignFormOptions };

/**
 * The props every control of the dialog shares: `field("route_id", "campaigns.form.route")` binds the field to the
 * form with its label, off while saving; a field a started campaign locks (spec 3 §4) is off then too, and says why.
 */
export function useCampaignField({ form, campaign, disabled }: CampaignFieldsProps) {
  const t = useT();
  return (name: Path<CampaignFormValues>, label: MessageKey) => {
    const locked = isLocked(campaign, name);
    return {
      name,
      control: form.control,
      label: t(label),
      disabled: disabled || locked,
      hint: locked ? t("campaigns.form.lockedHint") : undefined,
    };
  };
}

/** Fields side by side, one under another on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      {children}
    </Stack>
  );
}
export interface Option {
  value: string | number;
  label: string;
}

interface Base {
  name: Path<CampaignFormValues>;
  control: Ctl;
  label: string;
  disabled?: boolean;
  hint?: string;
  required?: boolean;
}

/** A single select; `none` adds an empty choice. `onPicked` gets the new value (to clear or fill a dependant). */
export function SelectControl({
  name,
  control,
  label,
  disabled,
  hint,
  required,
  options,
  none,
  onPicked,
}: Base & { options: readonly Option[]; none?: string; onPicked?: (value: string | number) => void }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          required={required}
          disabled={disabled}
          value={field.value ?? ""}
          onChange={(e) => {
            field.onChange(e.target.value);
            onPicked?.(e.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
        >
          {none !== undefined && (
            <MenuItem value="">
              <em>{none}</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A multi-select with checkboxes (triggers, spam email groups). */
export function MultiSelectControl({ name, control, label, disabled, hint, options }: Base & { options: readonly Option[] }) {
  const labelOf = (v: unknown) => options.find((o) => o.value === v)?.label ?? String(v);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const value = (field.value as (string | number)[] | undefined) ?? [];
        return (
          <TextField
            select
            fullWidth
            label={label}
            disabled={disabled}
            value={value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? hint}
            slotProps={{ select: { multiple: true, renderValue: (v) => (v as unknown[]).map(labelOf).join(", ") } }}
          >
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value} dense>
                <Checkbox size="small" checked={value.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={o.label} />
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

export function SwitchControl({ name, control, label, disabled, hint }: Base) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Stack>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                checked={field.value === true}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
              />
            }
          />
          {(fieldState.error || hint) && (
            <FormHelperText error={!!fieldState.error} sx={{ mt: 0, mx: 0 }}>
              {fieldState.error?.message ?? hint}
            </FormHelperText>
          )}
        </Stack>
      )}
    />
  );
}
