import { assertNever, type FilterGroup, type SegmentFilter } from "@leadflow/contracts";
import { useT } from "../../../../lib/i18n";
import type { FilterOptions } from "../api/use-filter-options";
import { rowDef, valueEditor, withDateValue } from "../model/filter-values";
import { CustomDates } from "./custom-dates";
import { DateInputs } from "./date-inputs";
import { MultiSelectValues } from "./multi-select-values";
import { NumberValues } from "./number-values";
import { TextValues } from "./text-values";

export interface ValueEditorProps {
  group: FilterGroup;
  row: SegmentFilter;
  options: FilterOptions;
  onChange: (row: SegmentFilter) => void;
  disabled?: boolean;
}

/** The values part of a data, attribute or system row, by the field's value kind and the chosen operator. */
export function ValueEditor({ group, row, options, onChange, disabled }: ValueEditorProps) {
  const t = useT();
  const setValues = (values: (string | number)[]) => onChange({ ...row, values });
  const editor = valueEditor(group, row);
  switch (editor) {
    case "none":
      return null;
    case "ids": {
      const ref = rowDef(group, row)?.ref ?? "source";
      return (
        <MultiSelectValues
          label={t("filterBuilder.values")}
          options={options[ref]}
          grouped={ref === "list"}
          values={row.values}
          onChange={setValues}
          loading={options.loading[ref]}
          disabled={disabled}
        />
      );
    }
    case "options":
      return (
        <MultiSelectValues
          label={t("filterBuilder.values")}
          options={rowDef(group, row)?.options ?? []}
          values={row.values}
          onChange={setValues}
          disabled={disabled}
        />
      );
    case "strings":
      return <TextValues values={row.values} onChange={setValues} disabled={disabled} />;
    case "number":
    case "numbers":
      return <NumberValues count={editor === "numbers" ? 2 : 1} values={row.values} onChange={setValues} disabled={disabled} />;
    case "days":
      return (
        <NumberValues count={1} integer label={t("filterBuilder.days")} values={row.values} onChange={setValues} disabled={disabled} />
      );
    case "date":
    case "dates": {
      const count = editor === "dates" ? 2 : 1;
      const labels = count === 2 ? [t("filterBuilder.dateFrom"), t("filterBuilder.dateTo")] : [t("filterBuilder.date")];
      return (
        <DateInputs
          inputs={labels.map((label, i) => ({ label, value: row.values[i] }))}
          onChange={(i, day) => onChange(withDateValue(row, i, count, day))}
          disabled={disabled}
        />
      );
    }
    case "custom_dates":
      return <CustomDates row={row} onChange={onChange} disabled={disabled} />;
    default:
      return assertNever(editor);
  }
}
