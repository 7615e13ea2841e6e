import { EmailGroupLimits, type SaveSenderEmailGroup } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Close";
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from "@mui/material";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";

export type SenderGroupValues = z.input<typeof SaveSenderEmailGroup>;

export const emptyUsername = () => ({ from_name: "", user_name: "" });

export interface UsernamesEditorProps {
  form: UseFormReturn<SenderGroupValues, unknown, SaveSenderEmailGroup>;
  disabled?: boolean;
}

/** The group's rows: From name, User name and a remove button each, and "Add username" below. */
export function UsernamesEditor({ form, disabled }: UsernamesEditorProps) {
  const t = useT();
  const rows = useFieldArray({ control: form.control, name: "usernames" });
  const listError = form.formState.errors.usernames;
  const message = listError?.message ?? listError?.root?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {t("emailGroups.sender.usernames")}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", mb: 1.5 }}>
        {t("emailGroups.sender.usernamesHint")}
      </Typography>
      <Stack spacing={1.5}>
        {rows.fields.map((row, index) => (
          <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ flex: 1, minWidth: 0 }}>
              <FormTextField
                name={`usernames.${index}.from_name`}
                control={form.control}
                label={t("emailGroups.sender.fromName")}
                placeholder={t("emailGroups.sender.fromNamePlaceholder")}
                size="small"
                inRow
                disabled={disabled}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: EmailGroupLimits.fromName, autoComplete: "off" } }}
              />
              <FormTextField
                name={`usernames.${index}.user_name`}
                control={form.control}
                label={t("emailGroups.sender.userName")}
                placeholder={t("emailGroups.sender.userNamePlaceholder")}
                size="small"
                inRow
                disabled={disabled}
                sx={{ flex: 1 }}
                slotProps={{
                  htmlInput: {
                    maxLength: EmailGroupLimits.userName,
                    autoComplete: "off",
                    autoCapitalize: "none",
                    spellCheck: false,
                    style: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" },
                  },
                }}
              />
            </Stack>
            <IconButton
              size="small"
              disabled={disabled || rows.fields.length === 1}
              onClick={() => rows.remove(index)}
              aria-label={t("emailGroups.sender.removeRow", { index: index + 1 })}
              sx={{ mt: 0.5 }}
            >
              <RemoveIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {message && <FormHelperText error>{message}</FormHelperText>}
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={disabled || rows.fields.length >= EmailGroupLimits.usernames}
        onClick={() => rows.append(emptyUsername())}
        sx={{ mt: 1 }}
      >
        {t("emailGroups.sender.addUsername")}
      </Button>
    </Box>
  );
}
