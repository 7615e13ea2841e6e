import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

export interface MergeTarget {
  teamId: number;
  listId: number;
  sourceId: number;
  importId: number;
  filename: string;
  batch: number;
}

/** What a batch brings into its list and source, for their counters. */
export type Brought = Record<
  "new_leads" | "old_members" | "old_src_members" | `${"l" | "s"}_${"contacts" | "looked" | "verified" | "flagged" | "blacklisted"}`,
  number
>;

export const noneBrought: Brought = {
  new_leads: 0,
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

/** The import's list and source: totals, today counters, flagged/blacklisted and contact counts. */
export async function updateTargetCounters(tx: DbOrTx, t: MergeTarget, b: Brought, addedContacts: number): Promise<void> {
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

/** The import's list (or source) was deleted while it ran. */
export class TargetGoneError extends Error {
  constructor() {
    super("The list this file was being imported into was deleted.");
  }
}
