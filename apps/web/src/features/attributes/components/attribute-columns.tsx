import type { LeadAttribute, LeadAttributeSortKeys } from "@leadflow/contracts";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Chip, Stack, Typography } from "@mui/material";
import { actionsMenuColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";

/** System Attributes (docs/product/audiences-lookups-settings.md): Name, Type, Sort order, actions. */
export const attributeColumns: Columns<LeadAttribute, CrudRowActions<LeadAttribute>, SortKeyOf<typeof LeadAttributeSortKeys>> = [
  {
    key: "name",
    header: ({ t }) => t("attributes.columns.name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 140, lg: 220 },
    render: (a, { t }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {a.name}
        </Typography>
        {a.is_system && <LockOutlinedIcon sx={{ fontSize: 16, color: "text.disabled" }} aria-label={t("attributes.builtIn")} />}
      </Stack>
    ),
  },
  {
    key: "type",
    header: ({ t }) => t("attributes.columns.type"),
    sortKey: "type",
    render: (a, { t }) => (
      <Chip size="small" variant="outlined" color={a.type === "string" ? "default" : "primary"} label={t(`attributes.type.${a.type}`)} />
    ),
  },
  {
    key: "sort_order",
    header: ({ t }) => t("attributes.columns.sortOrder"),
    sortKey: "sort_order",
    align: "right",
    width: 120,
    render: (a) => a.sort_order,
  },
  // The built-in Phone and Email attributes show their menu disabled (docs/product/audiences-lookups-settings.md).
  actionsMenuColumn({
    texts: { menu: "attributes.actionsFor", edit: "attributes.edit", delete: "attributes.delete" },
    locked: (a, { t }) => (a.is_system ? t("attributes.locked") : undefined),
  }),
];
