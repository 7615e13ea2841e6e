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
  /** Pinned to the right edge (from md up) while a wide table scrolls: the Status of leads, imports and lookups. */
  stickyRight?: boolean;
}

interface TableQueryState {
  limit: number;
  search: string;
  sort: SortState | null;
  setLimit: (limit: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: SortState | null) => void;
}

/** What a numbered-page table needs from the page's state owner (the URL, usually: see useTableUrlState). */
export interface TableState extends TableQueryState {
  page: number;
  setPage: (page: number, opts?: { replace?: boolean }) => void;
}

/**
 * A keyset-paged table (see useCursorUrlState): the position is the server's opaque cursor, null for the first
 * page. There is no page number and no last page: a deep page costs the server what the first one does.
 */
export interface CursorTableState extends TableQueryState {
  cursor: string | null;
  setCursor: (cursor: string | null, opts?: { replace?: boolean }) => void;
}

export function isCursorState(state: TableState | CursorTableState): state is CursorTableState {
  return "setCursor" in state;
}

/** The paging part of a keyset answer (`meta` of GET /leads). */
export interface CursorMeta {
  total: number;
  /** The total is the planner's estimate, not a count. */
  total_is_estimate?: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
}

export interface CursorPage<T> {
  data: T[];
  meta: CursorMeta;
}
