import type { Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { one } from "../shared/rows";
import { makeFactory } from "../testing/factory";

/*
 * A team whose leads each did one thing with campaigns X (a plain step and a split step) and Y, so each campaign
 * filter case selects a distinct set (filter-campaigns.test.ts), and a second team whose campaign W and ledger rows
 * name team A's leads, campaigns and addresses — none of which may ever match for team A.
 *
 * The clock of every case is NOW (2026-03-15 12:00 UTC): last 7 days from 03-08 12:00, last 90 days from 2025-12-15.
 */
export const NOW = new Date("2026-03-15T12:00:00Z");

export const LEADS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "leo"] as const;
export type Lead = (typeof LEADS)[number];

interface Message {
  state: string;
  channel?: "sms" | "email";
  created?: string;
  submitted?: string;
  sent?: string;
  clicked?: string;
  opened?: string;
  updated?: string;
}

export type CampaignFixtures = Awaited<ReturnType<typeof seedCampaignFixtures>>;

export async function seedCampaignFixtures(database: Database) {
  const db = database.db;
  const factory = makeFactory(database);
  const { ctx } = await factory.team();
  const { ctx: other } = await factory.team();
  const [teamId, otherTeamId] = [ctx.teamId, other.teamId];

  const id = async (q: ReturnType<typeof sql>) => Number((await one<{ id: number }>(db, q))!.id);
  const campaign = (team: number, name: string, deleted = false) =>
    id(sql`INSERT INTO campaigns (team_id, name, type, status, deleted_at)
           VALUES (${team}, ${name}, 'sms', 'completed', ${deleted ? NOW.toISOString() : null}) RETURNING id`);
  const step = (team: number, campaignId: number, parent: number | null = null) =>
    id(sql`INSERT INTO campaign_steps (team_id, campaign_id, parent_step_id, type, name)
           VALUES (${team}, ${campaignId}, ${parent}, 'sms', 'Step') RETURNING id`);

  const X = await campaign(teamId, "X");
  const Y = await campaign(teamId, "Y");
  const Z = await campaign(teamId, "Z (deleted)", true);
  const W = await campaign(otherTeamId, "W");
  const steps = { x1: await step(teamId, X), x2: await step(teamId, X), y1: await step(teamId, Y), w1: await step(otherTeamId, W) };
  // The split step x2's parts: the ledger names the top-level step, its part in part_id.
  const part = await step(teamId, X, steps.x2);

  const leads = {} as Record<Lead, number>;
  for (const name of LEADS)
    leads[name] = await id(sql`INSERT INTO leads (team_id, status) VALUES (${teamId}, 1) RETURNING id::float8 AS id`);
  const otherLead = await id(sql`INSERT INTO leads (team_id, status) VALUES (${otherTeamId}, 1) RETURNING id::float8 AS id`);

  const address = (lead: Lead, channel: "sms" | "email") =>
    channel === "sms" ? `+1212555${String(LEADS.indexOf(lead)).padStart(4, "0")}` : `${lead}@example.com`;
  const message = (team: number, campaignId: number, stepId: number, lead: number, m: Message, partId = stepId, addr = "x") =>
    id(sql`INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, due_at,
             submitted_at, sent_at, clicked_at, opened_at, created_at, updated_at)
           VALUES (${team}, ${campaignId}, ${stepId}, ${partId}, ${lead}, ${m.channel ?? "sms"}, ${addr}, ${m.state},
             ${m.created ?? m.sent ?? NOW.toISOString()}, ${m.submitted ?? m.sent ?? null}, ${m.sent ?? null}, ${m.clicked ?? null},
             ${m.opened ?? null}, ${m.created ?? m.submitted ?? m.sent ?? NOW.toISOString()}, ${m.updated ?? m.sent ?? NOW.toISOString()})
           RETURNING id::float8 AS id`);
  const send = (campaignId: number, stepId: number, lead: Lead, m: Message, partId = stepId) =>
    message(teamId, campaignId, stepId, leads[lead], m, partId, address(lead, m.channel ?? "sms"));
  const hit = (messageId: number, lead: Lead, campaignId: number, stepId: number, at: string, reason: string | null) =>
    db.execute(sql`INSERT INTO message_hits (hit_id, kind, team_id, campaign_id, step_id, part_id, message_id, lead_id, reason, created_at)
                   VALUES (${`h-${messageId}-${at}`}, 'click', ${teamId}, ${campaignId}, ${stepId}, ${stepId}, ${messageId}, ${leads[lead]},
                           ${reason}, ${at})`);
  const suppress = (team: number, channel: string, addr: string, reason: string, campaignId: number | null, at: string) =>
    db.execute(sql`INSERT INTO suppressions (team_id, channel, address, reason, campaign_id, created_at)
                   VALUES (${team}, ${channel}, ${addr}, ${reason}, ${campaignId}, ${at})`);

  const delivered = (sent: string, more: Partial<Message> = {}): Message => ({ state: "delivered", sent, ...more });
  // X
  await send(X, steps.x1, "ann", delivered("2026-03-10T10:00:00Z", { clicked: "2026-03-10T13:00:00Z" }));
  await send(X, steps.x1, "bob", delivered("2026-03-10T10:00:00Z"));
  await send(X, steps.x2, "bob", delivered("2026-03-12T10:00:00Z", { clicked: "2026-03-12T11:00:00Z" }), part);
  await send(X, steps.x1, "cat", { state: "failed", sent: "2026-03-01T10:00:00Z" });
  await send(X, steps.x1, "dan", { state: "planned", created: "2026-03-14T10:00:00Z" });
  await send(X, steps.x1, "gus", {
    state: "complained",
    channel: "email",
    sent: "2026-03-05T10:00:00Z",
    opened: "2026-03-06T10:00:00Z",
    updated: "2026-03-07T10:00:00Z",
  });
  await send(X, steps.x1, "ivy", delivered("2026-03-02T10:00:00Z"));
  await suppress(teamId, "sms", address("ivy", "sms"), "stop", X, "2026-03-03T10:00:00Z");
  // Y: first clicks long ago; eve clicked again lately (a counted hit), fay's late hit was a bot's.
  const eve = await send(Y, steps.y1, "eve", delivered("2025-11-01T10:00:00Z", { clicked: "2025-11-02T10:00:00Z" }));
  await hit(eve, "eve", Y, steps.y1, "2026-03-01T10:00:00Z", null);
  const fay = await send(Y, steps.y1, "fay", delivered("2025-11-01T10:00:00Z", { clicked: "2025-11-02T10:00:00Z" }));
  await hit(fay, "fay", Y, steps.y1, "2026-03-02T10:00:00Z", "bot");
  await send(Y, steps.y1, "hal", { state: "bounced", channel: "email", sent: "2026-02-01T10:00:00Z", updated: "2026-02-02T10:00:00Z" });
  await suppress(teamId, "email", address("hal", "email"), "bounce", Y, "2026-02-02T10:00:00Z");
  // jon's address was unsubscribed from X, a campaign that never wrote to him: not his unsubscribe from Y.
  await send(Y, steps.y1, "jon", delivered("2026-03-02T10:00:00Z", { channel: "email" }));
  await suppress(teamId, "email", address("jon", "email"), "unsubscribe", X, "2026-03-03T10:00:00Z");
  // kim: opted out by a person, with no message of any campaign.
  await suppress(teamId, "sms", address("kim", "sms"), "manual", null, "2026-03-03T10:00:00Z");
  // Z (deleted): its messages stay, "any campaign" counts them.
  const z1 = await step(teamId, Z);
  await send(Z, z1, "kim", delivered("2026-01-10T10:00:00Z"));

  // Team B: its campaign W over team A's leads and its own, a bogus row of team A's campaign X naming leo, and a
  // suppression of leo's address under X — no writer makes these; a subquery that forgot a team_id would see them.
  for (const lead of ["ann", "cat", "leo"] as const)
    await message(otherTeamId, W, steps.w1, leads[lead], delivered("2026-03-10T10:00:00Z", { clicked: "2026-03-10T11:00:00Z" }));
  await message(otherTeamId, W, steps.w1, otherLead, delivered("2026-03-10T10:00:00Z", { clicked: "2026-03-10T11:00:00Z" }));
  await message(
    otherTeamId,
    X,
    steps.x1,
    leads.leo,
    delivered("2026-03-10T10:00:00Z", { clicked: "2026-03-10T11:00:00Z", opened: "2026-03-10T11:00:00Z" }),
    steps.x1,
    address("leo", "sms"),
  );
  await suppress(otherTeamId, "sms", address("leo", "sms"), "stop", X, "2026-03-10T12:00:00Z");

  return { db, teamId, otherTeamId, leads, otherLead, campaigns: { X, Y, Z, W } };
}
