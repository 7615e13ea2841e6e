import type { SortDirection, SortState } from "./types";

export interface TableDefaults {
  limit: number;
  /** Allowed page sizes; a limit outside them falls back to the default. */
  limits?: readonly number[];
  sort?: SortState | null;
  /** Prefix for the search-param names, for a second table on one page (`lists.page`). */
  prefix?: string;
}

export interface TableParams {
  page: number;
  limit: number;
  search: string;
  sort: SortState | null;
}

/** What list endpoints take: `sort` as `key,direction`, empty values left out. */
export interface ListRequestParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

const DIRECTIONS: readonly SortDirection[] = ["asc", "desc"];

/** `name,asc` → { key: "name", direction: "asc" }; a bare key sorts ascending; anything else is no sort. */
export function parseSort(raw: string | null | undefined): SortState | null {
  if (!raw) return null;
  const [key, direction = "asc", ...rest] = raw.split(",").map((s) => s.trim());
  if (!key || rest.length > 0 || !/^[a-z0-9_]+$/i.test(key)) return null;
  const dir = direction.toLowerCase() as SortDirection;
  return DIRECTIONS.includes(dir) ? { key, direction: dir } : null;
}

export function formatSort(sort: SortState | null | undefined): string | undefined {
  return sort ? `${sort.key},${sort.direction}` : undefined;
}

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export function names(prefix = "") {
  const p = prefix ? `${prefix}.` : "";
  return { page: `${p}page`, cursor: `${p}cursor`, limit: `${p}limit`, search: `${p}search`, sort: `${p}sort` };
}

export function readTableParams(sp: URLSearchParams, defaults: TableDefaults): TableParams {
  const n = names(defaults.prefix);
  const limit = positiveInt(sp.get(n.limit));
  const allowed = limit !== null && (!defaults.limits || defaults.limits.includes(limit));
  const sortRaw = sp.get(n.sort);
  return {
    page: positiveInt(sp.get(n.page)) ?? 1,
    limit: allowed ? limit : defaults.limit,
    search: sp.get(n.search) ?? "",
    sort: sortRaw === null ? (defaults.sort ?? null) : parseSort(sortRaw),
  };
}

const sameSort = (a: SortState | null | undefined, b: SortState | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.key === b.key && a.direction === b.direction);

/** A copy of `sp` with the table's params set; defaults stay out of the URL so links stay short. */
export function writeTableParams(sp: URLSearchParams, next: TableParams, defaults: TableDefaults): URLSearchParams {
  const n = names(defaults.prefix);
  const out = new URLSearchParams(sp);
  const set = (name: string, value: string | null) => (value === null ? out.delete(name) : out.set(name, value));
  set(n.page, next.page > 1 ? String(next.page) : null);
  set(n.limit, next.limit !== defaults.limit ? String(next.limit) : null);
  set(n.search, next.search ? next.search : null);
  // No sort while the default has one is written as an empty value, so it survives the next read.
  set(n.sort, sameSort(next.sort, defaults.sort) ? null : (formatSort(next.sort) ?? ""));
  return out;
}

export function toRequestParams(p: TableParams): ListRequestParams {
  const search = p.search.trim();
  return { page: p.page, limit: p.limit, ...(search ? { search } : {}), ...(p.sort ? { sort: formatSort(p.sort) } : {}) };
}

/** A page beyond the answer's last page (rows deleted, a shared link gone stale) goes back to the first. */
export function shouldResetPage(page: number, lastPage: number | undefined): boolean {
  if (lastPage === undefined) return false;
  return page > 1 && page > Math.max(lastPage, 1);
}

/** Header click: a new column starts at its first direction; the active one flips. */
export function nextSort(current: SortState | null, key: string, first: SortDirection = "asc"): SortState {
  if (current?.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: first };
}
