import type { Database } from "@leadflow/db";
import { type DispatchDeps, planFirstStep, suppressionWatchOf, type TeamCtx } from "@leadflow/domain";
import { SEND_WINDOW_MS } from "@leadflow/domain/sending/dispatch/dispatcher";
import { createPacer } from "@leadflow/domain/shared/pacer";
import type { RemoteFakeSms } from "./fake-sms-process";
import { activeCampaign, gateRules } from "./sending-setup";

/*
 * What B9's runs share: a campaign with every gate of the claim on, planned and made due now, and the dispatcher's
 * dependencies at a given pace.
 */

export const PUBLIC_URL = "https://app.leadflow.test";

/** A list holding the team's first `n` leads (a campaign's audience of that size). */
export async function listOf(database: Database, ctx: TeamCtx, sourceListId: number, n: number): Promise<number> {
  const source = (await database.query<{ id: number }>("SELECT source_id AS id FROM lists WHERE id = $1", [sourceListId])).rows[0]!.id;
  const list = (
    await database.query<{ id: number }>("INSERT INTO lists (team_id, source_id, name) VALUES ($1, $2, $3) RETURNING id", [
      ctx.teamId,
      source,
      `First ${n}`,
    ])
  ).rows[0]!.id;
  await database.query(
    `INSERT INTO list_leads (team_id, list_id, lead_id)
     SELECT team_id, $2, lead_id FROM list_leads WHERE team_id = $1 AND list_id = $3 ORDER BY lead_id LIMIT $4`,
    [ctx.teamId, list, sourceListId, n],
  );
  return list;
}

/**
 * A campaign over the list with every gate on — the team's suppression list (SUPPRESSED other addresses), a cool-off
 * rule, an inactive-device rule, a daily limit above the audience, quiet hours planned — its rows then made due now
 * with windows that never close (as dispatcher.test.ts does: the windows have their own tests and the hour of the
 * run must not decide what is due).
 */
export async function gatedCampaign(database: Database, ctx: TeamCtx, listId: number, gatewayId: number, n: number): Promise<number> {
  const c = await activeCampaign(database, ctx, listId, gatewayId, { daily_limit: n + 1000 });
  await gateRules(database, ctx, c.id);
  return c.id;
}

export const SUPPRESSED = 1000;

/** The team's opt-outs: numbers outside the audience, so they gate every claim without skipping anyone. */
export async function suppressOthers(database: Database, ctx: TeamCtx): Promise<void> {
  await database.query(
    `INSERT INTO suppressions (team_id, channel, address, reason)
     SELECT $1, 'sms', '+1999555' || lpad(g::text, 4, '0'), 'stop' FROM generate_series(1, $2::int) g ON CONFLICT DO NOTHING`,
    [ctx.teamId, SUPPRESSED],
  );
}

/** Plans the campaign and opens its windows; ANALYZE, as autovacuum does after a table grows. Answers the due rows. */
export async function planDueNow(database: Database, campaignId: number): Promise<number> {
  await planFirstStep(database.db, campaignId);
  const { rows } = await database.query<{ n: number }>(
    `WITH due AS (UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity'
       WHERE campaign_id = $1 AND state = 'planned' RETURNING 1) SELECT count(*)::int AS n FROM due`,
    [campaignId],
  );
  await database.query("ANALYZE campaign_messages");
  return rows[0]!.n;
}

/**
 * The dispatcher's dependencies at `rate` messages per second: the pacer and batch size the dispatcher derives from
 * the gateway's send rate (dispatcher.ts `open`), given here so a run can read the pacer's clock.
 */
export function dispatchDeps(database: Database, fake: RemoteFakeSms, rate: number): DispatchDeps {
  return {
    db: database.db,
    publicUrl: PUBLIC_URL,
    providerOptions: { baseUrls: fake.baseUrls },
    pacer: createPacer(rate, undefined, SEND_WINDOW_MS),
    batchSize: Math.min(500, Math.max(10, rate)),
    suppressionWatch: suppressionWatchOf(database),
  };
}

/** The ledger's rows of a campaign by state. */
export async function statesOf(database: Database, campaignId: number): Promise<Record<string, number>> {
  const { rows } = await database.query<{ state: string; n: number }>(
    "SELECT state, count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 GROUP BY state",
    [campaignId],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
