import { Checkbox, TableCell, TableHead, TableRow, TableSortLabel } from "@mui/material";
import { useT } from "../../lib/i18n";
import { cellSx } from "./cell-sx";
import { PINNED_CELL_ATTR } from "./scroll-edges";
import { nextSort } from "./table-url-state";
import type { ResolvedColumn, SortState } from "./types";

export interface DataTableHeadProps<T> {
  columns: readonly ResolvedColumn<T>[];
  sort: SortState | null;
  /** Absent in an unpaged table: its headers do not sort. */
  onSort?: (sort: SortState) => void;
  /** Header checkbox; absent when rows are not selectable. */
  selection?: { state: "none" | "some" | "all"; disabled: boolean; onToggle: () => void };
}

export function DataTableHead<T>({ columns, sort, onSort, selection }: DataTableHeadProps<T>) {
  const t = useT();
  return (
    <TableHead>
      <TableRow>
        {selection && (
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={selection.state === "all"}
              indeterminate={selection.state === "some"}
              disabled={selection.disabled}
              onChange={selection.onToggle}
              slotProps={{ input: { "aria-label": t("table.selectAll") } }}
            />
          </TableCell>
        )}
        {columns.map((c) => {
          const key = onSort && c.sortKey;
          const active = !!key && sort?.key === key;
          return (
            <TableCell
              key={c.key}
              align={c.align}
              sx={cellSx(c)}
              {...(c.stickyRight ? { [PINNED_CELL_ATTR]: "" } : {})}
              sortDirection={active && sort ? sort.direction : false}
              aria-sort={active && sort ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
            >
              {key ? (
                <TableSortLabel
                  active={active}
                  direction={active && sort ? sort.direction : (c.firstSortDirection ?? "asc")}
                  onClick={() => onSort(nextSort(sort, key, c.firstSortDirection))}
                  sx={{
                    position: "relative",
                    // Number columns: the arrow hangs in the right padding, so it neither widens the column nor
                    // moves the header off the figures' right edge.
                    ...(c.align === "right"
                      ? { "& .MuiTableSortLabel-icon": { position: "absolute", m: 0, right: -16, fontSize: 14 } }
                      : {}),
                  }}
                >
                  {c.header}
                </TableSortLabel>
              ) : (
                c.header
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
