import { defaultRateOf, type GatewayKind, GatewayKindSelectOrder, gatewayTypesOf, isLookupKind } from "@leadflow/contracts";
import { Alert, Divider, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField } from "@mui/material";
import { Controller, type UseFormReturn } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";
import { type GatewayFormValues, senderGroupsOf, typeInfo, withKind, withType } from "../model/gateway-form";
import { GatewayParamsFields } from "./gateway-params-fields";
import { SenderRowsEditor } from "./sender-rows-editor";

interface FieldsProps {
  form: UseFormReturn<GatewayFormValues>;
  disabled?: boolean;
}

/** The Type (kind) and provider selects: a change starts the provider's fields afresh; both are fixed once saved. */
export function GatewayKindFields({ form, editing, disabled, onChange }: FieldsProps & { editing: boolean; onChange: () => void }) {
  const t = useT();
  const { control, getValues, reset, watch } = form;
  const kind = watch("kind");
  const locked = editing ? t("integrations.kindLocked") : undefined;
  const change = (next: GatewayFormValues) => {
    reset(next, { keepDefaultValues: true });
    onChange();
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
      <Controller
        name="kind"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            label={t("integrations.kind")}
            value={field.value}
            disabled={disabled || editing}
            onChange={(e) => change(withKind(getValues(), e.target.value as GatewayKind))}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? locked}
          >
            {GatewayKindSelectOrder.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`integrations.kindLabel.${k}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="type"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            label={t("integrations.provider")}
            value={field.value}
            disabled={disabled || editing}
            onChange={(e) => change(withType(getValues(), e.target.value))}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {gatewayTypesOf(kind).map((type) => (
              <MenuItem key={type} value={type}>
                {typeInfo(kind, type)?.label ?? type}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}

function SwitchField({
  form,
  name,
  label,
  hint,
  disabled,
}: FieldsProps & { name: "active" | "is_force" | "allow_lookup"; label: string; hint?: string }) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <Stack>
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />}
            label={label}
          />
          {hint && <FormHelperText sx={{ mt: -0.75, ml: 6 }}>{hint}</FormHelperText>}
        </Stack>
      )}
    />
  );
}

/** The provider's fields, its sender lists, Active and (lookup kinds) force, allow lookup and rate limit. */
export function GatewaySettingsFields({ form, masks, disabled }: FieldsProps & { masks: Record<string, string> }) {
  const t = useT();
  const kind = form.watch("kind");
  const type = form.watch("type");
  const info = typeInfo(kind, type);
  const groups = senderGroupsOf(kind, type);
  return (
    <>
      {info?.sandbox && <Alert severity="info">{t("integrations.sandboxHint")}</Alert>}
      <GatewayParamsFields fields={info?.fields ?? []} control={form.control} masks={masks} disabled={disabled} />
      {groups.length > 0 && <Divider />}
      {groups.map((group) => (
        <Controller
          key={group.key}
          name={`senders.${group.key}`}
          control={form.control}
          render={({ field, fieldState }) => (
            <SenderRowsEditor
              group={group}
              rows={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
      ))}
      <Divider />
      <SwitchField form={form} name="active" label={t("integrations.activeSwitch")} disabled={disabled} />
      {isLookupKind(kind) && (
        <>
          <SwitchField
            form={form}
            name="is_force"
            label={t("integrations.isForce")}
            hint={t("integrations.isForceHint")}
            disabled={disabled}
          />
          <SwitchField
            form={form}
            name="allow_lookup"
            label={t("integrations.allowLookup")}
            hint={t("integrations.allowLookupHint")}
            disabled={disabled}
          />
        </>
      )}
      <FormTextField
        name="rate_limit"
        control={form.control}
        type="number"
        label={t(isLookupKind(kind) ? "integrations.rateLimit" : "integrations.sendRate")}
        placeholder={String(defaultRateOf(kind))}
        hint={t(isLookupKind(kind) ? "integrations.rateLimitHint" : "integrations.sendRateHint", { rate: defaultRateOf(kind) })}
        disabled={disabled}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, step: 1 } }}
      />
    </>
  );
}
