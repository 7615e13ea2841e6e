import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one, rows } from "../shared/rows";

/**
 * Writing leads from a staged batch, set-based: a fixed family of statements per batch, whatever its size.
 * The dedupe rule is in docs/imports.md; in short, under a per-team lock:
 *  1. a row whose phone or email already belongs to a lead merges into it (the first owned phone wins, then the
 *     first owned email); a conflicting key stays with its owner and the row is noted in the history;
 *  2. rows of the batch sharing a key form a group (transitively): the group's unowned rows join the lead of its
 *     earliest owned row, or together become one new lead;
 *  3. new phones, emails and values attach to the row's lead; leads are never merged with each other.
 */

/**
 * A batch touches a few thousand leads of a team that may have millions: a join from the batch into the team's
 * tables must be index probes. The planner, guessing at temp tables, flips to hash joins over full scans as the
 * tables grow (a batch would then cost the team's size), so for those statements only nested loops are allowed.
 */
async function probes(tx: DbOrTx, statement: SQL): Promise<void> {
  await tx.execute(sql`SET LOCAL enable_hashjoin = off`);
  await tx.execute(sql`SET LOCAL enable_mergejoin = off`);
  await tx.execute(statement);
  await tx.execute(sql`SET LOCAL enable_hashjoin = on`);
  await tx.execute(sql`SET LOCAL enable_mergejoin = on`);
}

