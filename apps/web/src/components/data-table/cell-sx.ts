import type { SxProps, Theme } from "@mui/material/styles";
import type { DataTableColumn } from "./types";

/** Width and responsive visibility shared by header, body and skeleton cells. */
export function cellSx<T>(c: DataTableColumn<T>): SxProps<Theme> {
  return {
    width: c.width,
    minWidth: c.minWidth,
    // A long header wraps instead of widening the table; columns stay as narrow as their content.
    "&.MuiTableCell-head": { whiteSpace: "normal" },
    ...(c.align === "right" ? { fontVariantNumeric: "tabular-nums", pl: 1, pr: 2 } : {}),
    ...(c.showFrom ? { display: { xs: "none", [c.showFrom]: "table-cell" } } : {}),
  };
}
