import MoreHorizIcon from "@mui/icons-material/MoreHoriz";
import { Button, ListItemIcon, Menu, MenuItem, Tooltip } from "@mui/material";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import type { ContextMenuItem } from "./context-menu";

/** One action in a toolbar's menu; the menu closes before the action runs (it may open a dialog). */
export function ActionMenuItem({ item, onPick }: { item: ContextMenuItem; onPick: () => void }) {
  return (
    <MenuItem
      disabled={item.disabled}
      sx={item.danger ? { color: "error.main" } : undefined}
      onClick={() => {
        onPick();
        item.onClick?.();
      }}
    >
      {item.icon && <ListItemIcon sx={{ color: "inherit" }}>{item.icon}</ListItemIcon>}
      {item.label}
    </MenuItem>
  );
}

/** The toolbar's last button: the screen's secondary actions (ContextMenuItem.more) in a menu. */
export function ToolbarMoreMenu({ items }: { items: ContextMenuItem[] }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t("header.moreActions")}>
        <Button
          size="small"
          variant="outlined"
          aria-label={t("header.moreActions")}
          aria-haspopup="menu"
          aria-expanded={anchor ? "true" : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ minWidth: 0, px: 0.75, bgcolor: "background.paper", borderColor: "divider", color: "text.primary" }}
        >
          <MoreHorizIcon fontSize="small" />
        </Button>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        {items
          .flatMap((item) => item.children ?? [item])
          .map((item) => (
            <ActionMenuItem key={item.key} item={item} onPick={close} />
          ))}
      </Menu>
    </>
  );
}
