import { type SQL, sql } from "drizzle-orm";
import { likePattern } from "../shared/paging";
import { type DbOrTx, one, rows } from "../shared/rows";

/** Leads read, newest first, to judge how common a searched text is (and to estimate its total). */
export const TEXT_SAMPLE = 2_000;
/** At most this many matches among the sample (0.2%): the text is rare, and the trigram index finds its leads. */
const RARE_HITS = 4;
/** A rare text's leads are resolved to ids up to this many; past it the page reads with the indexed condition. */
const RARE_CAP = 2_000;

export interface TextSample {
  seen: number;
  hits: number;
}

/** The table a search runs over: `from`, its conditions before the search, and the id it is driven by. */
export interface SearchedTable {
  from: SQL;
  base: SQL;
  idColumn: SQL;
}

/**
 * How a text search reads. `ids`: every match, found through the index (the page and its total are then read by
 * key, and the total is exact); otherwise `condition` tests each lead read, and `sample` gives the estimated total.
 */
export type TextSearch = { ids: number[] } | { condition: SQL; sample: TextSample };

/**
 * Text in the values of a table's leads. The trigram index (`leads_search_idx`) answers a rare text at once but
 * a common one slowly: it must read and check every match — 20,000 at a million leads for a city held by 2% —
 * while reading the newest leads in id order fills a page of a common text after a few thousand. The planner
 * cannot tell the two apart (its statistics sample 100 texts of a million), so the search looks first: the
 * newest TEXT_SAMPLE leads of the table, tested directly. A text seen at most RARE_HITS times there is looked up
 * in the index, with the table's conditions, and up to RARE_CAP leads it finds become the search (`ids`): a word
 * held by ten leads of a million costs a few milliseconds and its total is exact. Any other text — common, or
 * without a trigram to look up — is tested on the leads read in the page's order, with the condition the index
 * cannot answer (as before the index existed).
 */
export async function textSearch(db: DbOrTx, table: SearchedTable, text: string): Promise<TextSearch> {
  const sample = (await one<TextSample>(
    db,
    sql`SELECT count(*)::int AS seen, (count(*) FILTER (WHERE ${textInValues(text, "scan")}))::int AS hits
        FROM (SELECT l.attrs FROM ${table.from} WHERE ${table.base} ORDER BY ${table.idColumn} DESC LIMIT ${TEXT_SAMPLE}) l`,
  ))!;
  if (sample.seen === TEXT_SAMPLE && sample.hits <= RARE_HITS && hasTrigram(text)) {
    const found = await rows<{ id: number }>(
      db,
      sql`SELECT ${table.idColumn}::float8 AS id FROM ${table.from} WHERE ${table.base} AND ${textInValues(text, "index")}
          LIMIT ${RARE_CAP + 1}`,
    );
    if (found.length <= RARE_CAP) return { ids: found.map((r) => r.id) };
    return { condition: textInValues(text, "index"), sample };
  }
  return { condition: textInValues(text, "scan"), sample };
}

/**
 * Whether pg_trgm can look the text up: it needs a trigram inside the pattern, three letters or digits in a row.
 * Without one (`ab`, `5 %`) the index would be read whole and every lead checked again — slower than reading the
 * leads directly (1.5 s against 0.9 s at a million).
 */
const hasTrigram = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);

/**
 * Text in any string value, case-insensitive. A cheap test on the values as one text comes first (the pattern
 * escaped the way jsonb writes a value, so quotes and backslashes match too); only leads that pass it are taken
 * apart to check that the text lies within one value, not across two. `index` tests `lead_search_text(attrs)`,
 * the expression of the trigram index (migration 0021; it must stay written exactly so); `scan` tests the whole
 * document, which no index answers, so the planner reads the leads in the page's order.
 */
export function textInValues(text: string, via: "index" | "scan"): SQL {
  const pattern = likePattern(JSON.stringify(text).slice(1, -1));
  const cheap = via === "index" ? sql`lead_search_text(l.attrs) ILIKE ${pattern}` : sql`l.attrs::text ILIKE ${pattern}`;
  return sql`(${cheap} AND EXISTS (
    SELECT 1 FROM jsonb_each(l.attrs) AS e(key, vals) CROSS JOIN LATERAL jsonb_array_elements_text(e.vals) AS v(value)
    WHERE v.value ILIKE ${likePattern(text)}))`;
}
