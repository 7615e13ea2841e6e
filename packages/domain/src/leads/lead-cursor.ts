import { type LeadSortKey, LeadSortKeys, type SortDirection } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { fieldError } from "../shared/errors";
import type { Sort } from "../shared/paging";

/**
 * Keyset paging for the lead tables. A cursor is base64url JSON of the sort it belongs to, the sort key's value
 * and the id of the row it stands at, and which way it reads: `next` continues after that row, `prev` reads the
 * rows before it. Every sort is (value, id), so ties on the value still page in one stable order.
 */
export interface LeadCursor {
  sort: LeadSortKey;
  order: SortDirection;
  /** The sort key's value at the row, as PostgreSQL wrote it (timestamps to the microsecond, numeric exactly). */
  value: string | number;
  id: number;
  way: "next" | "prev";
}

const Encoded = z.object({
  s: z.enum(LeadSortKeys),
  o: z.enum(["asc", "desc"]),
  v: z.union([z.string().max(100), z.number()]),
  i: z.number().int().positive(),
  w: z.enum(["next", "prev"]),
});

export function encodeCursor(c: LeadCursor): string {
  const body: z.infer<typeof Encoded> = { s: c.sort, o: c.order, v: c.value, i: c.id, w: c.way };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

/**
 * The cursor of a request, or null for the first page. A cursor of another sort (the user changed the sort and
 * the page kept the old cursor) starts again from the first page; one that does not decode is a 422.
 */
export function decodeCursor(raw: string | undefined, sort: Sort<LeadSortKey>): LeadCursor | null {
  if (!raw) return null;
  let parsed: z.infer<typeof Encoded>;
  try {
    parsed = Encoded.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw fieldError("lead_cursor_invalid", "cursor");
  }
  if (parsed.s !== sort.key || parsed.o !== sort.direction) return null;
  if (parsed.s !== "id" && typeof parsed.v !== "string") throw fieldError("lead_cursor_invalid", "cursor");
  return { sort: parsed.s, order: parsed.o, value: parsed.v, id: parsed.i, way: parsed.w };
}

/** Sort keys to columns of `leads l` (never text from the request), with the type a cursor value casts back to. */
const COLUMNS = {
  id: { column: sql`l.id`, cast: sql`bigint` },
  created_at: { column: sql`l.created_at`, cast: sql`timestamptz` },
  updated_at: { column: sql`l.updated_at`, cast: sql`timestamptz` },
  revenue: { column: sql`l.revenue`, cast: sql`numeric` },
  duplicates_count: { column: sql`l.duplicates_count`, cast: sql`int` },
  status: { column: sql`l.status`, cast: sql`smallint` },
} as const satisfies Record<LeadSortKey, { column: SQL; cast: SQL }>;

/** The sort value as the cursor keeps it: exact text (a JS Date would lose microseconds). */
export function sortValueColumn(key: LeadSortKey): SQL {
  return key === "id" ? sql`l.id::float8` : sql`${COLUMNS[key].column}::text`;
}

/**
 * The page's order and its keyset condition. `idColumn` is the id the table is driven by (`m.lead_id` on a list
 * page, so its primary key reads the list in id order). Reading backwards (`prev`) flips both; the caller reverses
 * the rows it gets.
 */
export function keyset(sort: Sort<LeadSortKey>, cursor: LeadCursor | null, idColumn: SQL): { where: SQL | null; orderBy: SQL } {
  const backwards = cursor?.way === "prev";
  const desc = (sort.direction === "desc") !== backwards;
  const dir = desc ? sql`DESC` : sql`ASC`;
  const op = desc ? sql`<` : sql`>`;
  if (sort.key === "id") {
    // On a list page the bound goes on both sides of the join: bounded only on the list's side, the planner may
    // merge-join it with the team's leads read from the top, which reads half a million leads for a deep page.
    const bound = cursor ? sql`${idColumn} ${op} ${cursor.id} AND l.id ${op} ${cursor.id}` : null;
    return { where: bound, orderBy: sql`${idColumn} ${dir}` };
  }
  const { column, cast } = COLUMNS[sort.key];
  // Value and id in one direction, the bound a row comparison: for updated_at that is `leads_team_updated_idx`
  // (team_id, updated_at, id) read forwards or backwards from the cursor (the column is NOT NULL, so the default
  // NULLS placement of either direction matches the index).
  return {
    where: cursor ? sql`(${column}, ${idColumn}) ${op} (${String(cursor.value)}::${cast}, ${cursor.id}::bigint)` : null,
    orderBy: sql`${column} ${dir}, ${idColumn} ${dir}`,
  };
}
