import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Button, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Tooltip } from "@mui/material";
import { useId, useState } from "react";
import type { ContextMenuItem } from "../../../../components/context-menu/context-menu";

interface ActionsMenuProps {
  items: ContextMenuItem[];
  /** The button's text. */
  label: string;
  /** The button's accessible name ("Campaign actions"). */
  ariaLabel: string;
}

/**
 * A disabled item stays focusable and says so with aria-disabled (not MUI's `disabled`, which takes pointer events
 * away), so its tooltip explains why on hover and on keyboard focus alike.
 */
function Item({ item, onPick }: { item: ContextMenuItem; onPick: (item: ContextMenuItem) => void }) {
  const off = !!item.disabled;
  const body = (
    <MenuItem
      aria-disabled={off || undefined}
      onClick={() => !off && onPick(item)}
      sx={{ color: item.danger ? "error.main" : undefined, opacity: off ? 0.45 : undefined, cursor: off ? "default" : undefined }}
    >
      {item.icon && <ListItemIcon sx={{ color: "inherit" }}>{item.icon}</ListItemIcon>}
      <ListItemText>{item.label}</ListItemText>
      {item.children && <ChevronRightIcon fontSize="small" sx={{ ml: 2, color: "text.secondary" }} />}
    </MenuItem>
  );
  return item.hint ? (
    <Tooltip title={item.hint} placement="left" describeChild>
      {body}
    </Tooltip>
  ) : (
    body
  );
}

/**
 * One button that opens the page's actions. An item with children (Set status) swaps the menu for its choices,
 * anchored to the same button, so it works the same on a phone as with a mouse.
 */
export function ActionsMenu({ items, label, ariaLabel }: ActionsMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<ContextMenuItem | "root" | null>(null);
  const close = () => setOpen(null);
  const pick = (item: ContextMenuItem) => {
    if (item.children) return setOpen(item);
    close();
    item.onClick?.();
  };
  const sub = open && open !== "root" ? open : null;
  const danger = items.filter((i) => i.danger);

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ExpandMoreIcon />}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? "true" : undefined}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpen("root");
        }}
        sx={{ bgcolor: "background.paper", borderColor: "divider", color: "text.primary" }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open === "root"}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        {items
          .filter((i) => !i.danger)
          .map((item) => (
            <Item key={item.key} item={item} onPick={pick} />
          ))}
        {danger.length > 0 && <Divider />}
        {danger.map((item) => (
          <Item key={item.key} item={item} onPick={pick} />
        ))}
      </Menu>
      <Menu
        anchorEl={anchor}
        open={!!sub}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ list: { "aria-label": sub?.label, subheader: <ListSubheader>{sub?.label}</ListSubheader> } }}
      >
        {sub?.children?.map((child) => (
          <Item key={child.key} item={child} onPick={pick} />
        ))}
      </Menu>
    </>
  );
}
