import { DataFields, ExpressionLabels, type FilterGroup, FilterGroupLabels, type SegmentFilter, SystemFields } from "@leadflow/contracts";
import { Box } from "@mui/material";
import { useT } from "../../../../lib/i18n";
import type { FilterOptions } from "../api/use-filter-options";
import { takenDataFields } from "../model/filter-tree";
import { isConsentField, rowDef, valueEditor, withExpression, withField } from "../model/filter-values";
import { type Choice, ChoiceSelect } from "./choice-select";
import { RowFrame } from "./row-frame";
import { ValueEditor } from "./value-editor";

export interface FilterRowProps {
  group: Exclude<FilterGroup, "campaigns">;
  rows: readonly SegmentFilter[];
  index: number;
  options: FilterOptions;
  errors: readonly string[];
  onChange: (row: SegmentFilter) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** Field and operator side by side with the values under them on a narrow dialog; all three in a line from md. */
const COLUMNS = { sm: "repeat(2, minmax(0, 1fr))", md: "180px 180px minmax(0, 1fr)" };

/**
 * The field choices of a group; in Data, Source and List are offered disabled once another row uses them. The
 * system fields end with the consent conditions, under their own heading.
 */
export function fieldChoices(
  group: FilterRowProps["group"],
  rows: readonly SegmentFilter[],
  index: number,
  options: FilterOptions,
): Choice[] {
  if (group === "attributes") return options.attribute;
  const taken = group === "data" ? takenDataFields(rows, index) : new Set<string>();
  const table = group === "data" ? DataFields : SystemFields;
  const choices = Object.entries(table).map(([value, def]) => ({
    value,
    label: def.label,
    disabled: taken.has(value),
    group: group === "system_attributes" && isConsentField(value) ? "consent" : undefined,
  }));
  return [...choices.filter((c) => !c.group), ...choices.filter((c) => c.group)];
}

/** A data, attribute or system row: field, operator, and the values the two call for. */
export function FilterRow({ group, rows, index, options, errors, onChange, onRemove, disabled }: FilterRowProps) {
  const t = useT();
  const rowLabel = t("filterBuilder.rowLabel", { group: FilterGroupLabels[group], n: index + 1 });
  const row = rows[index]!;
  const def = rowDef(group, row);
  const isRange = def?.values === "range";
  return (
    <RowFrame label={rowLabel} columns={COLUMNS} errors={errors} onRemove={onRemove} disabled={disabled}>
      <ChoiceSelect
        label={t(group === "attributes" ? "filterBuilder.attribute" : "filterBuilder.field")}
        value={group === "attributes" ? row.attribute_id : row.field}
        choices={fieldChoices(group, rows, index, options)}
        onChange={(field) => onChange(withField(group, row, field))}
        missingLabel={(v) => (options.loading.attribute ? `#${v}` : t("filterBuilder.unknown", { id: v }))}
        groupLabel={() => t("filterBuilder.group.consent")}
        disabled={disabled}
      />
      <ChoiceSelect
        label={t(isRange ? "filterBuilder.range" : "filterBuilder.operator")}
        value={row.expression}
        choices={(def?.expressions ?? []).map((e) => ({ value: e, label: ExpressionLabels[e] ?? e }))}
        onChange={(expression) => onChange(withExpression(group, row, String(expression)))}
        disabled={disabled || !def}
      />
      {valueEditor(group, row) !== "none" && (
        <Box sx={{ gridColumn: { sm: "1 / -1", md: "auto" } }}>
          <ValueEditor group={group} row={row} options={options} onChange={onChange} disabled={disabled} />
        </Box>
      )}
    </RowFrame>
  );
}
