import type { schema } from "@leadflow/db";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../shared/rows";

type LeadLogDiff = schema.LeadLogDiff;

/** One `lookup` entry per lead on its timeline, with what the lookup found. */
export async function writeLogs(tx: DbOrTx, teamId: number, entries: { lead_id: number; diff: LeadLogDiff[] }[]) {
  if (!entries.length) return;
  await tx.execute(
    sql`INSERT INTO lead_logs (team_id, lead_id, type, action, diff)
        SELECT ${teamId}, e.lead_id, 'lookup', 'lookup', e.diff
        FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e(lead_id bigint, diff jsonb)`,
  );
}

export const line = (name: string, value: string, from: string | null, to: string | null): LeadLogDiff => ({
  lead_attribute_name: name,
  lead_attribute_value: value,
  action: "updated",
  value_from: from,
  value_to: to,
});
