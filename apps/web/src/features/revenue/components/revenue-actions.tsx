import type { RevenueTracking } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import KeyOutlinedIcon from "@mui/icons-material/KeyOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { IconButton, ListItemIcon, Menu, MenuItem } from "@mui/material";
import { useState } from "react";
import { useT } from "../../../lib/i18n";
import type { RevenueColumnsContext } from "./revenue-columns";

/** A tracking's row menu: Edit, Show signing secret, Delete. */
export function RevenueActions({ tracking, context }: { tracking: RevenueTracking; context: RevenueColumnsContext }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: (row: RevenueTracking) => void) => {
    setAnchor(null);
    action(tracking);
  };
  return (
    <>
      <IconButton
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t("revenue.actionsFor", { name: tracking.name })}
        aria-haspopup="menu"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run(context.onEdit)}>
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("revenue.edit")}
        </MenuItem>
        <MenuItem onClick={() => run(context.onShowSecret)}>
          <ListItemIcon>
            <KeyOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("revenue.showSecret")}
        </MenuItem>
        <MenuItem onClick={() => run(context.onDelete)} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            <DeleteOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("revenue.delete")}
        </MenuItem>
      </Menu>
    </>
  );
}
