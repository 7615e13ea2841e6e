import { type CampaignAudienceKind, type LookupType, LookupTypeGatewayKind } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type LookupDeps, runScopeLookups } from "../../lookups";
import type { TeamCtx } from "../../shared/context";
import { type DbOrTx, one, rows } from "../../shared/rows";

/*
 * Only verified leads (docs/sending.md): when such a campaign starts, the lookup it names runs over its audience — the
 * existing lookup jobs, with their freshness (a phone checked recently is not checked again) and their money. Until a
 * phone is looked up its messages wait at the claim; a landline or a DNC result then skips them with the reason. A
 * lookup that cannot start (no money, a gateway gone) leaves the campaign Active and says why on it.
 */

const typeOfKind = (kind: string): LookupType | undefined =>
  (Object.entries(LookupTypeGatewayKind) as [string, string][])
    .map(([t, k]) => (k === kind ? (Number(t) as LookupType) : undefined))
    .find(Boolean);

export async function startVerificationLookups(db: DbOrTx, deps: LookupDeps, campaignId: number): Promise<number> {
  const c = await one<{ team_id: number; only_verified_leads: boolean; lookup_gateway_id: number | null; kind: string | null }>(
    db,
    sql`SELECT c.team_id, c.only_verified_leads, c.lookup_gateway_id, g.kind FROM campaigns c
        LEFT JOIN gateways g ON g.id = c.lookup_gateway_id WHERE c.id = ${campaignId}`,
  );
  if (!c?.only_verified_leads || c.lookup_gateway_id === null || !c.kind) return 0;
  const type = typeOfKind(c.kind);
  if (type === undefined) return 0;
  // The lookup is the team's: it is recorded as started by the team's first admin.
  const user = await one<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE team_id = ${c.team_id} ORDER BY (role = 'team_admin') DESC, id LIMIT 1`,
  );
  if (!user) return 0;
  const ctx: TeamCtx = { teamId: c.team_id, userId: user.id, role: "team_admin" };
  const audience = await rows<{ kind: CampaignAudienceKind; ref_id: number }>(
    db,
    sql`SELECT kind, ref_id FROM campaign_audiences WHERE campaign_id = ${campaignId} ORDER BY kind, ref_id`,
  );
  let started = 0;
  for (const kind of ["segment", "source", "list"] as const) {
    const ids = audience.filter((a) => a.kind === kind).map((a) => a.ref_id);
    if (ids.length === 0) continue;
    try {
      started += (
        await runScopeLookups(db, deps, ctx, kind, { ids, type, setting_gateway_id: c.lookup_gateway_id, campaign_id: campaignId })
      ).length;
    } catch (e) {
      const why = e instanceof Error ? e.message : "the lookup could not start";
      await db.execute(
        sql`UPDATE campaigns SET status_reason = ${`Unverified leads wait: the verification lookup could not start (${why.replace(/\.$/, "")}).`}
            WHERE id = ${campaignId}`,
      );
    }
  }
  return started;
}
