import { type GatewaySenderOptions, type SenderType, SenderTypes } from "@leadflow/contracts";
import { Box, FormControl, FormLabel, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { Controller, type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from "react-hook-form";
import { rowFieldError } from "../../../components/form/form-text-field";
import { dataKey, useT } from "../../../lib/i18n";
import { labelOf, nameAfterSenderChange, type SenderFormValues, senderChoices } from "../model/sender";

export interface SenderFieldsProps<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  /** Where the sender's fields are in the form: `default`, `groups.2`, `senders.0`. */
  prefix: string;
  gateways: readonly GatewaySenderOptions[];
  disabled?: boolean;
}

/**
 * A sender: SMS gateway (active ones only), phone or pool, the gateway's sender of that type, and its name.
 * Another gateway or type clears the sender: the old key means nothing there.
 */
export function SenderFields<V extends FieldValues, O>({ form, prefix, gateways, disabled }: SenderFieldsProps<V, O>) {
  const t = useT();
  const { control, setValue, getValues } = form;
  // The paths are the prefix's; react-hook-form cannot check a prefix given at run time.
  const path = (key: keyof SenderFormValues) => `${prefix}.${key}` as Path<V>;
  const set = (key: keyof SenderFormValues, value: string) =>
    setValue(path(key), value as PathValue<V, Path<V>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const current = useWatch({ control, name: prefix as Path<V> }) as SenderFormValues;
  const gateway = gateways.find((g) => g.id === current.gateway_id);
  const { options, missing } = senderChoices(gateway, current.sender_type, current.sender);
  const label = labelOf(gateway, current.sender_type, current.sender);

  /** The sender goes, and its name with it unless someone typed it. */
  const clearSender = () => {
    const name = getValues(path("sender_name")) as string;
    set("sender", "");
    set("sender_name", nameAfterSenderChange(name, label));
  };

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
      <Controller
        name={path("gateway_id")}
        control={control}
        render={({ field, fieldState, formState }) => (
          <TextField
            select
            required
            size="small"
            label={t("routing.gateway")}
            disabled={disabled}
            value={field.value ?? ""}
            onChange={(e) => {
              field.onChange(e.target.value === "" ? "" : Number(e.target.value));
              clearSender();
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!rowFieldError(fieldState, formState.isSubmitted)}
            helperText={rowFieldError(fieldState, formState.isSubmitted)?.message}
            slotProps={{ select: { renderValue: (id) => gateways.find((g) => g.id === id)?.name ?? t("routing.gatewayUnavailable") } }}
          >
            {gateways.map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name} · {g.type_alias}
              </MenuItem>
            ))}
            {current.gateway_id !== "" && !gateway && (
              <MenuItem value={current.gateway_id} disabled>
                {t("routing.gatewayUnavailable")}
              </MenuItem>
            )}
          </TextField>
        )}
      />
      <Controller
        name={path("sender_type")}
        control={control}
        render={({ field }) => (
          <FormControl disabled={disabled}>
            <FormLabel sx={{ fontSize: "0.75rem" }}>{t("routing.senderType")}</FormLabel>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={field.value}
              disabled={disabled}
              onChange={(_, next: SenderType | null) => {
                if (!next || next === field.value) return;
                field.onChange(next);
                clearSender();
              }}
              aria-label={t("routing.senderType")}
            >
              {SenderTypes.map((type) => (
                <ToggleButton key={type} value={type} sx={{ flex: 1, py: 0.5 }}>
                  {t(dataKey("routing.senderType", type))}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
        )}
      />
      <Controller
        name={path("sender")}
        control={control}
        render={({ field, fieldState, formState }) => (
          <TextField
            select
            required
            size="small"
            label={t("routing.sender")}
            disabled={disabled || !gateway}
            value={field.value ?? ""}
            onChange={(e) => {
              const name = getValues(path("sender_name")) as string;
              field.onChange(e.target.value);
              set("sender_name", nameAfterSenderChange(name, label));
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!rowFieldError(fieldState, formState.isSubmitted)}
            helperText={
              rowFieldError(fieldState, formState.isSubmitted)?.message ??
              (gateway && options.length === 0 ? t(dataKey("routing.noSenders", current.sender_type)) : undefined)
            }
          >
            {options.map((o) => (
              <MenuItem key={o.key} value={o.key}>
                {o.label}
              </MenuItem>
            ))}
            {missing && (
              <MenuItem value={missing} disabled>
                {t("routing.senderMissing", { sender: missing })}
              </MenuItem>
            )}
          </TextField>
        )}
      />
      <Controller
        name={path("sender_name")}
        control={control}
        render={({ field, fieldState, formState }) => (
          <TextField
            {...field}
            size="small"
            label={t("routing.senderName")}
            disabled={disabled}
            value={field.value ?? ""}
            placeholder={label}
            error={!!rowFieldError(fieldState, formState.isSubmitted)}
            helperText={
              rowFieldError(fieldState, formState.isSubmitted)?.message ?? (label ? t("routing.senderNameHint", { label }) : undefined)
            }
            slotProps={{ htmlInput: { maxLength: 120, autoComplete: "off" } }}
          />
        )}
      />
    </Box>
  );
}
