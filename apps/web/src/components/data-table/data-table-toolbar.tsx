import CloseIcon from "@mui/icons-material/Close";
import { Box, Chip, Stack } from "@mui/material";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { SearchField } from "./search-field";

export interface DataTableToolbarProps {
  search?: { value: string; onChange: (v: string) => void; placeholder?: string };
  selectedCount: number;
  onClearSelection?: () => void;
  /** Page-given controls (filters, buttons), then the column chooser. */
  actions?: ReactNode;
  columnChooser?: ReactNode;
}

export function DataTableToolbar({ search, selectedCount, onClearSelection, actions, columnChooser }: DataTableToolbarProps) {
  const t = useT();
  return (
    <Stack
      direction="row"
      sx={{ px: { xs: 1.5, sm: 2 }, py: 1.5, gap: 1, flexWrap: "wrap", alignItems: "center", borderBottom: 1, borderColor: "divider" }}
    >
      {search && <SearchField value={search.value} onChange={search.onChange} placeholder={search.placeholder} />}
      {selectedCount > 0 && (
        <Chip
          color="primary"
          variant="outlined"
          size="small"
          label={t("table.selected", { count: selectedCount.toLocaleString("en-US") })}
          onDelete={onClearSelection}
          deleteIcon={<CloseIcon aria-label={t("table.clearSelection")} />}
        />
      )}
      <Box sx={{ flexGrow: 1 }} />
      {actions}
      {columnChooser}
    </Stack>
  );
}
