import type { ImportListRecord } from "@leadflow/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";
import { shortKey } from "../model/key-form";

export interface ImportKeyActions {
  onCopy: (key: ImportListRecord) => void;
  onEdit: (key: ImportListRecord) => void;
  onDelete: (key: ImportListRecord) => void;
}

const yesNo = (t: typeof translate, on: boolean) => (
  <Chip size="small" variant="outlined" color={on ? "success" : "default"} label={t(on ? "importApi.yes" : "importApi.no")} />
);

/** Settings → Import API Keys: Name, Source, List, API Key, Phones/Emails Lookup, edit/delete. */
export function importKeyColumns(t: typeof translate, actions: ImportKeyActions): DataTableColumn<ImportListRecord>[] {
  return [
    {
      key: "name",
      header: t("importApi.columns.name"),
      sortable: true,
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
    { key: "source", header: t("importApi.columns.source"), sortable: true, showFrom: "md", minWidth: 150, render: (k) => k.source.name },
    { key: "list", header: t("importApi.columns.list"), sortable: true, showFrom: "md", minWidth: 150, render: (k) => k.list.name },
    {
      key: "api_key",
      header: t("importApi.columns.apiKey"),
      hideable: false,
      render: (k) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
          <Tooltip title={k.api_key} slotProps={{ tooltip: { sx: { fontFamily: "monospace", maxWidth: "none" } } }}>
            <Box component="code" sx={{ fontFamily: "monospace", fontSize: "0.8125rem", whiteSpace: "nowrap" }}>
              {shortKey(k.api_key)}
            </Box>
          </Tooltip>
          <IconButton size="small" onClick={() => actions.onCopy(k)} aria-label={t("importApi.copyKey", { name: k.name })}>
            <ContentCopyIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Stack>
      ),
    },
    {
      key: "check_mobile_status",
      header: t("importApi.columns.phonesLookup"),
      sortable: true,
      showFrom: "sm",
      render: (k) => yesNo(t, k.check_mobile_status),
    },
    {
      key: "check_email_status",
      header: t("importApi.columns.emailsLookup"),
      sortable: true,
      showFrom: "sm",
      render: (k) => yesNo(t, k.check_email_status),
    },
    {
      key: "actions",
      header: "",
      align: "right",
      width: 96,
      hideable: false,
      render: (k) => (
        <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
          <IconButton size="small" onClick={() => actions.onEdit(k)} aria-label={t("importApi.edit", { name: k.name })}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={() => actions.onDelete(k)} aria-label={t("importApi.delete", { name: k.name })}>
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Stack>
      ),
    },
  ];
}