/** Held for the whole merge transaction: imports and the public API into one team merge one batch at a time. */
export async function lockTeamLeads(tx: DbOrTx, teamId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7305002, ${teamId})`);
}

export interface MergeTarget {
  teamId: number;
  listId: number;
  sourceId: number;
  importId: number;
  filename: string;
  batch: number;
}

export interface MergeCounts {
  processed: number;
  unique: number;
  duplicates: number;
  failed: number;
  skipped: number;
  invalidPhones: number;
  ignoredPhones: number;
  conflicts: number;
  members: number;
  lastLine: number;
  /** With `{ rowLeads: true }`: each valid staged line's lead, and whether that line created it. */
  rows?: RowLead[];
}

export interface RowLead {
  line: number;
  leadId: number;
  created: boolean;
}

/** Runs inside the caller's transaction, after lockTeamLeads. Answers what the batch did, for the counters. */
export async function mergeStagedBatch(tx: DbOrTx, t: MergeTarget, opts: { rowLeads?: boolean } = {}): Promise<MergeCounts> {
  const { teamId: team, importId: imp, batch, listId: list, sourceId: source } = t;
  const staged = sql`import_staging WHERE import_id = ${imp} AND batch = ${batch}`;

  const totals = (await one<{ n: number; failed: number; skipped: number; invalid: number; ignored: number; last_line: number }>(
    tx,
    sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE fail_status = 'failed')::int AS failed,
          count(*) FILTER (WHERE fail_status = 'skipped')::int AS skipped,
          COALESCE(sum(invalid_phones), 0)::int AS invalid, COALESCE(sum(ignored_phones), 0)::int AS ignored,
          COALESCE(max(line), 0)::int AS last_line
        FROM ${staged}`,
  ))!;

  await tx.execute(sql`CREATE TEMP TABLE _lm_rows (line int, grp int, lead_id bigint, is_new boolean, solo boolean, by_phone bigint,
    by_email bigint, n_owners int, phones text[], phones_raw text[], emails text[], attr_ids int[], vals text[]) ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE _lm_leads (lead_id bigint, is_new boolean, n int) ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE _lm_members (lead_id bigint, new_to_source boolean) ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE _lm_added (lead_id bigint, kind smallint, attr_id int, value text) ON COMMIT DROP`);

  // Who already owns each row's phones and emails (index probes into the dedupe indexes). The primary key on
  // line keeps the next join an index probe whatever the planner believes about the staging batch's size.
  await tx.execute(sql`CREATE TEMP TABLE _lm_own (line int PRIMARY KEY, own bigint, by_phone bigint, by_email bigint, n_owners int)
    ON COMMIT DROP`);
  await probes(
    tx,
    sql`
    INSERT INTO _lm_own
    SELECT line, (array_agg(lead_id ORDER BY kind, ord))[1],
           (array_agg(lead_id ORDER BY ord) FILTER (WHERE kind = 0))[1],
           (array_agg(lead_id ORDER BY ord) FILTER (WHERE kind = 1))[1],
           count(DISTINCT lead_id)::int
    FROM (
      SELECT s.line, 0 AS kind, k.ord, p.lead_id
        FROM (SELECT line, phones, emails FROM ${staged} AND fail_reason IS NULL) s CROSS JOIN LATERAL unnest(s.phones) WITH ORDINALITY AS k(key, ord)
        JOIN lead_phones p ON p.team_id = ${team} AND p.phone = k.key
      UNION ALL
      SELECT s.line, 1 AS kind, k.ord, e.lead_id
        FROM (SELECT line, phones, emails FROM ${staged} AND fail_reason IS NULL) s CROSS JOIN LATERAL unnest(s.emails) WITH ORDINALITY AS k(key, ord)
        JOIN lead_emails e ON e.team_id = ${team} AND e.email = k.key
    ) x GROUP BY line`,
  );

  // Every valid row's lead: its own owner, else its group's first owner, else its group's new lead (one sequence
  // value per group, drawn on the group's first row).
  await tx.execute(sql`
    INSERT INTO _lm_rows
    WITH r1 AS (
      SELECT s.line, s.grp, s.phones, s.phones_raw, s.emails, s.attr_ids, s.vals, o.own, o.by_phone, o.by_email,
        COALESCE(o.n_owners, 0) AS n_owners,
        first_value(o.own) OVER (PARTITION BY s.grp ORDER BY o.own IS NULL, s.line) AS grp_owner,
        count(*) OVER (PARTITION BY s.grp) AS grp_size
      FROM import_staging s LEFT JOIN _lm_own o ON o.line = s.line
      WHERE s.import_id = ${imp} AND s.batch = ${batch} AND s.fail_reason IS NULL
    ),
    r2 AS MATERIALIZED (
      SELECT r1.*, CASE WHEN r1.grp_owner IS NULL AND r1.line = r1.grp THEN nextval('leads_id_seq') END AS new_id FROM r1
    )
    SELECT line, grp, COALESCE(own, grp_owner, max(new_id) OVER (PARTITION BY grp)), grp_owner IS NULL,
           grp_owner IS NULL AND grp_size = 1, by_phone, by_email, n_owners, phones, phones_raw, emails, attr_ids, vals
      FROM r2`);
  await tx.execute(sql`INSERT INTO _lm_leads SELECT lead_id, bool_or(is_new), count(*)::int FROM _lm_rows GROUP BY lead_id`);

  // The fast path: a row that makes a new lead on its own cannot collide with anything (its keys are nobody's,
  // its values were deduplicated in the row), so its writes are plain inserts. Everything else goes through
  // ON CONFLICT and records what it really added.
  const solo = sql`FROM _lm_rows r WHERE r.solo`;

  // Memberships: a new lead is in no list yet; an existing one may already be in this one, or in another list
  // of this source (then it is not new to the source).
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

  // What existing leads bring into the list and source, counted before this batch adds to them. Probes per
  // lead (LATERAL): a join here would be planned as a scan of the team's whole tables.
  const newLeads = (await one<{ n: number; old: number }>(
    tx,
    sql`SELECT (SELECT count(*) FROM _lm_leads WHERE is_new)::int AS n, (SELECT count(*) FROM _lm_members)::int AS old`,
  ))!;
  const brought: Brought =
    newLeads.old === 0
      ? { ...noneBrought, new_leads: newLeads.n }
      : (await one<Brought>(
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
              SELECT ${newLeads.n}::int AS new_leads,
                (SELECT count(*) FROM _lm_members)::int AS old_members,
                (SELECT count(*) FILTER (WHERE new_to_source) FROM _lm_members)::int AS old_src_members,
                (SELECT count(*) FROM c)::int AS l_contacts,
                (SELECT count(*) FILTER (WHERE looked) FROM c)::int AS l_looked,
                (SELECT count(*) FILTER (WHERE verified) FROM c)::int AS l_verified,
                (SELECT count(*) FILTER (WHERE new_to_source) FROM c)::int AS s_contacts,
                (SELECT count(*) FILTER (WHERE new_to_source AND looked) FROM c)::int AS s_looked,
                (SELECT count(*) FILTER (WHERE new_to_source AND verified) FROM c)::int AS s_verified,
                (SELECT count(*) FILTER (WHERE status = 3) FROM em)::int AS l_flagged,
                (SELECT count(*) FILTER (WHERE status = 2) FROM em)::int AS l_blacklisted,
                (SELECT count(*) FILTER (WHERE status = 3 AND new_to_source) FROM em)::int AS s_flagged,
                (SELECT count(*) FILTER (WHERE status = 2 AND new_to_source) FROM em)::int AS s_blacklisted`,
        ))!;

  await tx.execute(sql`
    INSERT INTO leads (team_id, id, status, duplicates_count)
    SELECT ${team}, lead_id, 1, n - 1 FROM _lm_leads WHERE is_new`);
  await probes(
    tx,
    sql`
    UPDATE leads l SET duplicates_count = l.duplicates_count + t.n, updated_at = now()
    FROM _lm_leads t WHERE NOT t.is_new AND l.team_id = ${team} AND l.id = t.lead_id`,
  );

  await tx.execute(sql`INSERT INTO lead_phones (team_id, lead_id, phone, raw)
    SELECT ${team}, r.lead_id, k.phone, k.raw FROM _lm_rows r CROSS JOIN LATERAL unnest(r.phones, r.phones_raw) AS k(phone, raw)
    WHERE r.solo`);
  await tx.execute(sql`INSERT INTO lead_emails (team_id, lead_id, email) SELECT ${team}, r.lead_id, unnest(r.emails) ${solo}`);
  await tx.execute(sql`INSERT INTO lead_values (team_id, lead_id, attribute_id, value)
    SELECT ${team}, r.lead_id, v.attr_id, v.val FROM _lm_rows r CROSS JOIN LATERAL unnest(r.attr_ids, r.vals) AS v(attr_id, val)
    WHERE r.solo`);

  // New keys go to the earliest row's lead; a key some lead already has stays with it (DO NOTHING).
  await tx.execute(sql`
    WITH ins AS (
      INSERT INTO lead_phones (team_id, lead_id, phone, raw)
      SELECT ${team}, r.lead_id, k.phone, k.raw
        FROM _lm_rows r CROSS JOIN LATERAL unnest(r.phones, r.phones_raw) AS k(phone, raw) WHERE NOT r.solo ORDER BY r.line
      ON CONFLICT (team_id, phone) DO NOTHING RETURNING lead_id, phone)
    INSERT INTO _lm_added SELECT ins.lead_id, 0, a.id, ins.phone
      FROM ins JOIN lead_attributes a ON a.team_id = ${team} AND a.is_system AND a.type = 'phone'`);
  await tx.execute(sql`
    WITH ins AS (
      INSERT INTO lead_emails (team_id, lead_id, email)
      SELECT ${team}, r.lead_id, k.email FROM _lm_rows r CROSS JOIN LATERAL unnest(r.emails) AS k(email) WHERE NOT r.solo ORDER BY r.line
      ON CONFLICT (team_id, email) DO NOTHING RETURNING lead_id, email)
    INSERT INTO _lm_added SELECT ins.lead_id, 1, a.id, ins.email
      FROM ins JOIN lead_attributes a ON a.team_id = ${team} AND a.is_system AND a.type = 'email'`);
  await tx.execute(sql`
    WITH ins AS (
      INSERT INTO lead_values (team_id, lead_id, attribute_id, value)
      SELECT ${team}, r.lead_id, v.attr_id, v.val
        FROM _lm_rows r CROSS JOIN LATERAL unnest(r.attr_ids, r.vals) AS v(attr_id, val)
        JOIN lead_attributes a ON a.team_id = ${team} AND a.id = v.attr_id
        WHERE NOT r.solo
      ON CONFLICT (team_id, lead_id, attribute_id, hashtextextended(value, 0)) DO NOTHING RETURNING lead_id, attribute_id, value)
    INSERT INTO _lm_added SELECT lead_id, 2, attribute_id, value FROM ins`);

  const added = (await one<{ contacts: number }>(
    tx,
    sql`SELECT ((SELECT count(*) FROM _lm_added WHERE kind < 2)
              + (SELECT COALESCE(sum(cardinality(phones) + cardinality(emails)), 0) ${solo}))::int AS contacts`,
  ))!;
  await updateTargetCounters(tx, t, brought, added.contacts);
  await fanOutContacts(tx, t);

  await tx.execute(sql`
    INSERT INTO lead_logs (team_id, lead_id, type, action, import_id, filename, diff)
    SELECT ${team}, r.lead_id, 'import', 'created', ${imp}, ${t.filename}, '[]'::jsonb ${solo}`);
  // A created lead's entry says so (its values are its first state); a merge lists what it added.
  await tx.execute(sql`
    INSERT INTO lead_logs (team_id, lead_id, type, action, import_id, filename, diff)
    SELECT ${team}, t.lead_id, 'import', CASE WHEN t.is_new THEN 'created' WHEN d.diff IS NULL THEN 'duplicate' ELSE 'updated' END,
           ${imp}, ${t.filename}, CASE WHEN t.is_new THEN '[]'::jsonb ELSE COALESCE(d.diff, '[]'::jsonb) END
      FROM _lm_leads t LEFT JOIN (
        SELECT x.lead_id, jsonb_agg(jsonb_build_object('lead_attribute_name', a.name, 'lead_attribute_value', x.value,
                 'action', 'added', 'value_from', NULL::text, 'value_to', x.value) ORDER BY x.kind, a.sort_order, a.id) AS diff
          FROM _lm_added x JOIN _lm_leads m ON m.lead_id = x.lead_id AND NOT m.is_new
          JOIN lead_attributes a ON a.team_id = ${team} AND a.id = x.attr_id
          GROUP BY x.lead_id) d USING (lead_id)
      WHERE NOT (t.is_new AND t.n = 1)`);

  const conflicts = (await one<{ n: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO import_failures (team_id, import_id, line, status, reason, message, phone, email, found_lead_by_phone, found_lead_by_email)
          SELECT ${team}::int, ${imp}::int, line, fail_status, fail_reason, fail_message, phone, email, NULL::bigint, NULL::bigint
            FROM ${staged} AND fail_reason IS NOT NULL
          UNION ALL
          SELECT ${team}::int, ${imp}::int, line, 'merged', 'conflicting_leads', NULL, phones[1], emails[1], by_phone, by_email
            FROM _lm_rows WHERE n_owners > 1
          ON CONFLICT DO NOTHING RETURNING status)
        SELECT count(*) FILTER (WHERE status = 'merged')::int AS n FROM ins`,
  ))!;

  const rowLeads = opts.rowLeads
    ? (await rows<{ line: number; lead_id: number; created: boolean }>(
        tx,
        sql`SELECT line, lead_id::float8 AS lead_id, (is_new AND line = grp) AS created FROM _lm_rows ORDER BY line`,
      )).map((r) => ({ line: r.line, leadId: r.lead_id, created: r.created }))
    : undefined;
  await tx.execute(sql`DELETE FROM ${staged}`);
  const valid = totals.n - totals.failed - totals.skipped;
  return {
    processed: totals.n,
    unique: brought.new_leads,
    duplicates: valid - brought.new_leads,
    failed: totals.failed,
    skipped: totals.skipped,
    invalidPhones: totals.invalid,
    ignoredPhones: totals.ignored,
    conflicts: conflicts.n,
    members: brought.new_leads + brought.old_members,
    lastLine: totals.last_line,
    rows: rowLeads,
  };
}

