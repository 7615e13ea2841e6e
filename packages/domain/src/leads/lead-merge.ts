import { sql } from "drizzle-orm";
import { type DbOrTx, one, rows } from "../shared/rows";
import { recordLeadChanges } from "./lead-changes";
import { insertMatchedConsents, recordConsentProblems } from "./merge-consents";
import { type Brought, type MergeTarget, noneBrought, updateTargetCounters } from "./merge-counters";
import { cutToLeadLimit } from "./merge-lead-limit";
import { mergeMatchedRows } from "./merge-matched-rows";
import { insertNewLeads, stagedAttrs } from "./merge-new-leads";

export { type MergeTarget, TargetGoneError } from "./merge-counters";

/**
 * Writing leads from a staged batch, set-based: a fixed family of statements per batch, whatever its size.
 * The dedupe rule is in docs/imports.md; in short, under a per-team lock:
 *  1. a row whose phone or email already belongs to a lead merges into it (the first owned phone wins, then the
 *     first owned email); a conflicting key stays with its owner and the row is noted in the history;
 *  2. rows of the batch sharing a key form a group (transitively): the group's unowned rows join the lead of its
 *     earliest owned row, or together become one new lead;
 *  3. new phones, emails and values attach to the row's lead; leads are never merged with each other;
 *  4. new leads past the plan's lead limit are not made: their rows fail (merge-lead-limit.ts);
 *  5. a row's consent values add a consent record for its lead (merge-consents.ts).
 * Rows that touch nothing existing and share nothing (all of a first import) take a fast path of plain inserts
 * (merge-new-leads.ts); the rest the general one (merge-matched-rows.ts).
 */

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
  /** Rows that failed for the plan's lead limit (their lines with `{ rowLeads: true }`). */
  leadLimit?: { limit: number; lines: number[] | null };
}

export interface RowLead {
  line: number;
  leadId: number;
  created: boolean;
}

