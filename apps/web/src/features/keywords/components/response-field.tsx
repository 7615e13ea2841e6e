import { KeywordLimits, smsLength } from "@leadflow/contracts";
import { Stack, TextField, Typography } from "@mui/material";
import { useController, useWatch } from "react-hook-form";
import { tn, useT } from "../../../lib/i18n";
import type { KeywordControl } from "../model/keyword-form";

/** The SMS length counter: parts and characters as charged, under the message. */
export function SmsCounter({ text, rendered = false }: { text: string /** A text as sent: `{{…}}` in it is text. */; rendered?: boolean }) {
  const t = useT();
  const length = smsLength(text, { placeholders: !rendered });
  const parts = tn("keywords.parts", length.parts);
  const vars = { parts, characters: length.characters.toLocaleString("en-US") };
  return (
    <Typography variant="caption" color="text.secondary" aria-live="polite">
      {t(length.encoding === "UCS-2" ? "keywords.counterUnicode" : "keywords.counter", vars)}
    </Typography>
  );
}

/** The response message: required for Reply, optional otherwise (a confirmation sent after the action). */
export function ResponseField({ control, disabled }: { control: KeywordControl; disabled?: boolean }) {
  const t = useT();
  const action = useWatch({ control, name: "action" });
  const { field, fieldState } = useController({ control, name: "response_message" });
  const required = action === "reply";
  return (
    <Stack spacing={0.5}>
      <TextField
        {...field}
        multiline
        minRows={3}
        maxRows={10}
        label={t(required ? "keywords.field.response" : "keywords.field.responseOptional")}
        required={required}
        disabled={disabled}
        error={!!fieldState.error}
        helperText={fieldState.error?.message}
        slotProps={{ htmlInput: { maxLength: KeywordLimits.responseMessage } }}
      />
      <SmsCounter text={field.value} />
    </Stack>
  );
}
