import type { ListQuery, Page, SortDirection } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "./errors";
import { type DbOrTx, one, rows } from "./rows";

export interface Sort<K extends string> {
  key: K;
  direction: SortDirection;
}

/**
 * `sort=name,desc`, `sort=name&order=desc`, `order=name,desc` and `sort=-name` all mean the same; no key means the
 * list's default. A key or direction the list does not have is a 422 naming the ones it has (`lenient`: the
 * default instead, for a sort stored earlier, such as an export's).
 */
export function parseSort<K extends string>(
  q: Pick<ListQuery, "sort" | "order">,
  keys: readonly K[],
  fallback: Sort<K>,
  opts: { lenient?: boolean } = {},
): Sort<K> {
  let raw = q.sort ?? q.order ?? "";
  let direction: SortDirection | undefined;
  if (raw.startsWith("-")) {
    raw = raw.slice(1);
    direction = "desc";
  }
  const [key, dir] = raw.split(",").map((s) => s.trim());
  const explicit = dir || (q.sort && q.order && q.order !== q.sort ? q.order : undefined);
  if (!key) return fallback;
  const known = (keys as readonly string[]).includes(key);
  const direct = explicit === undefined || ["asc", "desc"].includes(explicit.toLowerCase());
  if (!known || !direct) {
    if (opts.lenient) return fallback;
    const message = !known ? `Sort by one of: ${keys.join(", ")}.` : `Sort direction must be asc or desc.`;
    throw new AppError("invalid_sort", message, { sort: [message] });
  }
  if (explicit) direction = explicit.toLowerCase() === "desc" ? "desc" : "asc";
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

/** A list's sort keys, each to the expression it orders by; built `satisfies Record<SortKey, SQL>` so none is missed. */
export type SortMap<K extends string> = Readonly<Record<K, SQL>>;

/** One page of a list: what it reads, how it may be sorted, and what it counts. */
export interface PagedList<K extends string, R = unknown> {
  /** The schema each row is checked against in tests and development (`rows`): the page is a route's answer. */
  row?: z.ZodType<unknown, R>;
  /** `SELECT … FROM …` of the page's rows, up to WHERE. */
  select: SQL;
  /** `FROM …` the total is counted over: the tables the condition needs. */
  from: SQL;
  where: SQL;
  sorts: SortMap<K>;
  fallback: Sort<K>;
  /** Orders ties after the sort (an id), so pages neither overlap nor skip a row. */
  tieBreak: SQL;
  /** Orders ahead of the sort (the platform's gateways before the team's own). */
  first?: SQL;
}

/**
 * Reads one offset page and its total. The sort key is looked up in the list's map: a key from the request is
 * never written into SQL, and one the map lacks is a 422.
 */
export async function pagedQuery<R, K extends string>(
  db: DbOrTx,
  q: Pick<ListQuery, "page" | "limit" | "sort" | "order">,
  list: PagedList<K, R>,
): Promise<Page<R>> {
  const sort = parseSort(q, Object.keys(list.sorts) as K[], list.fallback);
  const first = list.first ? sql`${list.first}, ` : sql``;
  const count = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n ${list.from} WHERE ${list.where}`);
  const query = sql`${list.select} WHERE ${list.where}
        ORDER BY ${first}${orderBy(list.sorts[sort.key], sort.direction)}, ${list.tieBreak}
        LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const data = (list.row ? await rows(db, query, list.row) : await rows(db, query)) as R[];
  return toPage(data, count?.n ?? 0, q.page, q.limit);
}

/** The same page with each row presented. */
export function mapPage<R, T>(page: Page<R>, present: (row: R) => T): Page<T> {
  return { data: page.data.map(present), meta: page.meta };
}