/** Runs inside the caller's transaction, after lockTeamLeads. Answers what the batch did, for the counters. */
export async function mergeStagedBatch(tx: DbOrTx, t: MergeTarget, opts: { rowLeads?: boolean } = {}): Promise<MergeCounts> {
  const staged = sql`import_staging WHERE import_id = ${t.importId} AND batch = ${t.batch}`;
  // A batch's working sets (20,000 rows with their keys and values) fit in memory instead of spilling to disk.
  await tx.execute(sql`SELECT set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);
  await findOwners(tx, t);
  let matched = await holdMatchedRows(tx, t);
  const cut = await cutToLeadLimit(tx, t, { lines: opts.rowLeads === true });
  if (cut) matched -= cut.heldDropped;
  // Counted after the cut: the rows it failed are failed rows of the batch.
  const totals = (await one<{
    n: number;
    failed: number;
    skipped: number;
    invalid: number;
    ignored: number;
    last_line: number;
    consents: number;
    consent_errors: number;
  }>(
    tx,
    sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE fail_status = 'failed')::int AS failed,
          count(*) FILTER (WHERE fail_status = 'skipped')::int AS skipped,
          COALESCE(sum(invalid_phones), 0)::int AS invalid, COALESCE(sum(ignored_phones), 0)::int AS ignored,
          COALESCE(max(line), 0)::int AS last_line,
          count(*) FILTER (WHERE consent IS NOT NULL AND fail_reason IS NULL)::int AS consents,
          count(*) FILTER (WHERE consent_error IS NOT NULL AND fail_reason IS NULL)::int AS consent_errors
        FROM ${staged}`,
  ))!;

  // A batch whose every valid row merges (a re-import) has no new lead to insert.
  const valid = totals.n - totals.failed - totals.skipped;
  // The team's highest lead id before the batch: the leads above it are the ones this batch creates (merges
  // into a team run one at a time), which dynamic segments then test (recordLeadChanges).
  const highest = (await one<{ id: number }>(tx, sql`SELECT COALESCE(max(id), 0)::float8 AS id FROM leads WHERE team_id = ${t.teamId}`))!
    .id;
  const consents = totals.consents > 0;
  const fresh =
    matched < valid
      ? await insertNewLeads(tx, t, { rowLeads: opts.rowLeads === true, matched, consents })
      : { n: 0, contacts: 0, rows: [] };
  let brought: Brought = noneBrought;
  let addedContacts = 0;
  if (matched > 0) ({ brought, addedContacts } = await mergeMatchedRows(tx, t));
  if (matched > 0 && consents) await insertMatchedConsents(tx, t);
  const newLeads = fresh.n + brought.new_leads;
  await updateTargetCounters(tx, t, { ...brought, new_leads: newLeads }, addedContacts + fresh.contacts);
  await recordLeadChanges(tx, t.teamId, {
    ids: matched > 0 ? sql`SELECT lead_id FROM _lm_leads` : [],
    fromLeadId: newLeads > 0 ? highest + 1 : undefined,
  });

  const conflicts = (await one<{ n: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO import_failures (team_id, import_id, line, status, reason, message, phone, email, found_lead_by_phone, found_lead_by_email)
          SELECT ${t.teamId}::int, ${t.importId}::int, line, fail_status, fail_reason, fail_message, phone, email, NULL::bigint, NULL::bigint
            FROM ${staged} AND fail_reason IS NOT NULL
          UNION ALL
          SELECT ${t.teamId}::int, ${t.importId}::int, line, 'merged', 'conflicting_leads', NULL, phones[1], emails[1], by_phone, by_email
            FROM _lm_rows WHERE conflict
          ON CONFLICT DO NOTHING RETURNING status)
        SELECT (count(*) FILTER (WHERE status = 'merged'))::int AS n FROM ins`,
  ))!;

  if (totals.consent_errors > 0) await recordConsentProblems(tx, t);

  const rowLeads = opts.rowLeads ? await lineLeads(tx, fresh.rows ?? []) : undefined;
  await tx.execute(sql`DELETE FROM ${staged}`);
  return {
    processed: totals.n,
    unique: newLeads,
    duplicates: valid - newLeads,
    failed: totals.failed,
    skipped: totals.skipped,
    invalidPhones: totals.invalid,
    ignoredPhones: totals.ignored,
    conflicts: conflicts.n,
    members: newLeads + brought.old_members,
    lastLine: totals.last_line,
    rows: rowLeads,
    leadLimit: cut && cut.failed > 0 ? { limit: cut.limit, lines: cut.lines } : undefined,
  };
}

/**
 * Who already owns each valid row's phones and emails: only rows with an owner get an entry, so for a first
 * import this table stays empty. `own` is the owner of the first owned phone (column order), else of the first
 * owned email; `conflict`: the keys belong to more than one lead; `all_owned`: every key was found, so the row has
 * no key to add (a re-import). Minimum over arrays picks "first" without sorting each row's matches.
 *
 * The batch's keys are looked up as one `= ANY(array)` per key table: the index sorts the array and walks its
 * keys in order, so neighbouring keys share the pages a probe reads (~25% less than one probe per row from the
 * staging table, where keys come in file order, and more once the team's indexes outgrow the cache). The few
 * owned keys are then matched back to their rows by hash. Sequential scans are off for it: with statistics taken
 * while an import grew the table, the planner could otherwise read all of a team's keys for a batch's.
 */
async function findOwners(tx: DbOrTx, t: MergeTarget): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE _lm_own (line int PRIMARY KEY, own bigint, by_phone bigint, by_email bigint, conflict boolean,
    all_owned boolean) ON COMMIT DROP`);
  const keys = (column: "phones" | "emails") =>
    sql`SELECT b.line, u.key, u.ord, cardinality(b.phones) + cardinality(b.emails) AS n FROM batch b, unnest(b.${sql.raw(column)}) WITH ORDINALITY AS u(key, ord)`;
  // Nested loops only where nothing else can join (a row with its own keys): against `ph` or `em` a nested loop
  // would rescan them once per key.
  await tx.execute(
    sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_mergejoin', 'off', true), set_config('enable_nestloop', 'off', true)`,
  );
  await tx.execute(sql`
    WITH batch AS MATERIALIZED (
      SELECT s.line, s.phones, s.emails FROM import_staging s
      WHERE s.import_id = ${t.importId} AND s.batch = ${t.batch} AND s.fail_reason IS NULL),
    ph AS MATERIALIZED (
      SELECT p.phone AS key, p.lead_id FROM lead_phones p
      WHERE p.team_id = ${t.teamId} AND p.phone = ANY(ARRAY(SELECT unnest(b.phones) FROM batch b))),
    em AS MATERIALIZED (
      SELECT e.email AS key, e.lead_id FROM lead_emails e
      WHERE e.team_id = ${t.teamId} AND e.email = ANY(ARRAY(SELECT unnest(b.emails) FROM batch b))),
    x AS (
      SELECT k.line, 0 AS kind, k.ord, ph.lead_id, k.n FROM (${keys("phones")}) k JOIN ph ON ph.key = k.key
      UNION ALL
      SELECT k.line, 1, k.ord, em.lead_id, k.n FROM (${keys("emails")}) k JOIN em ON em.key = k.key)
    INSERT INTO _lm_own
    SELECT x.line, (min(ARRAY[x.kind, x.ord, x.lead_id]))[3], (min(ARRAY[x.ord, x.lead_id]) FILTER (WHERE x.kind = 0))[2],
           (min(ARRAY[x.ord, x.lead_id]) FILTER (WHERE x.kind = 1))[2], min(x.lead_id) <> max(x.lead_id), count(*) = max(x.n)
    FROM x GROUP BY x.line`);
  await tx.execute(
    sql`SELECT set_config('enable_seqscan', 'on', true), set_config('enable_mergejoin', 'on', true), set_config('enable_nestloop', 'on', true)`,
  );
}

