import type { schema } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type DbOrTx, iso, rows } from "../shared/rows";

export interface LeadLogEntry {
  /** Null for the creation entry, which is read from the lead rather than stored (see below). */
  id: number | null;
  /** import, api, user, lookup, campaign … */
  type: string;
  /** created, updated, duplicate, status … */
  action: string;
  import_id: number | null;
  filename: string | null;
  diff: schema.LeadLogDiff[];
  created_at: string;
}

/**
 * A lead's activity log, newest first. An import does not store a 'created' entry for each lead it creates (a
 * million-row import would write a million log rows that say only "created by this file"): the entry is made
 * here from `leads.import_id` and `created_at`, with the file's name, and always comes last — nothing about a
 * lead happens before it exists. A lead of another team, or none, has no entries.
 */
export async function listLeadLog(db: DbOrTx, teamId: number, leadId: number): Promise<LeadLogEntry[]> {
  const found = await rows<LeadLogEntry & { created_at: string | Date }>(
    db,
    sql`SELECT id, type, action, import_id, filename, diff, created_at FROM (
          SELECT g.id::float8 AS id, g.type, g.action, g.import_id::float8 AS import_id, g.filename, g.diff, g.created_at, 0 AS creation
            FROM lead_logs g WHERE g.team_id = ${teamId} AND g.lead_id = ${leadId}
          UNION ALL
          SELECT NULL, 'import', 'created', l.import_id, i.filename, '[]'::jsonb, l.created_at, 1
            FROM leads l LEFT JOIN imports i ON i.team_id = l.team_id AND i.id = l.import_id
            WHERE l.team_id = ${teamId} AND l.id = ${leadId} AND l.import_id IS NOT NULL
        ) x ORDER BY creation, id DESC`,
  );
  return found.map((e) => ({ ...e, created_at: iso(e.created_at)! }));
}
