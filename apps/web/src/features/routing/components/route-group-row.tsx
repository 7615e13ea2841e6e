import type { CarrierGroup, GatewaySenderOptions } from "@leadflow/contracts";
import RemoveIcon from "@mui/icons-material/Close";
import { Box, IconButton, MenuItem, Paper, Stack, TextField } from "@mui/material";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { rowFieldError } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";
import { groupSharesOf, type RouteFormValues } from "../model/route-form";
import { FrequencyField } from "./frequency-field";
import { SenderFields } from "./sender-fields";

export interface RouteGroupRowProps<O> {
  form: UseFormReturn<RouteFormValues, unknown, O>;
  index: number;
  groups: readonly CarrierGroup[];
  gateways: readonly GatewaySenderOptions[];
  onRemove: () => void;
  disabled?: boolean;
}

/**
 * One carrier group row of a route: the group, its sender and its frequency. A group may have several senders: its
 * leads split between them by frequency, and each row says its share.
 */
export function RouteGroupRow<O>({ form, index, groups, gateways, onRemove, disabled }: RouteGroupRowProps<O>) {
  const t = useT();
  const rows = useWatch({ control: form.control, name: "groups" });
  const share = groupSharesOf(rows)[index];
  return (
    <Paper variant="outlined" role="group" aria-label={t("routing.routes.groupRow", { index: index + 1 })} sx={{ p: 1.5 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <Box sx={{ flex: 1, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <Controller
              name={`groups.${index}.group_id`}
              control={form.control}
              render={({ field, fieldState, formState }) => (
                <TextField
                  select
                  required
                  size="small"
                  label={t("routing.routes.group")}
                  disabled={disabled}
                  value={field.value ?? ""}
                  onChange={(e) => field.onChange(e.target.value === "" ? "" : Number(e.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!rowFieldError(fieldState, formState.isSubmitted)}
                  helperText={rowFieldError(fieldState, formState.isSubmitted)?.message}
                >
                  {groups.map((g) => (
                    <MenuItem key={g.id} value={g.id}>
                      {g.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FrequencyField
              name={`groups.${index}.frequency`}
              control={form.control}
              disabled={disabled}
              hint={share === null || share === undefined ? undefined : t("routing.routes.groupShare", { share })}
            />
          </Box>
          <IconButton onClick={onRemove} disabled={disabled} aria-label={t("routing.routes.removeGroup", { index: index + 1 })}>
            <RemoveIcon fontSize="small" />
          </IconButton>
        </Stack>
        <SenderFields form={form} prefix={`groups.${index}`} gateways={gateways} disabled={disabled} />
      </Stack>
    </Paper>
  );
}
