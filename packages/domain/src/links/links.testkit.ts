import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { newLinkCode } from "../campaigns";
import type { useSendingTestkit } from "../sending/testing";
import { one } from "../shared/rows";

/*
 * Sent messages with short links for the redirect's tests: a team, an SMS campaign whose step carries `options`, one
 * accepted ledger row per lead and its campaign_links row — written with plain SQL (rendering is the dispatcher's).
 */

export type Kit = ReturnType<typeof useSendingTestkit>;

export interface SentLink {
  code: string;
  messageId: number;
  leadId: number;
  phone: string;
}

export async function sentCampaign(kit: Kit, step: Record<string, unknown> = {}, campaign: Record<string, unknown> = {}, leads = 2) {
  const t = await kit.setup(
    Array.from({ length: leads }, (_, i) => ({ phone: `+1212555${String(1000 + i)}`, timezone: "America/New_York", state: "NY" })),
  );
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id, ...campaign }, [
    { type: "sms", name: "Offer", message: "Hi {{link}}", redirect_to: "https://shop.example/p?c={click_id}", ...step },
  ]);
  await kit.db().execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${c.id}`);
  const stepId = (await one<{ id: number }>(kit.db(), sql`SELECT id FROM campaign_steps WHERE campaign_id = ${c.id}`))!.id;
  const redirect = (await one<{ r: string }>(kit.db(), sql`SELECT redirect_to AS r FROM campaign_steps WHERE id = ${stepId}`))!.r;
  const links: SentLink[] = [];
  for (const [i, leadId] of t.leadIds.entries())
    links.push(await sendLink(kit.db(), t.ctx.teamId, c.id, stepId, leadId, `+1212555${1000 + i}`, redirect));
  return { t, c, stepId, links };
}

export async function sendLink(
  db: Db,
  teamId: number,
  campaignId: number,
  stepId: number,
  leadId: number,
  phone: string,
  redirect: string,
) {
  const m = await one<{ id: number }>(
    db,
    sql`INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, due_at, submitted_at)
        VALUES (${teamId}, ${campaignId}, ${stepId}, ${stepId}, ${leadId}, 'sms', ${phone}, 'accepted', now(), now())
        RETURNING id::float8 AS id`,
  );
  const code = newLinkCode();
  await db.execute(
    sql`INSERT INTO campaign_links (code, team_id, campaign_id, step_id, part_id, message_id, lead_id, redirect_to)
        VALUES (${code}, ${teamId}, ${campaignId}, ${stepId}, ${stepId}, ${m!.id}, ${leadId}, ${redirect})`,
  );
  return { code, messageId: m!.id, leadId, phone };
}

export const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
export const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const SLACK = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
