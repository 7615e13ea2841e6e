import { alpha, type SxProps, type Theme } from "@mui/material/styles";
import type { ResolvedColumn } from "./types";

/**
 * A column pinned to the table's right edge from md up: it stays in view while the others scroll. The visible part
 * of the scrolling columns ends at its left edge, where the scroll cue after them sits (ScrollFrame), so what is
 * beneath it reads as out of view, not as covered. Its cell paints the paper under the row's hover or selection
 * tint, so scrolled cells never show through.
 */
function stickyRightSx(theme: Theme) {
  const tint = (o: number) => alpha(theme.palette.primary.main, o);
  const layer = (color: string) => `linear-gradient(${color}, ${color})`;
  return {
    [theme.breakpoints.up("md")]: {
      position: "sticky",
      right: 0,
      zIndex: 1,
      backgroundColor: theme.palette.background.paper,
      boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
      "tr.MuiTableRow-hover:hover > &": { backgroundImage: layer(tint(0.035)) },
      "tr.Mui-selected > &": { backgroundImage: layer(tint(theme.palette.action.selectedOpacity)) },
      "tr.Mui-selected:hover > &": {
        backgroundImage: layer(tint(theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity)),
      },
      "&.MuiTableCell-head": { backgroundColor: "#fafbfc", zIndex: 2 },
    },
  };
}

/** Width and responsive visibility shared by header, body and skeleton cells. */
export function cellSx<T>(c: ResolvedColumn<T>): SxProps<Theme> {
  return [
    {
      width: c.width,
      minWidth: c.minWidth,
      // A long header wraps instead of widening the table; columns stay as narrow as their content.
      "&.MuiTableCell-head": { whiteSpace: "normal" },
      ...(c.align === "right" ? { fontVariantNumeric: "tabular-nums", pl: 1, pr: 2 } : {}),
      ...(c.showFrom ? { display: { xs: "none", [c.showFrom]: "table-cell" } } : {}),
    },
    c.stickyRight ? stickyRightSx : false,
  ];
}
