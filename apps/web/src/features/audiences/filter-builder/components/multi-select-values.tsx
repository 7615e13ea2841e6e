import { Autocomplete, TextField } from "@mui/material";
import { useT } from "../../../../lib/i18n";
import type { ChoiceOption } from "../api/use-filter-options";

export interface MultiSelectValuesProps {
  label: string;
  options: readonly ChoiceOption[];
  values: readonly (string | number)[];
  onChange: (values: (string | number)[]) => void;
  /** Head the options by their `group` (lists under their source). */
  grouped?: boolean;
  placeholder?: string;
  noOptionsText?: string;
  loading?: boolean;
  disabled?: boolean;
}

const same = (a: string | number, b: string | number) => String(a) === String(b);

/** A multi-select of known choices; a chosen value the options do not hold yet still shows, by its id. */
export function MultiSelectValues(props: MultiSelectValuesProps) {
  const t = useT();
  const selected = props.values.map(
    (v): ChoiceOption =>
      props.options.find((o) => same(o.value, v)) ?? { value: v, label: props.loading ? `#${v}` : t("filterBuilder.unknown", { id: v }) },
  );
  return (
    <Autocomplete<ChoiceOption, true, false, false>
      multiple
      size="small"
      disableCloseOnSelect
      options={props.options as ChoiceOption[]}
      value={selected}
      onChange={(_e, next) => props.onChange(next.map((o) => o.value))}
      groupBy={props.grouped ? (o) => o.group ?? "" : undefined}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => String(o.value)}
      isOptionEqualToValue={(o, v) => same(o.value, v.value)}
      loading={props.loading}
      loadingText={t("common.loading")}
      noOptionsText={props.noOptionsText ?? t("filterBuilder.noOptions")}
      disabled={props.disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={selected.length ? undefined : props.placeholder}
          // An empty pick with a meaning ("Any campaign") keeps its placeholder visible under a raised label.
          slotProps={
            props.placeholder
              ? {
                  ...params.slotProps,
                  inputLabel: { ...params.slotProps.inputLabel, shrink: true },
                  input: { ...params.slotProps.input, notched: true },
                }
              : params.slotProps
          }
        />
      )}
    />
  );
}
