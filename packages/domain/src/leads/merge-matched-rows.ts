import { LeadStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { moveLeadCounters } from "../sources";
import { type Brought, type MergeTarget, noneBrought } from "./merge-counters";

/**
 * The general path, for the rows in `_lm_rows`: rows whose keys belong to leads (they merge) and rows of the
 * batch that share keys (a group: they make one lead together, or join their group's lead). Everything here
 * may meet an existing lead or another row, so keys go through ON CONFLICT and values are compared with what
 * the lead holds; what was really added is kept in `_lm_added` for the counters and the activity log.
 */

/**
 * A batch touches a few thousand leads of a team that may have millions: a join from the batch into the team's
 * tables must be index probes. The planner, guessing at temp tables, flips to hash joins over full scans as the
 * tables grow (a batch would then cost the team's size), so for those statements only nested loops are allowed.
 * Bitmap scans too are off: with statistics taken while an import grew the table from nothing, the planner
 * expects several rows per unique key and builds a bitmap for each probe (~12% slower than a plain index scan).
 */
export async function probes(tx: DbOrTx, statement: SQL): Promise<void> {
  await tx.execute(
    sql`SELECT set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
          set_config('enable_bitmapscan', 'off', true)`,
  );
  await tx.execute(statement);
  await tx.execute(
    sql`SELECT set_config('enable_hashjoin', 'on', true), set_config('enable_mergejoin', 'on', true),
          set_config('enable_bitmapscan', 'on', true)`,
  );
}

export interface MatchedResult {
  brought: Brought;
  /** Phones and emails added to leads (new or existing) by these rows. */
  addedContacts: number;
}

export async function mergeMatchedRows(tx: DbOrTx, t: MergeTarget): Promise<MatchedResult> {
  // No index on purpose: with one, the planner (nested loops only, see probes) drives the update of existing leads
  // from a scan of all the team's leads into this table, instead of from this table into the leads' key.
  await tx.execute(
    sql`CREATE TEMP TABLE _lm_leads (lead_id bigint, is_new boolean, n int, changed boolean NOT NULL DEFAULT false) ON COMMIT DROP`,
  );
  await tx.execute(
    sql`INSERT INTO _lm_leads (lead_id, is_new, n) SELECT lead_id, bool_or(is_new), count(*)::int FROM _lm_rows GROUP BY lead_id`,
  );
  await tx.execute(
    sql`CREATE TEMP TABLE _lm_added (lead_id bigint, kind smallint, attr_id int, value text, line int, ord bigint) ON COMMIT DROP`,
  );

  const brought = await addMemberships(tx, t);
  await addValues(tx, t);
  await addKeys(tx, t);
  await writeMergedLeads(tx, t);
  await logMerges(tx, t);
  const added = (await one<{ contacts: number }>(tx, sql`SELECT count(*)::int AS contacts FROM _lm_added WHERE kind < 2`))!;
  await fanOutContacts(tx, t);
  return { brought, addedContacts: added.contacts };
}

/**
 * Memberships: a new lead is in no list yet; an existing one may already be in this one, or in another list of
 * this source (then it is not new to the source). Answers what the existing leads bring into the list and
 * source, counted before this batch adds to them.
 */
async function addMemberships(tx: DbOrTx, t: MergeTarget): Promise<Brought> {
  const { teamId: team, importId: imp, listId: list, sourceId: source } = t;
  await tx.execute(sql`CREATE TEMP TABLE _lm_members (lead_id bigint, new_to_source boolean) ON COMMIT DROP`);
  await tx.execute(sql`INSERT INTO list_leads (team_id, list_id, lead_id, import_id)
    SELECT ${team}, ${list}, lead_id, ${imp} FROM _lm_leads WHERE is_new`);
  await tx.execute(sql`
    WITH ins AS (
      INSERT INTO list_leads (team_id, list_id, lead_id, import_id)
      SELECT ${team}, ${list}, lead_id, ${imp} FROM _lm_leads WHERE NOT is_new
      ON CONFLICT DO NOTHING RETURNING lead_id)
    INSERT INTO _lm_members
    SELECT ins.lead_id, NOT EXISTS (
        SELECT 1 FROM list_leads o JOIN lists l ON l.id = o.list_id
        WHERE o.team_id = ${team} AND o.lead_id = ins.lead_id AND o.list_id <> ${list} AND l.source_id = ${source})
      FROM ins`);

  const counts = (await one<{ n: number; old: number }>(
    tx,
    sql`SELECT (SELECT count(*) FROM _lm_leads WHERE is_new)::int AS n, (SELECT count(*) FROM _lm_members)::int AS old`,
  ))!;
  if (counts.old === 0) return { ...noneBrought, new_leads: counts.n };
  const { flagged, blacklisted } = LeadStatuses;
  // Probes per lead (LATERAL): a join here would be planned as a scan of the team's whole tables.
  return (await one<Brought>(
    tx,
    sql`WITH em AS (
          SELECT m.lead_id, m.new_to_source, l.status FROM _lm_members m
          CROSS JOIN LATERAL (SELECT status FROM leads WHERE team_id = ${team} AND id = m.lead_id) l),
        c AS (
          SELECT em.new_to_source, x.looked, x.verified FROM em CROSS JOIN LATERAL (
            SELECT p.looked_up_at IS NOT NULL AS looked, p.verified_at IS NOT NULL AS verified
              FROM lead_phones p WHERE p.team_id = ${team} AND p.lead_id = em.lead_id
            UNION ALL
            SELECT e.looked_up_at IS NOT NULL, e.verified_at IS NOT NULL
              FROM lead_emails e WHERE e.team_id = ${team} AND e.lead_id = em.lead_id) x)
        SELECT ${counts.n}::int AS new_leads,
          (SELECT count(*) FROM _lm_members)::int AS old_members,
          (SELECT count(*) FILTER (WHERE new_to_source) FROM _lm_members)::int AS old_src_members,
          (SELECT count(*) FROM c)::int AS l_contacts,
          (SELECT count(*) FILTER (WHERE looked) FROM c)::int AS l_looked,
          (SELECT count(*) FILTER (WHERE verified) FROM c)::int AS l_verified,
          (SELECT count(*) FILTER (WHERE new_to_source) FROM c)::int AS s_contacts,
          (SELECT count(*) FILTER (WHERE new_to_source AND looked) FROM c)::int AS s_looked,
          (SELECT count(*) FILTER (WHERE new_to_source AND verified) FROM c)::int AS s_verified,
          (SELECT count(*) FILTER (WHERE status = ${flagged}) FROM em)::int AS l_flagged,
          (SELECT count(*) FILTER (WHERE status = ${blacklisted}) FROM em)::int AS l_blacklisted,
          (SELECT count(*) FILTER (WHERE status = ${flagged} AND new_to_source) FROM em)::int AS s_flagged,
          (SELECT count(*) FILTER (WHERE status = ${blacklisted} AND new_to_source) FROM em)::int AS s_blacklisted`,
  ))!;
}

/**
 * String values: an existing lead gains the values it lacks (a row whose values it all holds — every row of a
 * re-import — is passed over with one containment test); a group's new lead gets its rows' values. Several rows
 * bringing one value add it once, at the earliest row. Values of an attribute deleted meanwhile are dropped.
 * Then the new leads are inserted with their values (existing ones are written by writeMergedLeads, once their
 * keys are added too).
 */
async function addValues(tx: DbOrTx, t: MergeTarget): Promise<void> {
  const team = t.teamId;
  await probes(
    tx,
    sql`
    INSERT INTO _lm_added
    WITH lacking AS MATERIALIZED (
      SELECT r.lead_id, r.line, r.attrs, cur.attrs AS held
      FROM _lm_rows r
      LEFT JOIN LATERAL (SELECT l.attrs FROM leads l WHERE l.team_id = ${team} AND l.id = r.lead_id) cur ON NOT r.is_new
      WHERE r.attrs <> '{}'::jsonb AND (cur.attrs IS NULL OR NOT cur.attrs @> r.attrs))
    SELECT DISTINCT ON (x.lead_id, x.attr_id, x.value) x.lead_id, 2, x.attr_id, x.value, x.line, x.ord
    FROM (
      SELECT r.lead_id, r.line, e.key::int AS attr_id, v.value, v.ord
      FROM lacking r
      CROSS JOIN LATERAL jsonb_each(r.attrs) AS e(key, vals)
      CROSS JOIN LATERAL jsonb_array_elements_text(e.vals) WITH ORDINALITY AS v(value, ord)
      WHERE r.held IS NULL OR NOT COALESCE(r.held -> e.key, '[]'::jsonb) @> to_jsonb(v.value)
    ) x
    WHERE EXISTS (SELECT 1 FROM lead_attributes a WHERE a.team_id = ${team} AND a.id = x.attr_id)
    ORDER BY x.lead_id, x.attr_id, x.value, x.line, x.ord`,
  );
  // Per lead, the values it gains as an attrs object; keyed, so the writes below find a lead's row by probe.
  await tx.execute(sql`CREATE TEMP TABLE _lm_gain (lead_id bigint PRIMARY KEY, attrs jsonb) ON COMMIT DROP`);
  await tx.execute(sql`
    INSERT INTO _lm_gain
    SELECT lead_id, jsonb_object_agg(attr_id::text, vals) FROM (
      SELECT lead_id, attr_id, jsonb_agg(value ORDER BY line, ord) AS vals FROM _lm_added WHERE kind = 2 GROUP BY lead_id, attr_id) y
    GROUP BY lead_id`);

  await tx.execute(sql`
    INSERT INTO leads (team_id, id, status, duplicates_count, import_id, attrs)
    SELECT ${team}, m.lead_id, 1, m.n - 1, ${t.importId}, COALESCE(g.attrs, '{}'::jsonb)
    FROM _lm_leads m LEFT JOIN _lm_gain g ON g.lead_id = m.lead_id WHERE m.is_new`);
}

/**
 * The existing leads the batch merged into. Each is counted as a duplicate (its count moves by its rows), but only
 * a lead that gained a value, phone or email is rewritten with a new Updated Date: for the others (every lead of
 * an unchanged re-import) the update touches no indexed column, so PostgreSQL can make it a HOT update that writes
 * no index entry (the GIN entries of the search and equals indexes are the costly ones; see docs/imports.md).
 */
async function writeMergedLeads(tx: DbOrTx, t: MergeTarget): Promise<void> {
  const team = t.teamId;
  await tx.execute(sql`UPDATE _lm_leads SET changed = true WHERE NOT is_new AND lead_id IN (SELECT lead_id FROM _lm_added)`);
  await probes(
    tx,
    sql`
    UPDATE leads l SET duplicates_count = l.duplicates_count + m.n, updated_at = now(),
      attrs = CASE WHEN g.attrs IS NULL THEN l.attrs ELSE l.attrs || (
        SELECT jsonb_object_agg(k, COALESCE(l.attrs -> k, '[]'::jsonb) || gained) FROM jsonb_each(g.attrs) AS n(k, gained)) END
    FROM _lm_leads m LEFT JOIN _lm_gain g ON g.lead_id = m.lead_id
    WHERE m.changed AND l.team_id = ${team} AND l.id = m.lead_id`,
  );
  await probes(
    tx,
    sql`
    UPDATE leads l SET duplicates_count = l.duplicates_count + m.n
    FROM _lm_leads m
    WHERE NOT m.is_new AND NOT m.changed AND l.team_id = ${team} AND l.id = m.lead_id`,
  );
}

/**
 * Phones and emails: new keys go to the earliest row's lead; a key some lead already has stays with it (DO
 * NOTHING). A row whose keys were all found owned (a re-import) has nothing to add and is skipped.
 */
async function addKeys(tx: DbOrTx, t: MergeTarget): Promise<void> {
  const team = t.teamId;
  await tx.execute(sql`
    WITH ins AS (
      INSERT INTO lead_phones (team_id, lead_id, phone, raw)
      SELECT ${team}, r.lead_id, k.phone, k.raw
        FROM _lm_rows r CROSS JOIN LATERAL unnest(r.phones, r.phones_raw) AS k(phone, raw) WHERE NOT r.all_owned ORDER BY r.line
      ON CONFLICT (team_id, phone) DO NOTHING RETURNING lead_id, phone)
    INSERT INTO _lm_added SELECT ins.lead_id, 0, a.id, ins.phone, 0, 0
      FROM ins JOIN lead_attributes a ON a.team_id = ${team} AND a.is_system AND a.type = 'phone'`);
  await tx.execute(sql`
    WITH ins AS (
      INSERT INTO lead_emails (team_id, lead_id, email)
      SELECT ${team}, r.lead_id, k.email FROM _lm_rows r CROSS JOIN LATERAL unnest(r.emails) AS k(email) WHERE NOT r.all_owned ORDER BY r.line
      ON CONFLICT (team_id, email) DO NOTHING RETURNING lead_id, email)
    INSERT INTO _lm_added SELECT ins.lead_id, 1, a.id, ins.email, 0, 0
      FROM ins JOIN lead_attributes a ON a.team_id = ${team} AND a.is_system AND a.type = 'email'`);
}

/** One entry per existing lead the batch merged into: what it added (`updated`), or `duplicate`. */
async function logMerges(tx: DbOrTx, t: MergeTarget): Promise<void> {
  await tx.execute(sql`
    INSERT INTO lead_logs (team_id, lead_id, type, action, import_id, filename, diff)
    SELECT ${t.teamId}, m.lead_id, 'import', CASE WHEN d.diff IS NULL THEN 'duplicate' ELSE 'updated' END,
           ${t.importId}, ${t.filename}, COALESCE(d.diff, '[]'::jsonb)
      FROM _lm_leads m LEFT JOIN (
        SELECT x.lead_id, jsonb_agg(jsonb_build_object('lead_attribute_name', a.name, 'lead_attribute_value', x.value,
                 'action', 'added', 'value_from', NULL::text, 'value_to', x.value) ORDER BY x.kind, a.sort_order, a.id, x.line, x.ord) AS diff
          FROM _lm_added x JOIN _lm_leads o ON o.lead_id = x.lead_id AND NOT o.is_new
          JOIN lead_attributes a ON a.team_id = ${t.teamId} AND a.id = x.attr_id
          GROUP BY x.lead_id) d ON d.lead_id = m.lead_id
      WHERE NOT m.is_new`);
}

/** Contacts added to leads that already sat in other lists (and sources) count there too. */
async function fanOutContacts(tx: DbOrTx, t: MergeTarget): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE _lm_fan ON COMMIT DROP AS
    SELECT a.lead_id, count(*)::int AS n FROM _lm_added a JOIN _lm_leads m ON m.lead_id = a.lead_id AND NOT m.is_new
    WHERE a.kind < 2 GROUP BY a.lead_id`);
  const any = await one(tx, sql`SELECT 1 FROM _lm_fan LIMIT 1`);
  if (!any) return;
  await moveLeadCounters(tx, t.teamId, sql`SELECT lead_id, n AS contacts_total FROM _lm_fan`, ["contacts_total"], t);
}
