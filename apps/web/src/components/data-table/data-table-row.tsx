import { Checkbox, TableCell, TableRow } from "@mui/material";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../lib/i18n";
import { cellSx } from "./cell-sx";
import type { ResolvedColumn } from "./types";

export interface DataTableRowProps<T> {
  row: T;
  columns: readonly ResolvedColumn<T>[];
  href?: string;
  /** A row link opens in a new window (a lead opened from a campaign keeps the campaign open). */
  newWindow?: boolean;
  onClick?: (row: T) => void;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
}

/** Clicks on controls inside the row (the checkbox, a link, a menu) keep their own meaning. */
const INTERACTIVE =
  "a, button, input, label, select, textarea, [role='button'], [role='checkbox'], [role='menu'], [data-row-click='ignore']";

function cellValue<T>(row: T, column: ResolvedColumn<T>) {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  return value === null || value === undefined ? "—" : String(value);
}

export function DataTableRow<T>({ row, columns, href, newWindow, onClick, selectable, selected, onToggle }: DataTableRowProps<T>) {
  const t = useT();
  const navigate = useNavigate();

  const open = (e: MouseEvent<HTMLTableRowElement>) => {
    if ((!href && !onClick) || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    if (target.closest(INTERACTIVE) || !e.currentTarget.contains(target)) return;
    // Selecting text in a cell is not a click on the row.
    if (window.getSelection()?.toString()) return;
    if (!href) {
      if (e.button === 0) onClick?.(row);
      return;
    }
    if (newWindow || e.metaKey || e.ctrlKey || e.button === 1) window.open(href, "_blank", "noopener");
    else navigate(href);
  };

  return (
    <TableRow
      hover
      selected={selected}
      onClick={open}
      onAuxClick={(e) => e.button === 1 && open(e)}
      sx={{ cursor: href || onClick ? "pointer" : undefined, "&:last-child td": { borderBottom: 0 } }}
    >
      {selectable && (
        <TableCell padding="checkbox">
          <Checkbox size="small" checked={selected} onChange={onToggle} slotProps={{ input: { "aria-label": t("table.selectRow") } }} />
        </TableCell>
      )}
      {columns.map((c) => (
        <TableCell key={c.key} align={c.align} sx={cellSx(c)}>
          {cellValue(row, c)}
        </TableCell>
      ))}
    </TableRow>
  );
}