const noneBrought = {
  old_members: 0,
  old_src_members: 0,
  l_contacts: 0,
  l_looked: 0,
  l_verified: 0,
  s_contacts: 0,
  s_looked: 0,
  s_verified: 0,
  l_flagged: 0,
  l_blacklisted: 0,
  s_flagged: 0,
  s_blacklisted: 0,
};

type Brought = Record<
  "new_leads" | "old_members" | "old_src_members" | `${"l" | "s"}_${"contacts" | "looked" | "verified" | "flagged" | "blacklisted"}`,
  number
>;

/** The import's list and source: totals, today counters, flagged/blacklisted and contact counts. */
async function updateTargetCounters(tx: DbOrTx, t: MergeTarget, b: Brought, addedContacts: number): Promise<void> {
  const today = (col: string) => sql.raw(`CASE WHEN today_on = current_date THEN ${col} ELSE 0 END`);
  const listRow = await one<{ id: number }>(
    tx,
    sql`UPDATE lists SET total_leads = total_leads + ${b.new_leads + b.old_members},
          unique_today = ${today("unique_today")} + ${b.new_leads}, added_today = ${today("added_today")} + ${b.new_leads + b.old_members},
          today_on = current_date,
          total_flagged_leads = total_flagged_leads + ${b.l_flagged}, total_blacklisted_leads = total_blacklisted_leads + ${b.l_blacklisted},
          contacts_total = contacts_total + ${addedContacts + b.l_contacts}, contacts_looked_up = contacts_looked_up + ${b.l_looked},
          contacts_verified = contacts_verified + ${b.l_verified}
        WHERE team_id = ${t.teamId} AND id = ${t.listId} RETURNING id`,
  );
  if (!listRow) throw new TargetGoneError();
  await tx.execute(
    sql`UPDATE sources SET total_leads = total_leads + ${b.new_leads + b.old_src_members},
          unique_today = ${today("unique_today")} + ${b.new_leads}, added_today = ${today("added_today")} + ${b.new_leads + b.old_src_members},
          today_on = current_date,
          total_flagged_leads = total_flagged_leads + ${b.s_flagged}, total_blacklisted_leads = total_blacklisted_leads + ${b.s_blacklisted},
          contacts_total = contacts_total + ${addedContacts + b.s_contacts}, contacts_looked_up = contacts_looked_up + ${b.s_looked},
          contacts_verified = contacts_verified + ${b.s_verified}
        WHERE team_id = ${t.teamId} AND id = ${t.sourceId}`,
  );
}

