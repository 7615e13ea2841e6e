import type { LeadAttribute } from "@leadflow/contracts";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Chip, Stack, Typography } from "@mui/material";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";
import { AttributeActions, type AttributeActionsProps } from "./attribute-actions";

/** System Attributes (doc 2 §2): Name, Type, Sort order, actions. */
export function attributeColumns(t: typeof translate, actions: Omit<AttributeActionsProps, "attribute">): DataTableColumn<LeadAttribute>[] {
  return [
    {
      key: "name",
      header: t("attributes.columns.name"),
      sortable: true,
      hideable: false,
      minWidth: { xs: 140, lg: 220 },
      render: (a) => (
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
      header: t("attributes.columns.type"),
      sortable: true,
      render: (a) => (
        <Chip size="small" variant="outlined" color={a.type === "string" ? "default" : "primary"} label={t(`attributes.type.${a.type}`)} />
      ),
    },
    {
      key: "sort_order",
      header: t("attributes.columns.sortOrder"),
      sortable: true,
      align: "right",
      width: 120,
      render: (a) => a.sort_order,
    },
    {
      key: "actions",
      header: "",
      align: "right",
      width: 56,
      hideable: false,
      render: (a) => <AttributeActions attribute={a} {...actions} />,
    },
  ];
}
