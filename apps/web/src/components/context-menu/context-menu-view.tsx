import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import {
  Badge,
  Box,
  Button,
  Collapse,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  Popover,
  Stack,
  Tooltip,
} from "@mui/material";
import type { ReactElement } from "react";
import { Fragment, useState } from "react";
import { useT } from "../../lib/i18n";
import { type ContextMenuItem, useContextMenuItems } from "./context-menu";
import { ActionMenuItem, ToolbarMoreMenu } from "./toolbar-more-menu";

/** Desktop: the screen's actions as a toolbar; an item with children opens a menu, secondary ones wait in More. */
export function ContextMenuToolbar() {
  const items = useContextMenuItems();
  if (items.length === 0) return null;
  const more = items.filter((item) => item.more);
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, alignItems: "center" }} role="toolbar">
      {items
        .filter((item) => !item.more)
        .map((item) => (
          <WithHint key={item.key} hint={item.hint}>
            {item.children?.length ? <ToolbarSubmenu item={item} /> : <ToolbarButton item={item} />}
          </WithHint>
        ))}
      {more.length > 0 && <ToolbarMoreMenu items={more} />}
    </Stack>
  );
}

/** A tooltip that also shows on a disabled button (which gets no pointer events of its own). */
function WithHint({ hint, children }: { hint?: string; children: ReactElement }) {
  if (!hint) return children;
  return (
    <Tooltip title={hint}>
      <span>{children}</span>
    </Tooltip>
  );
}

function ToolbarButton({ item }: { item: ContextMenuItem }) {
  return (
    <Button
      size="small"
      variant="outlined"
      color={item.danger ? "error" : "primary"}
      startIcon={item.icon}
      disabled={item.disabled}
      onClick={item.onClick}
      sx={{
        bgcolor: "background.paper",
        borderColor: item.danger ? undefined : "divider",
        color: item.danger ? undefined : "text.primary",
        "& .MuiButton-startIcon": { color: item.danger ? "inherit" : "primary.main" },
      }}
    >
      {item.label}
    </Button>
  );
}

function ToolbarSubmenu({ item }: { item: ContextMenuItem }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={item.icon}
        endIcon={<ExpandMoreIcon />}
        disabled={item.disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        sx={{
          bgcolor: "background.paper",
          borderColor: "divider",
          color: "text.primary",
          "& .MuiButton-startIcon": { color: "primary.main" },
        }}
      >
        {item.label}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {item.children?.map((child) => (
          <ActionMenuItem key={child.key} item={child} onPick={() => setAnchor(null)} />
        ))}
      </Menu>
    </>
  );
}

/** Mobile: the same actions in a popover behind a button; items with children expand in place. */
export function ContextMenuButton() {
  const t = useT();
  const items = useContextMenuItems();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  if (items.length === 0) return null;
  const close = () => {
    setAnchor(null);
    setOpen(null);
  };
  const run = (item: ContextMenuItem) => {
    close();
    item.onClick?.();
  };
  return (
    <>
      <Tooltip title={t("header.actions")}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t("header.actions")} aria-haspopup="menu">
          <Badge variant="dot" color="primary">
            <MoreVertIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 260, mt: 1 } } }}
      >
        <List dense sx={{ py: 0.5 }}>
          {items.map((item) => (
            <Fragment key={item.key}>
              <ListItemButton
                disabled={item.disabled}
                onClick={() => (item.children?.length ? setOpen(open === item.key ? null : item.key) : run(item))}
                sx={{ mx: 0.5, color: item.danger ? "error.main" : undefined }}
              >
                {item.icon && (
                  <ListItemIcon sx={{ minWidth: 34, color: item.danger ? "inherit" : "primary.main" }}>{item.icon}</ListItemIcon>
                )}
                <ListItemText primary={item.label} />
                {item.children?.length ? (
                  open === item.key ? (
                    <ExpandLessIcon fontSize="small" />
                  ) : (
                    <ExpandMoreIcon fontSize="small" />
                  )
                ) : null}
              </ListItemButton>
              {item.children?.length ? (
                <Collapse in={open === item.key} unmountOnExit>
                  <Box sx={{ pl: 3 }}>
                    {item.children.map((child) => (
                      <ListItemButton
                        key={child.key}
                        disabled={child.disabled}
                        onClick={() => run(child)}
                        sx={{ mx: 0.5, color: child.danger ? "error.main" : undefined }}
                      >
                        {child.icon && <ListItemIcon sx={{ minWidth: 34 }}>{child.icon}</ListItemIcon>}
                        <ListItemText primary={child.label} />
                      </ListItemButton>
                    ))}
                  </Box>
                </Collapse>
              ) : null}
            </Fragment>
          ))}
        </List>
      </Popover>
    </>
  );
}