/** Contacts added to leads that already sat in other lists (and sources) count there too. */
async function fanOutContacts(tx: DbOrTx, t: MergeTarget): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE _lm_fan ON COMMIT DROP AS
    SELECT a.lead_id, count(*)::int AS n FROM _lm_added a JOIN _lm_leads m ON m.lead_id = a.lead_id AND NOT m.is_new
    WHERE a.kind < 2 GROUP BY a.lead_id`);
  const any = await one(tx, sql`SELECT 1 FROM _lm_fan LIMIT 1`);
  if (!any) return;
  await tx.execute(sql`
    UPDATE lists l SET contacts_total = l.contacts_total + d.n
    FROM (SELECT x.list_id, sum(c.n)::int AS n FROM _lm_fan c
          CROSS JOIN LATERAL (SELECT ll.list_id FROM list_leads ll
                              WHERE ll.team_id = ${t.teamId} AND ll.lead_id = c.lead_id AND ll.list_id <> ${t.listId}) x
          GROUP BY x.list_id) d
    WHERE l.team_id = ${t.teamId} AND l.id = d.list_id`);
  await tx.execute(sql`
    UPDATE sources s SET contacts_total = s.contacts_total + d.n
    FROM (SELECT x.source_id, sum(c.n)::int AS n FROM _lm_fan c
          CROSS JOIN LATERAL (
            SELECT DISTINCT l.source_id FROM list_leads ll JOIN lists l ON l.id = ll.list_id
            WHERE ll.team_id = ${t.teamId} AND ll.lead_id = c.lead_id AND l.source_id <> ${t.sourceId}) x
          GROUP BY x.source_id) d
    WHERE s.team_id = ${t.teamId} AND s.id = d.source_id`);
}

/** The import's list (or source) was deleted while it ran. */
export class TargetGoneError extends Error {
  constructor() {
    super("The list this file was being imported into was deleted.");
  }
}
