import type { Breakpoint } from "@mui/material/styles";
import type { ReactNode } from "react";
import type { t } from "../../lib/i18n";

export type SortDirection = "asc" | "desc";

export interface SortState {
  key: string;
  direction: SortDirection;
}

export type RowId = string | number;

/** What every column's header and cells get: the page's context (`DataTable`'s `context` prop) and `t`. */
export type CellContext<C> = C & { t: typeof t };

/**
 * A column as a page defines it: a module constant, not rebuilt per render. Header and cells read the page's typed
 * context (link builders, row actions) and the language's `t`, so nothing is memoised.
 * `S` is the list endpoint's sort-key union (the contract's `…SortKeys`): a column is sortable by giving its key.
 */
export interface DataTableColumn<T, C = unknown, S extends string = string> {
  key: string;
  /** A literal (an attribute's name), or text in the current language: `({ t }) => t("sources.columns.name")`. */
  header: string | ((ctx: CellContext<C>) => string);
  /** Cell content; without it the cell shows `row[key]`. */
  render?: (row: T, ctx: CellContext<C>) => ReactNode;
  /** The server's sort key; a column without one does not sort. */
  sortKey?: S;
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

/** The columns of one table: `Columns<Source, SourceColumnsContext, SourceSortKey>`. */
export type Columns<T, C = unknown, S extends string = string> = readonly DataTableColumn<T, C, S>[];

/** A column with its header and cells bound to the context: what the table's parts draw. */
export interface ResolvedColumn<T> extends Omit<DataTableColumn<T>, "header" | "render"> {
  header: string;
  render?: (row: T) => ReactNode;
}

/** A sort-key union from the contract's list: `SortKeyOf<typeof SourceSortKeys>`. */
export type SortKeyOf<Keys extends readonly string[]> = Keys[number];

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
