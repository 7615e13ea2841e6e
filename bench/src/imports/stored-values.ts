import type { Database } from "@leadflow/db";

/**
 * Which of `values` some lead of the team holds as a string value, exactly as written. Values live in
 * `leads.attrs` (`{"<attribute id>": ["value", …]}`); databases migrated before that change keep them in
 * `lead_values`, which is read instead when it exists.
 */
export async function storedValues(database: Database, teamId: number, values: string[]): Promise<Set<string>> {
  const { rows: legacy } = await database.query<{ present: boolean }>("SELECT to_regclass('lead_values') IS NOT NULL AS present");
  const sql = legacy[0]!.present
    ? "SELECT DISTINCT value FROM lead_values WHERE team_id = $1 AND value = ANY($2::text[])"
    : `SELECT DISTINCT v.value FROM leads l, jsonb_each(l.attrs) a, jsonb_array_elements_text(a.value) v(value)
       WHERE l.team_id = $1 AND v.value = ANY($2::text[])`;
  const { rows } = await database.query<{ value: string }>(sql, [teamId, values]);
  return new Set(rows.map((r) => r.value));
}
