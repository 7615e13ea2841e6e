import type { GatewayField } from "@leadflow/contracts";
import type { Control } from "react-hook-form";
import { Controller } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { PasswordField } from "../../../components/password-field/password-field";
import { useT } from "../../../lib/i18n";
import type { GatewayFormValues } from "../model/gateway-form";

export interface GatewayParamsFieldsProps {
  fields: readonly GatewayField[];
  control: Control<GatewayFormValues>;
  /** Saved secrets' masks by key (editing): the placeholder of an empty secret input, which keeps the saved value. */
  masks: Record<string, string>;
  disabled?: boolean;
}

/** The provider type's own fields: secrets as password inputs that never show the saved value. */
export function GatewayParamsFields({ fields, control, masks, disabled }: GatewayParamsFieldsProps) {
  const t = useT();
  return (
    <>
      {fields.map((f) => {
        const name = `params.${f.key}` as const;
        const mask = masks[f.key];
        if (!f.secret) {
          return (
            <FormTextField
              key={f.key}
              name={name}
              control={control}
              label={f.label}
              required={f.required}
              disabled={disabled}
              hint={f.help}
              placeholder={f.url ? "https://" : undefined}
              slotProps={{ htmlInput: { autoComplete: "off", spellCheck: false, maxLength: 2000 } }}
            />
          );
        }
        return (
          <Controller
            key={f.key}
            name={name}
            control={control}
            render={({ field, fieldState }) => (
              <PasswordField
                {...field}
                value={field.value ?? ""}
                label={f.label}
                required={f.required && !mask}
                disabled={disabled}
                placeholder={mask}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? (mask ? t("integrations.keepSecret") : f.help)}
                slotProps={{
                  inputLabel: mask ? { shrink: true } : undefined,
                  htmlInput: { autoComplete: "new-password", spellCheck: false, maxLength: 2000 },
                }}
              />
            )}
          />
        );
      })}
    </>
  );
}
