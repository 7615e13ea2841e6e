import type { LeadStatus } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { normalizeEmail, normalizePhone } from "../contacts";
import { bigintArray, type DbOrTx, rows } from "../shared/rows";
import { type TextSample, textSearch } from "./lead-text-search";

/**
 * Which leads a table (or an "all matching" selection, or an export) shows: a list's, a segment's or the team's,
 * narrowed by search and status.
 */
export interface LeadFilter {
  teamId: number;
  listId?: number;
  segmentId?: number;
  /** A campaign's audience: the union of its segments', lists' and sources' leads (membership checked by the caller). */
  campaignId?: number;
  search?: string;
  status?: LeadStatus;
}

/**
 * The filter as SQL over `leads l` (joined from the membership `m` — `list_leads` on a list page, `segment_leads`
 * on a segment's). `idColumn` is what the table is driven by: a list or segment page reads the membership's
 * primary key (team, list/segment, lead) in id order. `exact` says the matches were found
 * by key (a phone, an email, an id) or through the text index (a rare text's, up to 2,000), not by testing each lead.
 * `none`: nothing can match.
 */
export interface FilterSql {
  from: SQL;
  /** All of the filter: `base` and the text search. */
  where: SQL;
  /** The table, its status filter and exact searches: what indexes and statistics can answer. */
  base: SQL;
  /** A text search tested on each lead read (lead-text-search.ts), and how common it was among the newest leads. */
  text: { condition: SQL; sample: TextSample } | null;
  idColumn: SQL;
  exact: boolean;
  none: boolean;
}

/**
 * What a search means, in this order: a phone in any format (normalised as imports do, then the key of
 * `lead_phones`), an email (lower-cased, the key of `lead_emails`), a number (a lead id of the table; a number no
 * lead has as id — a zip code, say — is searched as text), else text contained in any string value.
 */
export type SearchKind =
  | { kind: "phone"; phone: string }
  | { kind: "email"; email: string }
  | { kind: "number"; id: number; text: string }
  | { kind: "text"; text: string };

export function classifySearch(search: string): SearchKind {
  if (search.includes("@")) {
    const e = normalizeEmail(search);
    if (e.ok) return { kind: "email", email: e.email };
  }
  if (/\d/.test(search) && !/[a-z]/i.test(search)) {
    const p = normalizePhone(search, { defaultCountry: "US" });
    if (p.ok) return { kind: "phone", phone: p.e164 };
  }
  if (/^\d{1,15}$/.test(search)) return { kind: "number", id: Number(search), text: search };
  return { kind: "text", text: search };
}

/** The leads owning a phone or an email: one primary-key probe. */
async function ownersOf(db: DbOrTx, teamId: number, s: SearchKind): Promise<number[]> {
  const found =
    s.kind === "phone"
      ? await rows<{ id: number }>(db, sql`SELECT lead_id::float8 AS id FROM lead_phones WHERE team_id = ${teamId} AND phone = ${s.phone}`)
      : s.kind === "email"
        ? await rows<{ id: number }>(
            db,
            sql`SELECT lead_id::float8 AS id FROM lead_emails WHERE team_id = ${teamId} AND email = ${s.email}`,
          )
        : [];
  return found.map((r) => r.id);
}

/** The membership table a list or segment page is driven by (alias `m`), and its key condition. */
function membershipOf(f: LeadFilter): { table: SQL; key: SQL } | null {
  if (f.listId !== undefined) return { table: sql`list_leads`, key: sql`m.team_id = ${f.teamId} AND m.list_id = ${f.listId}` };
  if (f.segmentId !== undefined) return { table: sql`segment_leads`, key: sql`m.team_id = ${f.teamId} AND m.segment_id = ${f.segmentId}` };
  if (f.campaignId !== undefined) return { table: campaignAudienceSql(f.teamId, f.campaignId), key: sql`m.team_id = ${f.teamId}` };
  return null;
}

/**
 * A campaign's audience as one membership (team_id, lead_id): UNION drops a lead that several of its segments,
 * lists or sources hold, so each lead is one row. `first`: any n rows of it, at once (a lead may come twice);
 * `leadIds`: only the leads whose id is in (after, upTo] (upTo null: no end).
 */
