import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { IconButton, Stack } from "@mui/material";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import { useT } from "../../../lib/i18n";

/** A group row's edit and delete buttons. */
export function GroupRowActions<T extends { name: string }>({ group, actions }: { group: T; actions: CrudRowActions<T> }) {
  const t = useT();
  return (
    <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
      <IconButton size="small" onClick={() => actions.onEdit(group)} aria-label={t("emailGroups.edit", { name: group.name })}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={() => actions.onDelete(group)} aria-label={t("emailGroups.delete", { name: group.name })}>
        <DeleteOutlinedIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
