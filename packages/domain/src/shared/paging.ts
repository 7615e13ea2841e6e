import type { ListQuery, Page, SortDirection } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";

export interface Sort<K extends string> {
  key: K;
  direction: SortDirection;
}

/**
 * `sort=name,desc`, `sort=name&order=desc`, `order=name,desc` and `sort=-name` all mean the same; an unknown key
 * falls back to the default rather than failing the page.
 */
export function parseSort<K extends string>(q: Pick<ListQuery, "sort" | "order">, keys: readonly K[], fallback: Sort<K>): Sort<K> {
  let raw = q.sort ?? q.order ?? "";
  let direction: SortDirection | undefined;
  if (raw.startsWith("-")) {
    raw = raw.slice(1);
    direction = "desc";
  }
  const [key, dir] = raw.split(",").map((s) => s.trim());
  const explicit = dir ?? (q.sort && q.order && ["asc", "desc"].includes(q.order.toLowerCase()) ? q.order : undefined);
  if (explicit) direction = explicit.toLowerCase() === "desc" ? "desc" : "asc";
  if (!key || !(keys as readonly string[]).includes(key)) return fallback;
  return { key: key as K, direction: direction ?? "asc" };
}

export function pageMeta(total: number, page: number, limit: number) {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / limit)), per_page: limit, total };
}

export function toPage<T>(data: T[], total: number, page: number, limit: number): Page<T> {
  return { data, meta: pageMeta(total, page, limit) };
}

/** LIKE pattern for a user's search text, with its wildcards escaped. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function orderBy(column: SQL, direction: SortDirection): SQL {
  return direction === "desc" ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS FIRST`;
}
