import { LeadStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { CONSENT_COLUMNS, consentOrigin, consentValues } from "./merge-consents";
import type { MergeTarget } from "./merge-counters";

/**
 * A staged row's values as `leads.attrs`: the `attrs` column, or for a writer that still stages the older
 * parallel arrays (`attr_ids`, `vals`), the same object built from them — correct, but ~15 µs a row, so the
 * file import always sends `attrs`.
 */
export function stagedAttrs(s: string): SQL {
  const row = sql.raw(s);
  return sql`COALESCE(${row}.attrs, (
    SELECT COALESCE(jsonb_object_agg(a, v), '{}'::jsonb)
    FROM (SELECT x.a::text AS a, jsonb_agg(x.v ORDER BY x.o) AS v
          FROM unnest(${row}.attr_ids, ${row}.vals) WITH ORDINALITY AS x(a, v, o) WHERE x.a IS NOT NULL GROUP BY x.a) y))`;
}

export interface NewLeads {
  n: number;
  contacts: number;
  /** [line, lead id] of each row, when asked for. */
  rows: [number, number][] | null;
}

/**
 * The fast path, and the whole of a first import: each valid row that `_lm_rows` does not hold (no key of it
 * belongs to a lead, and no other row of the batch shares one) becomes a lead on its own. Nothing can collide,
 * so one statement writes the leads, their phones, emails and memberships with plain inserts, reading the
 * staging rows once; the creation is logged by `leads.import_id` (listLeadLog), not by a row per lead.
 */
export async function insertNewLeads(
  tx: DbOrTx,
  t: MergeTarget,
  opts: { rowLeads: boolean; matched: number; consents: boolean },
): Promise<NewLeads> {
  const { teamId: team, importId: imp, listId: list } = t;
  const { rowLeads } = opts;
  const notMatched = opts.matched > 0 ? sql`AND NOT EXISTS (SELECT 1 FROM _lm_rows x WHERE x.line = s.line)` : sql``;
  // Only a batch with consent values pays for the extra insert (and for reading the column).
  const consents = opts.consents
    ? sql`, new_consents AS (
          INSERT INTO lead_consents (team_id, lead_id, ${CONSENT_COLUMNS}, origin, import_id)
          SELECT ${team}, r.lead_id, ${consentValues(sql`r.consent`)}, ${consentOrigin(t)}, ${imp} FROM r WHERE r.consent IS NOT NULL)`
    : sql``;
  const r = await one<{ n: number; contacts: number; rows: [number, number][] | null }>(
    tx,
    sql`WITH r AS MATERIALIZED (
          SELECT s.line, s.phones, s.phones_raw, s.emails, ${stagedAttrs("s")} AS attrs, nextval('leads_id_seq') AS lead_id
                 ${opts.consents ? sql`, s.consent` : sql``}
          FROM import_staging s
          WHERE s.import_id = ${imp} AND s.batch = ${t.batch} AND s.fail_reason IS NULL ${notMatched}),
        new_leads AS (
          INSERT INTO leads (team_id, id, status, import_id, attrs) SELECT ${team}, lead_id, ${LeadStatuses.imported}, ${imp}, attrs FROM r),
        new_phones AS (
          INSERT INTO lead_phones (team_id, lead_id, phone, raw)
          SELECT ${team}, r.lead_id, k.phone, k.raw FROM r CROSS JOIN LATERAL unnest(r.phones, r.phones_raw) AS k(phone, raw)),
        new_emails AS (
          INSERT INTO lead_emails (team_id, lead_id, email) SELECT ${team}, r.lead_id, k.email FROM r CROSS JOIN LATERAL unnest(r.emails) AS k(email)),
        new_members AS (
          INSERT INTO list_leads (team_id, list_id, lead_id, import_id) SELECT ${team}, ${list}, lead_id, ${imp} FROM r)${consents}
        SELECT count(*)::int AS n, COALESCE(sum(cardinality(phones) + cardinality(emails)), 0)::int AS contacts,
               json_agg(json_build_array(line, lead_id)) FILTER (WHERE ${rowLeads}) AS rows
        FROM r`,
  );
  return { n: r?.n ?? 0, contacts: r?.contacts ?? 0, rows: rowLeads ? (r?.rows ?? []) : null };
}
