import type { SxProps, Theme } from "@mui/material/styles";
import type { DataTableColumn } from "./types";

/** Width and responsive visibility shared by header, body and skeleton cells. */
export function cellSx<T>(c: DataTableColumn<T>): SxProps<Theme> {
  return {
    width: c.width,
    minWidth: c.minWidth,
    // Number columns stay as narrow as their figures: a long header wraps instead of widening the table.
    ...(c.align === "right" ? { fontVariantNumeric: "tabular-nums", "&.MuiTableCell-head": { whiteSpace: "normal" } } : {}),
    ...(c.showFrom ? { display: { xs: "none", [c.showFrom]: "table-cell" } } : {}),
  };
}
