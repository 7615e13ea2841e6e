import { LeadStatuses } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { recordLeadChanges } from "../leads";
import { type DbOrTx, one } from "../shared/rows";
import { type Arrivals, countArrivals } from "../sources";

/**
 * A keyword's Subscribe action: the lead joins the keyword's list (once), and the list's and its source's maintained
 * counters count it as an import batch's arrivals would; dynamic audiences re-test the lead. Answers whether it joined.
 */
export async function subscribeToList(tx: DbOrTx, teamId: number, listId: number, leadId: number): Promise<boolean> {
  const joined = await one<{ source_id: number; new_to_source: boolean }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO list_leads (team_id, list_id, lead_id)
          SELECT ${teamId}, l.id, ${leadId} FROM lists l WHERE l.team_id = ${teamId} AND l.id = ${listId}
          ON CONFLICT DO NOTHING RETURNING list_id)
        SELECT l.source_id, NOT EXISTS (
            SELECT 1 FROM list_leads o JOIN lists ol ON ol.team_id = o.team_id AND ol.id = o.list_id
            WHERE o.team_id = ${teamId} AND o.lead_id = ${leadId} AND o.list_id <> ${listId} AND ol.source_id = l.source_id) AS new_to_source
        FROM ins JOIN lists l ON l.team_id = ${teamId} AND l.id = ins.list_id`,
  );
  if (!joined) return false;
  const figures = await one<Omit<Arrivals, "joined" | "created">>(
    tx,
    sql`SELECT (l.status = ${LeadStatuses.flagged})::int AS flagged, (l.status = ${LeadStatuses.blacklisted})::int AS blacklisted,
          c.contacts, c.looked, c.verified
        FROM leads l CROSS JOIN LATERAL (
          SELECT count(*)::int AS contacts, count(*) FILTER (WHERE looked)::int AS looked, count(*) FILTER (WHERE verified)::int AS verified
          FROM (SELECT looked_up_at IS NOT NULL AS looked, verified_at IS NOT NULL AS verified FROM lead_phones WHERE team_id = ${teamId} AND lead_id = ${leadId}
                UNION ALL
                SELECT looked_up_at IS NOT NULL, verified_at IS NOT NULL FROM lead_emails WHERE team_id = ${teamId} AND lead_id = ${leadId}) x) c
        WHERE l.team_id = ${teamId} AND l.id = ${leadId}`,
  );
  const arrivals: Arrivals = { joined: 1, created: 0, flagged: 0, blacklisted: 0, contacts: 0, looked: 0, verified: 0, ...figures };
  const none: Arrivals = { joined: 0, created: 0, flagged: 0, blacklisted: 0, contacts: 0, looked: 0, verified: 0 };
  await countArrivals(tx, teamId, { listId, sourceId: joined.source_id }, arrivals, joined.new_to_source ? arrivals : none);
  await recordLeadChanges(tx, teamId, { ids: [leadId] });
  return true;
}
