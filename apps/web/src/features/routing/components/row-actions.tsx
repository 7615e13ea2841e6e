import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { IconButton, Stack } from "@mui/material";
import { useT } from "../../../lib/i18n";

/** Edit and delete buttons of a route or pool row. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
      <IconButton size="small" onClick={onEdit} aria-label={t("routing.edit", { name })}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={onDelete} aria-label={t("routing.delete", { name })}>
        <DeleteOutlinedIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
