import type { LeadAttribute } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from "@mui/material";
import { useState } from "react";
import { useT } from "../../../lib/i18n";

export interface AttributeActionsProps {
  attribute: LeadAttribute;
  onEdit: (a: LeadAttribute) => void;
  onDelete: (a: LeadAttribute) => void;
}

/** A row's menu; the built-in Phone and Email attributes show it disabled (doc 2 §5). */
export function AttributeActions({ attribute, onEdit, onDelete }: AttributeActionsProps) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const locked = attribute.is_system;
  const button = (
    <IconButton
      size="small"
      disabled={locked}
      onClick={(e) => setAnchor(e.currentTarget)}
      aria-label={t("attributes.actionsFor", { name: attribute.name })}
      aria-haspopup="menu"
    >
      <MoreVertIcon fontSize="small" />
    </IconButton>
  );
  const run = (action: (a: LeadAttribute) => void) => {
    setAnchor(null);
    action(attribute);
  };
  return (
    <>
      {locked ? (
        <Tooltip title={t("attributes.locked")}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run(onEdit)}>
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("attributes.edit")}
        </MenuItem>
        <MenuItem onClick={() => run(onDelete)} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            <DeleteOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("attributes.delete")}
        </MenuItem>
      </Menu>
    </>
  );
}