export function campaignAudienceSql(
  teamId: number,
  campaignId: number,
  opts: { first?: number; leadIds?: { after: number; upTo: number | null } } = {},
): SQL {
  const r = opts.leadIds;
  const range = (col: SQL) => (r ? sql` AND ${col} > ${r.after}${r.upTo === null ? sql`` : sql` AND ${col} <= ${r.upTo}`}` : sql``);
  const of = (kind: string) =>
    sql`a.team_id = ${teamId} AND a.campaign_id = ${campaignId} AND a.kind = ${kind}${range(kind === "segment" ? sql`sl.lead_id` : sql`ll.lead_id`)}`;
  // The first n rows: without the de-duplication (a lead in two lists comes twice), so nothing waits for the whole.
  const union = opts.first === undefined ? sql`UNION` : sql`UNION ALL`;
  const limit = opts.first === undefined ? sql`` : sql` LIMIT ${opts.first}`;
  return sql`(SELECT sl.team_id, sl.lead_id FROM campaign_audiences a
      JOIN segment_leads sl ON sl.team_id = a.team_id AND sl.segment_id = a.ref_id WHERE ${of("segment")}
    ${union} SELECT ll.team_id, ll.lead_id FROM campaign_audiences a
      JOIN list_leads ll ON ll.team_id = a.team_id AND ll.list_id = a.ref_id WHERE ${of("list")}
    ${union} SELECT ll.team_id, ll.lead_id FROM campaign_audiences a
      JOIN lists li ON li.team_id = a.team_id AND li.source_id = a.ref_id
      JOIN list_leads ll ON ll.team_id = li.team_id AND ll.list_id = li.id WHERE ${of("source")}${limit})`;
}

/** Whether the table (the team's leads, a list's or a segment's) holds this lead id: one primary-key probe. */
async function holdsLead(db: DbOrTx, f: LeadFilter, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id)) return false;
  const m = membershipOf(f);
  const found = m
    ? await rows(db, sql`SELECT 1 FROM ${m.table} m WHERE ${m.key} AND m.lead_id = ${id}`)
    : await rows(db, sql`SELECT 1 FROM leads WHERE team_id = ${f.teamId} AND id = ${id}`);
  return found.length > 0;
}

/**
 * Builds the filter. Exact searches resolve their lead ids first (a key probe), so the table query gets
 * `l.id = ANY(ids)` — a few primary-key lookups — rather than a subquery the planner might run per lead; a rare
 * text's leads, found through the trigram index, become the table itself (leadsByIds).
 */
export async function filterSql(db: DbOrTx, f: LeadFilter): Promise<FilterSql> {
  const m = membershipOf(f);
  const from = m ? sql`${m.table} m JOIN leads l ON l.team_id = m.team_id AND l.id = m.lead_id` : sql`leads l`;
  const idColumn = m ? sql`m.lead_id` : sql`l.id`;
  const parts: SQL[] = m ? [m.key] : [sql`l.team_id = ${f.teamId}`];
  if (f.status !== undefined) parts.push(sql`l.status = ${f.status}`);
  let exact = false;
  let none = false;
  let text: FilterSql["text"] = null;
  if (f.search) {
    const s = classifySearch(f.search);
    if (s.kind === "phone" || s.kind === "email") {
      const ids = await ownersOf(db, f.teamId, s);
      exact = true;
      none = ids.length === 0;
      parts.push(sql`${idColumn} = ANY(${bigintArray(ids)})`);
    } else if (s.kind === "number" && (await holdsLead(db, f, s.id))) {
      exact = true;
      parts.push(sql`${idColumn} = ${s.id}`);
    } else {
      const found = await textSearch(db, { from, base: sql.join(parts, sql` AND `), idColumn }, s.text);
      if ("ids" in found) return leadsByIds(f.teamId, found.ids);
      text = found;
    }
  }
  const base = sql.join(parts, sql` AND `);
  return { from, base, text, where: text ? sql`${base} AND ${text.condition}` : base, idColumn, exact, none };
}

/**
 * A table narrowed to leads already found by id within its scope and status (a rare text's matches): those leads
 * alone, read by primary key behind an optimisation fence (OFFSET 0), then ordered. Without the fence, asked for
 * the first page in id or updated_at order, the planner walks that order's index testing each lead against the
 * ids — it assumes the matches are spread evenly, and a search's are often one old import's: 1,111 ids at a
 * million leads read 876,000 index entries (50 ms) instead of 1,111 (2 ms).
 */
function leadsByIds(teamId: number, ids: number[]): FilterSql {
  const base = sql`l.team_id = ${teamId}`;
  return {
    from: sql`(SELECT * FROM leads WHERE team_id = ${teamId} AND id = ANY(${bigintArray(ids)}) OFFSET 0) l`,
    base,
    where: base,
    text: null,
    idColumn: sql`l.id`,
    exact: true,
    none: ids.length === 0,
  };
}
