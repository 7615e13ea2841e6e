import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import { newLinkCode } from "@leadflow/domain/campaigns/link-code";
import { seedLeads } from "../leads/seed-leads";
import { activeCampaign, smsGateway } from "../sending/sending-setup";

/*
 * What B10 clicks: a team with `n` leads (seed-leads.ts), an SMS campaign whose one step carries a `{{link}}`, and
 * for every lead a sent ledger row (accepted, as the dispatcher leaves it) with its short link — codes made by the
 * product's own generator (10–11 random base62 characters), rows written set-based with generate_series-style SQL.
 */

export interface SeededLinks {
  teamId: number;
  campaignId: number;
  /** Every link's code; the first is the hot link. */
  codes: string[];
}

export async function seedLinks(database: Database, n: number): Promise<SeededLinks> {
  const t0 = performance.now();
  const s = await seedLeads(database, n);
  const gw = await smsGateway(database, s.ctx, { type: "sandbox" });
  const c = await activeCampaign(database, s.ctx, s.listId, gw.id);
  const codes = new Set<string>();
  while (codes.size < n) codes.add(newLinkCode());
  const list = [...codes];
  await database.query(
    `WITH l AS (
       SELECT p.lead_id, p.phone, row_number() OVER (ORDER BY p.lead_id) AS k FROM lead_phones p WHERE p.team_id = $1),
     m AS (
       INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, gateway_id, sender,
                                      due_at, submitted_at, sent_at, body, parts)
       SELECT $1, $2, $3, $3, l.lead_id, 'sms', l.phone, 'accepted', $4, '+12015550101',
              now() - interval '1 hour', now() - interval '1 hour', now() - interval '1 hour', 'Hi, spring deals', 1
       FROM l RETURNING id, lead_id)
     INSERT INTO campaign_links (code, team_id, campaign_id, step_id, part_id, message_id, lead_id, redirect_to, created_at)
     SELECT ($5::text[])[row_number() OVER (ORDER BY m.id)], $1, $2, $3, $3, m.id, m.lead_id, s.redirect_to, now() - interval '1 hour'
     FROM m, (SELECT redirect_to FROM campaign_steps WHERE id = $3) s`,
    [s.ctx.teamId, c.id, c.stepId, gw.id, list],
  );
  const { rows } = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM campaign_links WHERE campaign_id = $1", [c.id]);
  if (rows[0]!.n !== n) throw new Error(`B10 seeded ${rows[0]!.n} links for ${n} leads`);
  await database.query("VACUUM ANALYZE");
  console.log(`  B10: seeded ${n.toLocaleString("en")} leads, messages and links in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { teamId: s.ctx.teamId, campaignId: c.id, codes: list };
}
