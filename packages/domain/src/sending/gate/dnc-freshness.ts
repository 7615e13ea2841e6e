import { type CampaignAudienceKind, LookupStatuses, LookupTypes } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type LookupDeps, runScopeLookups, scopeLeads } from "../../lookups";
import type { TeamCtx } from "../../shared/context";
import { type DbOrTx, one, rows } from "../../shared/rows";

/*
 * The team's DNC freshness rule at work: a campaign's texts to phones without a recent DNC check wait at the claim
 * (`dnc_stale`) while a DNC lookup brings one. That lookup starts when the campaign starts and again, from the
 * minute's tick, while rows wait for it and no lookup of the campaign is under way — the existing lookup jobs over
 * the campaign's lists, sources and audiences, with their money (charged to the campaign, as "only verified leads"
 * does) and their freshness, which reuses a DNC result only while the rule would accept it (`runFreshness`).
 *
 * The gateway: the campaign's lookup gateway when it is a DNC one, else the team's first active DNC gateway, else the
 * platform's. With none the claim skips stale phones instead of holding them. A lookup that cannot start (no money)
 * leaves the campaign Active and says why on it; its rows keep waiting.
 */

/** A lookup of the campaign finished this recently is not started again: its failures are not retried in a loop. */
const RESTART_AFTER = sql`interval '10 minutes'`;

/** The phone has no DNC check the team's rule accepts (`days`: the rule, an SQL value). */
const stale = (days: SQL) => sql`(p.dnc_checked_at IS NULL OR p.dnc_checked_at < now() - make_interval(days => ${days}))`;

interface Target {
  team_id: number;
  days: number | null;
  channel_sms: boolean;
  gateway_id: number | null;
}

async function targetOf(db: DbOrTx, campaignId: number): Promise<Target | undefined> {
  return one<Target>(
    db,
    sql`SELECT c.team_id, t.dnc_max_age_days AS days, c.type IN ('sms', 'automation') AS channel_sms,
          (SELECT g.id FROM gateways g
            WHERE g.kind = 'sms_dnc' AND g.active AND g.allow_lookup AND (g.team_id = c.team_id OR g.team_id IS NULL)
            ORDER BY (g.id = c.lookup_gateway_id) DESC, (g.team_id IS NULL), g.id LIMIT 1) AS gateway_id
        FROM campaigns c JOIN teams t ON t.id = c.team_id WHERE c.id = ${campaignId}`,
  );
}

/** The team's first admin: the lookup is the team's, recorded as started by them. */
async function teamCtx(db: DbOrTx, teamId: number): Promise<TeamCtx | null> {
  const user = await one<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE team_id = ${teamId} ORDER BY (role = 'team_admin') DESC, id LIMIT 1`,
  );
  return user ? { teamId, userId: user.id, role: "team_admin" } : null;
}

const scopeOf = (kind: CampaignAudienceKind, id: number) =>
  kind === "segment" ? { segmentId: id } : kind === "list" ? { listId: id } : { sourceId: id };

/** Starts DNC lookups over the campaign's audience items that hold a stale phone; answers how many jobs started. */
export async function startDncFreshness(db: DbOrTx, deps: LookupDeps, campaignId: number): Promise<number> {
  const t = await targetOf(db, campaignId);
  if (!t?.days || !t.channel_sms || t.gateway_id === null) return 0;
  const ctx = await teamCtx(db, t.team_id);
  if (!ctx) return 0;
  const audience = await rows<{ kind: CampaignAudienceKind; ref_id: number }>(
    db,
    sql`SELECT kind, ref_id FROM campaign_audiences WHERE campaign_id = ${campaignId} ORDER BY kind, ref_id`,
  );
  let started = 0;
  for (const kind of ["segment", "source", "list"] as const) {
    const ids: number[] = [];
    for (const a of audience.filter((x) => x.kind === kind)) {
      const found = await one(
        db,
        sql`SELECT 1 FROM lead_phones p JOIN (${scopeLeads(t.team_id, scopeOf(kind, a.ref_id))}) s ON s.lead_id = p.lead_id
            WHERE p.team_id = ${t.team_id} AND ${stale(sql`${t.days}::int`)} LIMIT 1`,
      );
      if (found) ids.push(a.ref_id);
    }
    if (ids.length === 0) continue;
    try {
      const jobs = await runScopeLookups(db, deps, ctx, kind, {
        ids,
        type: LookupTypes.sms_dnc,
        setting_gateway_id: t.gateway_id,
        campaign_id: campaignId,
      });
      started += jobs.length;
    } catch (e) {
      const why = (e instanceof Error ? e.message : "the lookup could not start").replace(/\.$/, "");
      await db.execute(
        sql`UPDATE campaigns SET status_reason = ${`Texts to phones without a recent DNC check wait: the DNC lookup could not start (${why}).`}
            WHERE id = ${campaignId}`,
      );
    }
  }
  return started;
}

/**
 * The minute's tick: active SMS campaigns of teams with the rule whose rows wait for a DNC check (due within the
 * wait's two minutes, read through the campaign's queued index) and that have no DNC lookup under way or just
 * finished, start one again — leads that joined since the start, or phones a lookup could not answer.
 */
export async function freshenWaitingDnc(db: DbOrTx, deps: LookupDeps): Promise<number[]> {
  const waiting = await rows<{ id: number }>(
    db,
    sql`SELECT c.id FROM campaigns c JOIN teams t ON t.id = c.team_id AND t.dnc_max_age_days IS NOT NULL
        WHERE c.status = 'active' AND c.deleted_at IS NULL AND c.type IN ('sms', 'automation')
          AND NOT EXISTS (SELECT 1 FROM lookup_jobs j WHERE j.team_id = c.team_id AND j.campaign_id = c.id AND j.type = ${LookupTypes.sms_dnc}
            AND (j.status IN (${LookupStatuses.pending}, ${LookupStatuses.running}, ${LookupStatuses.paused}) OR j.updated_at > now() - ${RESTART_AFTER}))
          AND EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.state IN ('planned', 'claimed')
            AND m.due_at <= now() + interval '3 minutes' AND m.reason = 'dnc_stale')
        ORDER BY c.id LIMIT 20`,
  );
  for (const c of waiting) await startDncFreshness(db, deps, c.id);
  return waiting.map((c) => c.id);
}
