import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import FirstPageIcon from "@mui/icons-material/FirstPage";
import { Box, IconButton, MenuItem, Select, Stack, Tooltip, Typography } from "@mui/material";
import { useT } from "../../lib/i18n";
import { type CursorMove, cursorTarget } from "./cursor-url-state";
import type { CursorMeta } from "./types";

export interface DataTableCursorPaginationProps {
  meta: CursorMeta;
  cursor: string | null;
  limit: number;
  pageSizes: readonly number[];
  /** "1,234 leads": the table's noun for its match count. */
  countLabel: (count: number) => string;
  disabled?: boolean;
  onMove: (cursor: string | null) => void;
  onLimitChange: (limit: number) => void;
}

/** Keyset paging: first, previous and next, the page size and the match count; there is no last page. */
export function DataTableCursorPagination(props: DataTableCursorPaginationProps) {
  const { meta, cursor, limit, pageSizes, countLabel, disabled, onMove, onLimitChange } = props;
  const t = useT();
  const count = countLabel(meta.total);
  const button = (move: CursorMove, label: string, icon: React.ReactNode) => {
    const target = cursorTarget(meta, cursor, move);
    const off = disabled || target === undefined;
    return (
      <Tooltip title={label} disableInteractive>
        <span>
          <IconButton size="small" aria-label={label} disabled={off} onClick={() => target !== undefined && onMove(target)}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  };

  return (
    <Stack
      direction="row"
      sx={{ borderTop: 1, borderColor: "divider", minHeight: 52, px: { xs: 1, sm: 2 }, gap: { xs: 1, sm: 2 }, alignItems: "center" }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums", minWidth: 0 }} aria-live="polite">
        {meta.total_is_estimate ? t("table.aboutCount", { count }) : count}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: "none", sm: "block" } }}>
          {t("table.rowsPerPage")}
        </Typography>
        <Select
          value={limit}
          onChange={(e) => onLimitChange(Number(e.target.value))}
          variant="standard"
          disableUnderline
          inputProps={{ "aria-label": t("table.rowsPerPage") }}
          sx={{ fontSize: "0.875rem", "& .MuiSelect-select": { py: 0.5 } }}
        >
          {pageSizes.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </Select>
      </Stack>
      <Stack direction="row" sx={{ alignItems: "center" }}>
        {button("first", t("table.firstPage"), <FirstPageIcon fontSize="small" />)}
        {button("prev", t("table.previousPage"), <ChevronLeftIcon fontSize="small" />)}
        {button("next", t("table.nextPage"), <ChevronRightIcon fontSize="small" />)}
      </Stack>
    </Stack>
  );
}