/**
 * `_lm_rows`: the rows the general path handles — rows with an owner, and every row of a group of several — each
 * with its lead. An owned row alone in its group merges into its owner (every row of a re-import: no window
 * over the batch needed). In a group of several, a row's lead is its own owner, else its group's first owner,
 * else its group's new lead (one sequence value per group, drawn on the group's first row). Answers how many.
 */
async function holdMatchedRows(tx: DbOrTx, t: MergeTarget): Promise<number> {
  await tx.execute(sql`CREATE TEMP TABLE _lm_rows (line int PRIMARY KEY, grp int, lead_id bigint, is_new boolean, by_phone bigint,
    by_email bigint, conflict boolean, all_owned boolean, phones text[], phones_raw text[], emails text[], attrs jsonb) ON COMMIT DROP`);
  const batch = sql`s.import_id = ${t.importId} AND s.batch = ${t.batch} AND s.fail_reason IS NULL`;
  const held = await one<{ n: number }>(
    tx,
    sql`
    WITH shared AS (
      SELECT DISTINCT s.grp FROM import_staging s WHERE ${batch} AND s.grp <> s.line),
    alone AS (
      SELECT s.line, s.grp, o.own AS lead_id, false AS is_new, o.by_phone, o.by_email, o.conflict, o.all_owned,
        s.phones, s.phones_raw, s.emails, ${stagedAttrs("s")} AS attrs
      FROM import_staging s JOIN _lm_own o ON o.line = s.line
      WHERE ${batch} AND s.grp NOT IN (SELECT grp FROM shared)),
    grouped AS (
      SELECT s.line, s.grp, s.phones, s.phones_raw, s.emails, ${stagedAttrs("s")} AS attrs, o.own, o.by_phone, o.by_email,
        COALESCE(o.conflict, false) AS conflict, COALESCE(o.all_owned, false) AS all_owned,
        first_value(o.own) OVER (PARTITION BY s.grp ORDER BY o.own IS NULL, s.line) AS grp_owner
      FROM import_staging s LEFT JOIN _lm_own o ON o.line = s.line
      WHERE ${batch} AND s.grp IN (SELECT grp FROM shared)),
    numbered AS MATERIALIZED (
      SELECT g.*, CASE WHEN g.grp_owner IS NULL AND g.line = g.grp THEN nextval('leads_id_seq') END AS new_id FROM grouped g),
    ins AS (
      INSERT INTO _lm_rows
      SELECT * FROM alone
      UNION ALL
      SELECT line, grp, COALESCE(own, grp_owner, max(new_id) OVER (PARTITION BY grp)), grp_owner IS NULL, by_phone, by_email,
             conflict, all_owned, phones, phones_raw, emails, attrs
        FROM numbered
      RETURNING 1)
    SELECT count(*)::int AS n FROM ins`,
  );
  return held?.n ?? 0;
}

/** Each valid line's lead for the caller that asked (the public import API answers per lead). */
async function lineLeads(tx: DbOrTx, fresh: [number, number][]): Promise<RowLead[]> {
  const matched = await rows<{ line: number; lead_id: number; created: boolean }>(
    tx,
    sql`SELECT line, lead_id::float8 AS lead_id, (is_new AND line = grp) AS created FROM _lm_rows`,
  );
  const all: RowLead[] = [
    ...fresh.map(([line, leadId]) => ({ line, leadId: Number(leadId), created: true })),
    ...matched.map((r) => ({ line: r.line, leadId: r.lead_id, created: r.created })),
  ];
  return all.sort((a, b) => a.line - b.line);
}
