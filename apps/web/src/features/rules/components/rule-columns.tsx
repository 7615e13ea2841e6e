import type { Rule, RuleSortKeys } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { editDeleteButtonsColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import { DateCell } from "../../../components/data-table/date-cell";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";
import { ruleParamsText } from "../model/rule-params";
import { RuleActiveSwitch, type RuleToggle } from "./rule-active-switch";

export type RuleColumnsContext = CrudRowActions<Rule> & { toggle: RuleToggle };

/** Rules (docs/product/audiences-lookups-settings.md): Name, Type, Active, Params, Coverage, Created At, actions. */
export const ruleColumns: Columns<Rule, RuleColumnsContext, SortKeyOf<typeof RuleSortKeys>> = [
  {
    key: "name",
    header: ({ t }) => t("rules.columns.name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 140, lg: 160 },
    render: (r, { t }) => (
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {r.name}
        </Typography>
        {/* Narrow screens hide Type and Params: the name carries them. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { md: "none" } }}>
          {t(`rules.type.${r.type}`)} · {ruleParamsText(r)}
        </Typography>
      </Stack>
    ),
  },
  {
    key: "type",
    header: ({ t }) => t("rules.columns.type"),
    sortKey: "type",
    showFrom: "md",
    minWidth: 150,
    render: (r, { t }) => t(`rules.type.${r.type}`),
  },
  {
    key: "is_active",
    header: ({ t }) => t("rules.columns.active"),
    sortKey: "is_active",
    width: 90,
    render: (r, { toggle }) => <RuleActiveSwitch rule={r} toggle={toggle} />,
  },
  {
    key: "params",
    header: ({ t }) => t("rules.columns.params"),
    showFrom: "md",
    minWidth: 160,
    render: (r) => ruleParamsText(r),
  },
  {
    key: "coverage",
    header: ({ t }) => t("rules.columns.coverage"),
    sortKey: "coverage",
    showFrom: "lg",
    width: 140,
    render: (r, { t }) => (r.coverage === 1 ? t("rules.coverage.1") : r.coverage),
  },
  {
    key: "created_at",
    header: ({ t }) => t("rules.columns.createdAt"),
    sortKey: "created_at",
    firstSortDirection: "desc",
    showFrom: "sm",
    // Date over time: on one line the two push the row's buttons out of a 1280 px screen. Room for the header and
    // its sort arrow.
    minWidth: 156,
    render: (r) => <DateCell value={r.created_at} />,
  },
  editDeleteButtonsColumn({ edit: "rules.edit", delete: "rules.delete" }),
];
