import type { CellContext, DataTableColumn, ResolvedColumn } from "./types";

/** Binds each column's header and cells to the page's context, once per render of the table. */
export function resolveColumns<T, C>(columns: readonly DataTableColumn<T, C>[], context: CellContext<C>): ResolvedColumn<T>[] {
  return columns.map(({ header, render, ...column }) => ({
    ...column,
    header: typeof header === "function" ? header(context) : header,
    render: render && ((row: T) => render(row, context)),
  }));
}
