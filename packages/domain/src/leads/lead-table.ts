import type { LeadAttribute, LeadRow, LeadSortKey, LeadTablePage, ListLeadsQuery } from "@leadflow/contracts";
import { LeadSortKeys, LeadStatusLabels } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { parseSort, type Sort } from "../shared/paging";
import { bigintArray, type DbOrTx, dbTimestamp, iso, one, rows } from "../shared/rows";
import { tableColumns } from "./lead-columns";
import { decodeCursor, encodeCursor, keyset, type LeadCursor, sortValueColumn } from "./lead-cursor";
import { type FilterSql, filterSql } from "./lead-filter";
import { type LeadTotal, leadTotal } from "./lead-total";

/** A lead as the table reads it: its string values by attribute id (`attrs`), phones and emails apart. */
const TableRow = z.object({
  id: z.number(),
  status: z.number().int(),
  revenue: z.number(),
  duplicates_count: z.number().int(),
  created_at: dbTimestamp,
  updated_at: dbTimestamp,
  attrs: z.record(z.string(), z.array(z.string())),
});
type TableRow = z.input<typeof TableRow>;

/** A page's key: the lead and its sort value (the whole lead too when the page is read in id order). */
const PageKey = z.object({ id: z.number(), k: z.union([z.string(), z.number()]) });
type PageKey = z.input<typeof PageKey>;
const KeyedTableRow = TableRow.extend(PageKey.shape);

const DEFAULT_SORT: Sort<LeadSortKey> = { key: "id", direction: "desc" };

/**
 * GET /api/leads (the team's leads) and GET /api/lists/{id}/leads (a list's): one keyset page, its columns and
 * its total. A deep page costs what the first does when the sort has an index to read in order: id always (the
 * leads' primary key, or the list's (team, list, lead) key), and updated_at (`leads_team_updated_idx`, read either
 * way). The other sorts have no index (each would cost every import a write per lead): they read and sort every
 * matching lead — at a million, ~170 ms on the leads page and ~400 ms on a list page (B12).
 */
export async function listLeads(db: DbOrTx, ctx: TeamCtx, q: ListLeadsQuery, listId?: number): Promise<LeadTablePage> {
  const list =
    listId === undefined
      ? null
      : await one<{ total_leads: number }>(
          db,
          sql`SELECT total_leads::float8 AS total_leads FROM lists WHERE team_id = ${ctx.teamId} AND id = ${listId}`,
        );
  if (listId !== undefined && !list) throw new AppError("list_not_found");
  return leadTable(db, ctx, q, { listId, baseTotal: list?.total_leads });
}

/**
 * The table of a scope: the team's leads, a list's, a segment's or a campaign's audience (`segmentId`, `campaignId`: checked by the
 * caller). `baseTotal` is the scope's maintained size, answered as the total when nothing narrows it.
 */
export async function leadTable(
  db: DbOrTx,
  ctx: TeamCtx,
  q: ListLeadsQuery,
  scope: { listId?: number; segmentId?: number; campaignId?: number; baseTotal?: number },
): Promise<LeadTablePage> {
  const { listId } = scope;
  const sort = parseSort(q, LeadSortKeys, DEFAULT_SORT);
  const cursor = decodeCursor(q.cursor, sort);
  const filter = await filterSql(db, {
    teamId: ctx.teamId,
    listId,
    segmentId: scope.segmentId,
    campaignId: scope.campaignId,
    search: q.search,
    status: q.status,
  });

  let page = filter.none ? { rows: [], next: null, prev: null } : await readPage(db, ctx.teamId, filter, sort, cursor, q.limit);
  // Read back to the start with fewer rows than a page (leads were deleted meanwhile): show the whole first page.
  if (cursor?.way === "prev" && page.prev === null && page.rows.length < q.limit) {
    page = await readPage(db, ctx.teamId, filter, sort, null, q.limit);
  }
  const firstPage = !cursor || (cursor.way === "prev" && page.prev === null);
  // A list's (segment's) size before search is its maintained counter.
  const baseTotal = q.status === undefined ? scope.baseTotal : undefined;
  const total = async (): Promise<LeadTotal> =>
    baseTotal !== undefined && !q.search
      ? { total: baseTotal, estimate: false }
      : firstPage && page.next === null
        ? { total: page.rows.length, estimate: false }
        : leadTotal(db, filter, { known: page.rows.length + (page.next ? 1 : 0), baseTotal });
  // Independent reads: on a pool they go out together (one round trip of latency instead of three).
  const [counted, attributes, contacts] = await Promise.all([
    total(),
    tableColumns(db, ctx.teamId, listId, page.rows),
    contactsOf(db, ctx.teamId, page.rows),
  ]);
  return {
    data: presentRows(attributes, page.rows, contacts),
    attributes,
    meta: {
      per_page: q.limit,
      total: counted.total,
      total_is_estimate: counted.estimate,
      next_cursor: page.next,
      prev_cursor: page.prev,
    },
  };
}

