import {
  CampaignEngagementLabels,
  CampaignFields,
  CampaignMessageStatuses,
  CampaignMessageStatusLabels,
  DateRangeLabels,
  DateRanges,
  FilterGroupLabels,
  type SegmentFilter,
} from "@leadflow/contracts";
import { Box } from "@mui/material";
import { useT } from "../../../../lib/i18n";
import type { FilterOptions } from "../api/use-filter-options";
import { withExpression, withPeriod } from "../model/filter-values";
import { ChoiceSelect } from "./choice-select";
import { CustomDates } from "./custom-dates";
import { MultiSelectValues } from "./multi-select-values";
import { RowFrame } from "./row-frame";

export interface CampaignRowProps {
  row: SegmentFilter;
  index: number;
  options: FilterOptions;
  errors: readonly string[];
  onChange: (row: SegmentFilter) => void;
  onRemove: () => void;
  disabled?: boolean;
}

const ENGAGEMENT_LABELS: Record<string, string> = CampaignEngagementLabels;
/** Engagement, then the campaigns across; period with custom dates and statuses on the next line. */
const COLUMNS = { sm: "repeat(2, minmax(0, 1fr))", md: "170px minmax(0, 1fr) minmax(0, 1fr)" };
const STATUS_OPTIONS = CampaignMessageStatuses.map((value) => ({ value, label: CampaignMessageStatusLabels[value] }));

/** A campaign row: what the lead did (engagement) with which campaigns (none: any) in which period, and message statuses. */
export function CampaignRow({ row, index, options, errors, onChange, onRemove, disabled }: CampaignRowProps) {
  const t = useT();
  const rowLabel = t("filterBuilder.rowLabel", { group: FilterGroupLabels.campaigns, n: index + 1 });
  const custom = row.period === "custom_dates";
  return (
    <RowFrame label={rowLabel} columns={COLUMNS} errors={errors} onRemove={onRemove} disabled={disabled}>
      <ChoiceSelect
        label={t("filterBuilder.engagement")}
        value={row.expression}
        choices={CampaignFields.campaign.expressions.map((e) => ({ value: e, label: ENGAGEMENT_LABELS[e] ?? e }))}
        onChange={(expression) => onChange(withExpression("campaigns", row, String(expression)))}
        disabled={disabled}
      />
      <Box sx={{ gridColumn: { sm: "span 2" } }}>
        <MultiSelectValues
          label={t("filterBuilder.campaigns")}
          placeholder={t("filterBuilder.anyCampaign")}
          noOptionsText={t("filterBuilder.noCampaigns")}
          options={options.campaign}
          values={row.values}
          onChange={(values) => onChange({ ...row, values })}
          loading={options.loading.campaign}
          disabled={disabled}
        />
      </Box>
      <ChoiceSelect
        label={t("filterBuilder.period")}
        value={row.period}
        choices={DateRanges.map((r) => ({ value: r, label: DateRangeLabels[r] }))}
        onChange={(picked) => {
          const period = DateRanges.find((r) => r === picked);
          if (period) onChange(withPeriod(row, period));
        }}
        disabled={disabled}
      />
      {custom && <CustomDates row={row} onChange={onChange} disabled={disabled} />}
      <Box sx={{ gridColumn: { sm: custom ? "auto" : "span 2" } }}>
        <MultiSelectValues
          label={t("filterBuilder.statuses")}
          placeholder={t("filterBuilder.anyStatus")}
          options={STATUS_OPTIONS}
          values={row.statuses ?? []}
          onChange={(picked) => onChange({ ...row, statuses: CampaignMessageStatuses.filter((s) => picked.includes(s)) })}
          disabled={disabled}
        />
      </Box>
    </RowFrame>
  );
}
