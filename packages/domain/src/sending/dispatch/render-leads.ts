import { sql } from "drizzle-orm";
import { bigintArray, type DbOrTx, intArray, rows } from "../../shared/rows";

/*
 * What a message's placeholders read of its lead (campaigns/render-message.ts): the team's attributes by slug, the
 * lead's values, and the source and list it first arrived in. One read each for a whole batch; the dispatcher's
 * messages and the welcome messages render from it.
 */

export interface RenderLead {
  team_id: number;
  id: number;
  attrs: Record<string, string[]>;
  source: string | null;
  list: string | null;
}

export interface RenderLeads {
  /** The lead of (team, lead id), if it still exists. */
  lead(teamId: number, leadId: number): RenderLead | undefined;
  /** The lead's first value of each of its team's attributes, by slug ("" when it has none). */
  values(teamId: number, lead: RenderLead | undefined): Record<string, string>;
}

export async function loadRenderLeads(db: DbOrTx, wanted: readonly { team_id: number; lead_id: number }[]): Promise<RenderLeads> {
  const teamIds = [...new Set(wanted.map((r) => r.team_id))];
  if (teamIds.length === 0) return { lead: () => undefined, values: () => ({}) };
  const attributes = await rows<{ team_id: number; id: number; slug: string }>(
    db,
    sql`SELECT team_id, id, slug FROM lead_attributes WHERE team_id = ANY(${intArray(teamIds)}) ORDER BY sort_order, id`,
  );
  const leads = new Map(
    (
      await rows<RenderLead>(
        db,
        sql`SELECT l.team_id, l.id::float8 AS id, l.attrs, s.name AS source, li.name AS list
            FROM leads l
            LEFT JOIN LATERAL (SELECT list_id FROM list_leads ll WHERE ll.team_id = l.team_id AND ll.lead_id = l.id
                               ORDER BY ll.created_at, ll.list_id LIMIT 1) first ON true
            LEFT JOIN lists li ON li.team_id = l.team_id AND li.id = first.list_id
            LEFT JOIN sources s ON s.team_id = l.team_id AND s.id = li.source_id
            WHERE l.team_id = ANY(${intArray(teamIds)}) AND l.id = ANY(${bigintArray(wanted.map((r) => r.lead_id))})`,
      )
    ).map((l) => [`${l.team_id}:${l.id}`, l]),
  );
  return {
    lead: (teamId, leadId) => leads.get(`${teamId}:${leadId}`),
    values: (teamId, lead) => {
      const values: Record<string, string> = {};
      for (const a of attributes)
        if (a.team_id === teamId && !Object.hasOwn(values, a.slug)) values[a.slug] = lead?.attrs[String(a.id)]?.[0] ?? "";
      return values;
    },
  };
}