const leadColumns = sql`l.id::float8 AS id, l.status::int AS status, l.revenue::float8 AS revenue, l.duplicates_count, l.created_at,
  l.updated_at, l.attrs`;

/**
 * One page. In id order it is one statement, reading the primary key in order and stopping at the page's end. The
 * other sorts take two steps: the keys of the page (id and sort value) in order, then those leads by primary key —
 * the sort then handles narrow rows, not every lead's values (at a million leads: ~130 ms instead of ~250 ms).
 */
async function readPage(
  db: DbOrTx,
  teamId: number,
  filter: FilterSql,
  sort: Sort<LeadSortKey>,
  cursor: LeadCursor | null,
  limit: number,
): Promise<{ rows: TableRow[]; next: string | null; prev: string | null }> {
  const ks = keyset(sort, cursor, filter.idColumn);
  const where = ks.where ? sql`${filter.where} AND ${ks.where}` : filter.where;
  const byId = sort.key === "id";
  const found = await rows(
    db,
    sql`SELECT ${byId ? leadColumns : sql`${filter.idColumn}::float8 AS id`}, ${sortValueColumn(sort.key)} AS k
        FROM ${filter.from} WHERE ${where} ORDER BY ${ks.orderBy} LIMIT ${limit + 1}`,
    byId ? KeyedTableRow : PageKey,
  );
  const more = found.length > limit;
  const backwards = cursor?.way === "prev";
  const page = found.slice(0, limit);
  if (backwards) page.reverse();
  const at = (r: PageKey | undefined, way: "next" | "prev") =>
    r ? encodeCursor({ sort: sort.key, order: sort.direction, value: r.k, id: r.id, way }) : null;
  const leads = byId
    ? (page as unknown as TableRow[])
    : await readLeads(
        db,
        teamId,
        page.map((r) => r.id),
      );
  if (backwards) return { rows: leads, next: at(page.at(-1), "next"), prev: more ? at(page[0], "prev") : null };
  // An empty page after a cursor (its leads were deleted): going back starts from the cursor's own row.
  const prev = cursor ? (page.length ? at(page[0], "prev") : encodeCursor({ ...cursor, way: "prev" })) : null;
  return { rows: leads, next: more ? at(page.at(-1), "next") : null, prev };
}

/** The leads of a page, in the page's order. */
async function readLeads(db: DbOrTx, teamId: number, ids: number[]): Promise<TableRow[]> {
  if (!ids.length) return [];
  const found = await rows(
    db,
    sql`SELECT ${leadColumns} FROM leads l WHERE l.team_id = ${teamId} AND l.id = ANY(${bigintArray(ids)})`,
    TableRow,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface Contact {
  lead_id: number;
  kind: "p" | "e";
  value: string;
}

/** The page's phones and emails in one statement, by the (team, lead) indexes, each lead's in the order they came. */
async function contactsOf(db: DbOrTx, teamId: number, page: TableRow[]): Promise<Contact[]> {
  if (!page.length) return [];
  const ids = bigintArray(page.map((r) => r.id));
  return rows<Contact>(
    db,
    sql`SELECT * FROM (
          SELECT lead_id::float8 AS lead_id, 'p' AS kind, phone AS value, id FROM lead_phones WHERE team_id = ${teamId} AND lead_id = ANY(${ids})
          UNION ALL
          SELECT lead_id::float8, 'e', email, id FROM lead_emails WHERE team_id = ${teamId} AND lead_id = ANY(${ids})) c
        ORDER BY lead_id, kind DESC, id`,
  );
}

/** Rows with their values: phones and emails under the system attributes' ids, then string values of known attributes. */
function presentRows(attributes: LeadAttribute[], page: TableRow[], contacts: Contact[]): LeadRow[] {
  const phoneAttr = String(attributes.find((a) => a.is_system && a.type === "phone")!.id);
  const emailAttr = String(attributes.find((a) => a.is_system && a.type === "email")!.id);
  const byLead = new Map<number, Record<string, string[]>>();
  for (const c of contacts) {
    const values = byLead.get(c.lead_id) ?? {};
    (values[c.kind === "p" ? phoneAttr : emailAttr] ??= []).push(c.value);
    byLead.set(c.lead_id, values);
  }
  const known = new Set(attributes.map((a) => String(a.id)));
  const strings = (attrs: Record<string, string[]>) => Object.fromEntries(Object.entries(attrs).filter(([k]) => known.has(k)));
  return page.map((r) => ({
    id: r.id,
    status: r.status,
    status_label: LeadStatusLabels[r.status as keyof typeof LeadStatusLabels] ?? String(r.status),
    revenue: r.revenue,
    duplicates_count: r.duplicates_count,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    values: { ...byLead.get(r.id), ...strings(r.attrs) },
  }));
}
