import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { CircularProgress, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Tooltip } from "@mui/material";
import { type ReactNode, useState } from "react";

/** One thing a table row can do: an item of its menu, or one of its icon buttons. */
export interface RowAction {
  key: string;
  /** The item's text; a button's accessible name ('Edit Demo route'). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Drawn in the error colour in a menu (Delete). */
  danger?: boolean;
  disabled?: boolean;
  /** Written under a menu item: why it is off. */
  hint?: string;
}

export const editAction = (label: string, onClick: () => void): RowAction => ({
  key: "edit",
  label,
  icon: <EditOutlinedIcon fontSize="small" />,
  onClick,
});

export const deleteAction = (label: string, onClick: () => void): RowAction => ({
  key: "delete",
  label,
  icon: <DeleteOutlinedIcon fontSize="small" />,
  onClick,
  danger: true,
});

export interface RowActionsMenuProps {
  /** The kebab's accessible name: 'Actions for {name}'. */
  label: string;
  actions: readonly RowAction[];
  /** Why the row's menu is off (a system row, a plan without the feature): the kebab is disabled and says so. */
  lockedHint?: string;
  /** A change of the row is running: a spinner in the kebab's place, off until it ends. */
  busy?: boolean;
}

/** A row's kebab and its menu; the menu closes before the action runs (it may open a dialog). */
export function RowActionsMenu({ label, actions, lockedHint, busy = false }: RowActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = (
    <IconButton
      size="small"
      disabled={lockedHint !== undefined || busy}
      onClick={(e) => setAnchor(e.currentTarget)}
      aria-label={label}
      aria-haspopup="menu"
    >
      {busy ? <CircularProgress size={18} /> : <MoreVertIcon fontSize="small" />}
    </IconButton>
  );
  return (
    <>
      {lockedHint === undefined ? (
        button
      ) : (
        // A disabled button gets no pointer events: the span carries the tooltip.
        <Tooltip title={lockedHint}>
          <span>{button}</span>
        </Tooltip>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a.key}
            disabled={a.disabled}
            sx={a.danger ? { color: "error.main" } : undefined}
            onClick={() => {
              setAnchor(null);
              a.onClick();
            }}
          >
            <ListItemIcon sx={a.danger ? { color: "inherit" } : undefined}>{a.icon}</ListItemIcon>
            {/* The reason an item is off is written under it: a tooltip on a disabled item never shows, least on a phone. */}
            <ListItemText primary={a.label} secondary={a.hint} slotProps={{ secondary: { sx: { whiteSpace: "normal", maxWidth: 240 } } }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A row's actions as icon buttons side by side, each named by its label. */
export function RowActionButtons({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
      {actions.map((a) => (
        <IconButton key={a.key} size="small" disabled={a.disabled} onClick={a.onClick} aria-label={a.label}>
          {a.icon}
        </IconButton>
      ))}
    </Stack>
  );
}
