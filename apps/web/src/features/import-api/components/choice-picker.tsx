import { Autocomplete, TextField } from "@mui/material";
import { useT } from "../../../lib/i18n";
import type { Choice } from "../model/key-form";

export interface ChoicePickerProps {
  label: string;
  options: readonly Choice[];
  value: Choice | null;
  onChange: (value: Choice | null) => void;
  onBlur?: () => void;
  /** The typed text, for a server-side search; the options shown are the server's answer. */
  onSearch: (text: string) => void;
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  helperText?: string;
  noOptionsText: string;
}

/** Picks one existing source or list; the chosen one stays an option while a search shows others. */
export function ChoicePicker(props: ChoicePickerProps) {
  const t = useT();
  const { value, options } = props;
  const shown = value && !options.some((o) => o.id === value.id) ? [value, ...options] : options;
  return (
    <Autocomplete<Choice, false, false, false>
      options={shown as Choice[]}
      value={value}
      disabled={props.disabled}
      loading={props.loading}
      onChange={(_e, next) => props.onChange(next ? { id: next.id, name: next.name } : null)}
      onBlur={props.onBlur}
      onInputChange={(_e, text, reason) => {
        if (reason === "input") props.onSearch(text);
        else if (reason === "clear" || reason === "reset") props.onSearch("");
      }}
      // The server searched already: filtering again would hide the chosen option while its name is shown.
      filterOptions={(all) => all}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      noOptionsText={props.noOptionsText}
      loadingText={t("common.loading")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={!!props.error}
          helperText={props.error ?? props.helperText}
        />
      )}
    />
  );
}
