import { Autocomplete, createFilterOptions, TextField } from "@mui/material";
import { useT } from "../../../lib/i18n";
import { type Choice, sameName } from "../model/import-target";

interface Option extends Choice {
  /** The 'Create "{name}"' entry typed by the user. */
  create?: boolean;
}

export interface CreatableAutocompleteProps {
  label: string;
  options: readonly { id: number; name: string }[];
  value: Choice | null;
  onChange: (value: Choice | null) => void;
  onSearch?: (text: string) => void;
  loading?: boolean;
  disabled?: boolean;
  error?: string | null;
  helperText?: string;
  autoFocus?: boolean;
}

const filter = createFilterOptions<Option>({ stringify: (o) => o.name });

/** Pick an existing record or type a new name: 'Create "{name}"' appears unless the name already exists. */
export function CreatableAutocomplete({
  label,
  options,
  value,
  onChange,
  onSearch,
  loading,
  disabled,
  error,
  helperText,
  autoFocus,
}: CreatableAutocompleteProps) {
  const t = useT();
  return (
    <Autocomplete<Option, false, false, false>
      options={options as Option[]}
      value={value}
      disabled={disabled}
      loading={loading}
      selectOnFocus
      clearOnBlur
      handleHomeEndKeys
      onChange={(_e, next) => onChange(next ? { id: next.id, name: next.name } : null)}
      onInputChange={(_e, text, reason) => {
        if (reason === "input") onSearch?.(text);
      }}
      filterOptions={(all, params) => {
        const shown = filter(all, params);
        const name = params.inputValue.trim();
        if (name && !all.some((o) => sameName(o.name, name))) shown.push({ id: null, name, create: true });
        return shown;
      }}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => (o.id === null ? `new:${o.name}` : o.id)}
      isOptionEqualToValue={(o, v) => (o.id === null ? v.id === null && sameName(o.name, v.name) : o.id === v.id)}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          {o.create ? t("imports.create", { name: o.name }) : o.name}
        </li>
      )}
      noOptionsText={t("imports.typeToCreate")}
      loadingText={t("common.loading")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          error={!!error}
          helperText={error ?? (value?.id === null ? t("imports.willBeCreated") : helperText)}
        />
      )}
    />
  );
}
