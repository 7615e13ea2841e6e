import { alpha, type SxProps, type Theme } from "@mui/material/styles";
import { PINNED_COVERS_ATTR } from "./pinned-edge";
import type { DataTableColumn } from "./types";

/**
 * A column pinned to the table's right edge from md up: it stays in view while the others scroll. Its cell paints
 * the paper under the row's hover or selection tint, so scrolled cells never show through, and casts a shadow
 * while other columns' content is beneath it (usePinnedEdge), so a cut-off column reads as "scroll for more".
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
      // A cell's own box-shadow is not drawn in a collapsed-border table: the shade is a pseudo-element.
      [`[${PINNED_COVERS_ATTR}] &::before`]: {
        content: '""',
        position: "absolute",
        top: 0,
        bottom: 0,
        left: -12,
        width: 12,
        pointerEvents: "none",
        background: "linear-gradient(to left, rgba(15, 23, 42, 0.12), rgba(15, 23, 42, 0))",
      },
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
export function cellSx<T>(c: DataTableColumn<T>): SxProps<Theme> {
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
