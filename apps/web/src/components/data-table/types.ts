import type { Breakpoint } from "@mui/material/styles";
import type { ReactNode } from "react";

export type SortDirection = "asc" | "desc";

export interface SortState {
  key: string;
  direction: SortDirection;
}

export type RowId = string | number;

export interface DataTableColumn<T> {
  key: string;
  header: string;
  /** Cell content; without it the cell shows `row[key]`. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  /** The server's sort key when it differs from `key`. */
  sortKey?: string;
  /** Direction of the first click on the header: numbers read best largest first. */
  firstSortDirection?: SortDirection;
  width?: number | string;
  /** A number, or per breakpoint: `{ xs: 120, lg: 200 }`. */
  minWidth?: number | string | Partial<Record<Breakpoint, number | string>>;
  align?: "left" | "right" | "center";
  /** false keeps the column out of the 'Columns' chooser (Phone and Email of lead tables). Default true. */
  hideable?: boolean;
  defaultHidden?: boolean;
  /** On narrow screens the column appears only from this breakpoint up. */
  showFrom?: Breakpoint;
}

/** What a table needs from the page's state owner (the URL, usually: see useTableUrlState). */
export interface TableState {
  page: number;
  limit: number;
  search: string;
  sort: SortState | null;
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: SortState | null) => void;
}
