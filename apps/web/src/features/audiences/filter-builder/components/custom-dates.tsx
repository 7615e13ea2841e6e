import type { SegmentFilter } from "@leadflow/contracts";
import { useT } from "../../../../lib/i18n";
import { withCustomDate } from "../model/filter-values";
import { DateInputs } from "./date-inputs";

/** From / To of a Custom dates range (created date, campaign period): at least one is needed. */
export function CustomDates({
  row,
  onChange,
  disabled,
}: {
  row: SegmentFilter;
  onChange: (row: SegmentFilter) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <DateInputs
      inputs={[
        { label: t("filterBuilder.dateFrom"), value: row.date_from },
        { label: t("filterBuilder.dateTo"), value: row.date_to },
      ]}
      onChange={(i, day) => onChange(withCustomDate(row, i === 0 ? "from" : "to", day))}
      disabled={disabled}
    />
  );
}
