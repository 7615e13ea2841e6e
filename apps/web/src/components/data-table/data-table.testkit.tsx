import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { DataTable, type DataTableQuery } from "./data-table";
import type { DataTableColumn } from "./types";

/*
 * For the tests of a feature's table: its columns drawn over some rows, read as HTML. Not part of the app.
 */

/** A query that has answered with `data`: the table as it stands once loaded. */
export const settled = <D,>(data: D): DataTableQuery<D> => ({
  data,
  isPending: false,
  isFetching: false,
  isPlaceholderData: false,
  error: null,
  refetch: () => undefined,
});

export interface RenderRowsProps<T, C> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<T, C>[];
  /** The page's context the cells read (row actions, link builders). */
  context: C;
  rows: T[];
  emptyText?: string;
}

/** The static HTML of a whole, unpaged table of `rows`, inside the router its links need. */
export function renderRows<T, C>({ label, columns, context, rows, emptyText }: RenderRowsProps<T, C>): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <DataTable<T, number, C>
        aria-label={label}
        columns={columns}
        context={context}
        query={settled({ data: rows })}
        emptyText={emptyText}
      />
    </MemoryRouter>,
  );
}
