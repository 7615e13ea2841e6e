import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from "@mui/material";
import { useState } from "react";
import { useT } from "../../../lib/i18n";
import type { KeywordRow } from "../api/keywords.api";

export interface KeywordActionsProps {
  keyword: KeywordRow;
  onEdit: (k: KeywordRow) => void;
  onDelete: (k: KeywordRow) => void;
}

/** A row's menu; the system keywords show it disabled (spec 2 §4: they cannot be edited or removed). */
export function KeywordActions({ keyword, onEdit, onDelete }: KeywordActionsProps) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const locked = keyword.is_system;
  const button = (
    <IconButton
      size="small"
      disabled={locked}
      onClick={(e) => setAnchor(e.currentTarget)}
      aria-label={t("keywords.actionsFor", { name: keyword.name })}
      aria-haspopup="menu"
    >
      <MoreVertIcon fontSize="small" />
    </IconButton>
  );
  const run = (action: (k: KeywordRow) => void) => {
    setAnchor(null);
    action(keyword);
  };
  return (
    <>
      {locked ? (
        <Tooltip title={t("keywords.locked")}>
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
          {t("keywords.edit")}
        </MenuItem>
        <MenuItem onClick={() => run(onDelete)} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            <DeleteOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("keywords.delete")}
        </MenuItem>
      </Menu>
    </>
  );
}
