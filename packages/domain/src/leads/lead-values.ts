import { type SQL, sql } from "drizzle-orm";
import { likePattern } from "../shared/paging";
import { type DbOrTx, rows } from "../shared/rows";

/**
 * A lead's string values live in `leads.attrs` as `{"<attribute id>": ["value", …]}` (docs/imports.md). A value
 * is identified by (lead, attribute id, value): an attribute holds a value at most once.
 */
export interface LeadValue {
  attribute_id: number;
  attribute: string;
  value: string;
}

/** A lead's values, by attribute (in the attributes' sort order), each attribute's values in the order they came. */
export async function listLeadValues(db: DbOrTx, teamId: number, leadId: number): Promise<LeadValue[]> {
  return rows<LeadValue>(
    db,
    sql`SELECT a.id AS attribute_id, a.name AS attribute, v.value
        FROM leads l
        CROSS JOIN LATERAL jsonb_each(l.attrs) AS e(key, vals)
        CROSS JOIN LATERAL jsonb_array_elements_text(e.vals) WITH ORDINALITY AS v(value, ord)
        JOIN lead_attributes a ON a.team_id = l.team_id AND a.id = e.key::int
        WHERE l.team_id = ${teamId} AND l.id = ${leadId}
        ORDER BY a.sort_order, a.id, v.ord`,
  );
}

/**
 * Filter conditions on a lead's values, for a query over `leads` aliased `l`. "Equals" is a jsonb containment
 * test: a GIN (jsonb_path_ops) index on `attrs` would answer it without reading every lead, at a price on every
 * import (see docs/imports.md, "Scale"), so the index is left to the audience work that needs it.
 */
export function attributeEquals(attributeId: number, value: string): SQL {
  return sql`l.attrs @> ${JSON.stringify({ [String(attributeId)]: [value] })}::jsonb`;
}

/** Some value of the attribute contains `text`, case-insensitively. */
export function attributeContains(attributeId: number, text: string): SQL {
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(l.attrs -> ${String(attributeId)}::text) AS v(value)
                     WHERE v.value ILIKE ${likePattern(text)})`;
}
