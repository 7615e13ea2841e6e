import type { ImportListRecord, ImportListSortKeys } from "@leadflow/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { CellContext, Columns, SortKeyOf } from "../../../components/data-table/types";
import { shortKey } from "../model/key-form";

export interface ImportKeyColumnsContext extends CrudRowActions<ImportListRecord> {
  onCopy: (key: ImportListRecord) => void;
}

const yesNo = (t: CellContext<unknown>["t"], on: boolean) => (
  <Chip size="small" variant="outlined" color={on ? "success" : "default"} label={t(on ? "importApi.yes" : "importApi.no")} />
);

/** Settings → Import API Keys: Name, Source, List, API Key, Phones/Emails Lookup, edit/delete. */
export const importKeyColumns: Columns<ImportListRecord, ImportKeyColumnsContext, SortKeyOf<typeof ImportListSortKeys>> = [
  {
    key: "name",
    header: ({ t }) => t("importApi.columns.name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 110, lg: 180 },
    render: (k) => (
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {k.name}
        </Typography>
        {/* Narrow screens hide the Source and List columns: the name carries them. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { md: "none" }, wordBreak: "break-word" }}>
          {k.source.name} › {k.list.name}
        </Typography>
      </Stack>
    ),
  },
  {
    key: "source",
    header: ({ t }) => t("importApi.columns.source"),
    sortKey: "source",
    showFrom: "md",
    minWidth: 150,
    render: (k) => k.source.name,
  },
  {
    key: "list",
    header: ({ t }) => t("importApi.columns.list"),
    sortKey: "list",
    showFrom: "md",
    minWidth: 150,
    render: (k) => k.list.name,
  },
  {
    key: "api_key",
    header: ({ t }) => t("importApi.columns.apiKey"),
    hideable: false,
    render: (k, { t, onCopy }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
        <Tooltip title={k.api_key} slotProps={{ tooltip: { sx: { fontFamily: "monospace", maxWidth: "none" } } }}>
          <Box component="code" sx={{ fontFamily: "monospace", fontSize: "0.8125rem", whiteSpace: "nowrap" }}>
            {shortKey(k.api_key)}
          </Box>
        </Tooltip>
        <IconButton size="small" onClick={() => onCopy(k)} aria-label={t("importApi.copyKey", { name: k.name })}>
          <ContentCopyIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Stack>
    ),
  },
  {
    key: "check_mobile_status",
    header: ({ t }) => t("importApi.columns.phonesLookup"),
    sortKey: "check_mobile_status",
    showFrom: "sm",
    render: (k, { t }) => yesNo(t, k.check_mobile_status),
  },
  {
    key: "check_email_status",
    header: ({ t }) => t("importApi.columns.emailsLookup"),
    sortKey: "check_email_status",
    showFrom: "sm",
    render: (k, { t }) => yesNo(t, k.check_email_status),
  },
  {
    key: "actions",
    header: "",
    align: "right",
    width: 96,
    hideable: false,
    render: (k, { t, onEdit, onDelete }) => (
      <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
        <IconButton size="small" onClick={() => onEdit(k)} aria-label={t("importApi.edit", { name: k.name })}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" onClick={() => onDelete(k)} aria-label={t("importApi.delete", { name: k.name })}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Stack>
    ),
  },
];
