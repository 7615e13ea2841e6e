import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import { Box, Chip, type ChipProps, CircularProgress, Menu, MenuItem } from "@mui/material";
import { useId, useState } from "react";

export interface ValueStatusMenuProps {
  label: string;
  color?: ChipProps["color"];
  /** No options: a plain chip (an email at Pending has no menu). */
  options: { key: string; label: string; onSelect: () => void }[];
  busy?: boolean;
  "aria-label": string;
}

/** A phone's or an email's status: a chip that opens the statuses it can move to. */
export function ValueStatusMenu({ label, color = "default", options, busy, ...rest }: ValueStatusMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (options.length === 0) return <Chip size="small" variant="outlined" color={color} label={label} aria-label={rest["aria-label"]} />;
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={color}
        label={
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.25, mr: -0.75 }}>
            {label}
            {busy ? <CircularProgress size={12} sx={{ mx: 0.5 }} /> : <ArrowDropDownIcon sx={{ fontSize: 18 }} />}
          </Box>
        }
        clickable
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={rest["aria-label"]}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={!!anchor}
        sx={{ flexShrink: 0 }}
      />
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {options.map((o) => (
          <MenuItem
            key={o.key}
            onClick={() => {
              setAnchor(null);
              o.onSelect();
            }}
          >
            {o.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
