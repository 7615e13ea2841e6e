import { formatSort, names, readTableParams, type TableDefaults, writeTableParams } from "./table-url-state";
import type { CursorMeta, SortState } from "./types";

export type CursorDefaults = Omit<TableDefaults, "sort"> & { sort?: SortState | null };

export interface CursorParams {
  cursor: string | null;
  limit: number;
  search: string;
  sort: SortState | null;
}

/** What keyset endpoints take (GET /leads): the cursor instead of a page, empty values left out. */
export interface CursorRequestParams {
  limit: number;
  cursor?: string;
  search?: string;
  sort?: string;
}

/** The server's cursors are opaque; a value no cursor could be is ignored rather than sent. */
const MAX_CURSOR = 500;

export function readCursorParams(sp: URLSearchParams, defaults: CursorDefaults): CursorParams {
  const { limit, search, sort } = readTableParams(sp, defaults);
  const raw = sp.get(names(defaults.prefix).cursor);
  return { cursor: raw && raw.length <= MAX_CURSOR ? raw : null, limit, search, sort };
}

/** A copy of `sp` with the table's params; a stray `page` param goes (cursor tables have none). */
export function writeCursorParams(sp: URLSearchParams, next: CursorParams, defaults: CursorDefaults): URLSearchParams {
  const out = writeTableParams(sp, { page: 1, limit: next.limit, search: next.search, sort: next.sort }, defaults);
  const name = names(defaults.prefix).cursor;
  if (next.cursor) out.set(name, next.cursor);
  else out.delete(name);
  return out;
}

export function toCursorRequest(p: CursorParams): CursorRequestParams {
  const search = p.search.trim();
  return {
    limit: p.limit,
    ...(p.cursor ? { cursor: p.cursor } : {}),
    ...(search ? { search } : {}),
    ...(p.sort ? { sort: formatSort(p.sort) } : {}),
  };
}

export type CursorMove = "first" | "prev" | "next";

/**
 * Where a paging button leads: the cursor to load, `null` for the first page, `undefined` when it cannot move. An
 * answer without a previous cursor is the first page, whatever the URL's cursor says (read back to the start).
 */
export function cursorTarget(meta: CursorMeta | undefined, current: string | null, move: CursorMove): string | null | undefined {
  if (!meta) return undefined;
  const atStart = !current || meta.prev_cursor === null;
  switch (move) {
    case "first":
      return atStart ? undefined : null;
    case "prev":
      return atStart ? undefined : meta.prev_cursor;
    case "next":
      return meta.next_cursor ?? undefined;
  }
}

/**
 * An empty page past the first (its rows deleted, a stale shared link) goes back to the first page, as numbered
 * tables go back from a page beyond the last.
 */
export function shouldResetCursor(cursor: string | null, rowCount: number | undefined): boolean {
  return !!cursor && rowCount === 0;
}

/** A cursor the server refuses (422 on `cursor`: another version's, or edited by hand) starts over from the first page. */
export function isCursorRefused(error: unknown): boolean {
  const e = error as { status?: number; errors?: Record<string, unknown> } | null;
  return !!e && e.status === 422 && !!e.errors && "cursor" in e.errors;
}
