import ViewColumnOutlinedIcon from "@mui/icons-material/ViewColumnOutlined";
import { Box, Button, Checkbox, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useT } from "../../lib/i18n";
import type { HiddenColumns } from "./hidden-columns";
import type { ResolvedColumn } from "./types";

export interface ColumnChooserProps<T> {
  columns: readonly ResolvedColumn<T>[];
  state: HiddenColumns;
}

/** 'Columns': show or hide each hideable column; 'Reset' returns to the table's defaults. */
export function ColumnChooser<T>({ columns, state }: ColumnChooserProps<T>) {
  const t = useT();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hideable = columns.filter((c) => c.hideable !== false);
  if (hideable.length === 0) return null;
  const hiddenCount = hideable.filter((c) => state.hidden.has(c.key)).length;

  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<ViewColumnOutlinedIcon fontSize="small" />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-label={t("table.columns")}
        sx={{ color: "text.secondary", flexShrink: 0, minWidth: 0, "& .MuiButton-startIcon": { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
          {t("table.columns")}
        </Box>
        {hiddenCount > 0 && (
          <Box component="span" sx={{ ml: 0.75, px: 0.75, borderRadius: 1, bgcolor: "action.selected", fontSize: 12 }}>
            {hideable.length - hiddenCount}/{hideable.length}
          </Box>
        )}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        <Typography variant="overline" component="li" sx={{ display: "block", px: 2, pt: 0.5, color: "text.secondary", lineHeight: 2 }}>
          {t("table.columnsTitle")}
        </Typography>
        {hideable.map((c) => {
          const shown = !state.hidden.has(c.key);
          return (
            <MenuItem key={c.key} onClick={() => state.toggle(c.key)} role="menuitemcheckbox" aria-checked={shown} dense>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={shown} tabIndex={-1} disableRipple sx={{ p: 0.5 }} />
              </ListItemIcon>
              <ListItemText>{c.header}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={state.reset}
          disabled={hiddenCount === 0 && !hideable.some((c) => c.defaultHidden)}
          sx={{ color: "primary.main" }}
        >
          {t("table.columnsReset")}
        </MenuItem>
      </Menu>
    </>
  );
}
