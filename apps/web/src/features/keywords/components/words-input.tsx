import { Autocomplete, TextField } from "@mui/material";
import { useController } from "react-hook-form";
import { useT } from "../../../lib/i18n";
import { type KeywordControl, nextWords } from "../model/keyword-form";

/**
 * The keyword's words as chips: Enter (or leaving the field) adds the typed word, trimmed and upper case; a word
 * already there is ignored (docs/product/audiences-lookups-settings.md).
 */
export function WordsInput({ control, disabled }: { control: KeywordControl; disabled?: boolean }) {
  const t = useT();
  const { field, fieldState } = useController({ control, name: "words" });
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={field.value}
      onChange={(_e, next) => field.onChange(nextWords(next))}
      onBlur={field.onBlur}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t("keywords.field.words")}
          required
          autoFocus
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? t("keywords.field.wordsHint")}
        />
      )}
    />
  );
}
