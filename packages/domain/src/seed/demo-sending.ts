import { SaveCampaign, type SaveCampaign as SaveCampaignInput, SaveStep } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { attachAudience, createCampaign, createStep, setCampaignStatus } from "../campaigns";
import { applyReplies } from "../inbound";
import { type HookEnv, receiveProviderCallback } from "../provider-events";
import type { DelayedCallback } from "../providers";
import { applyStatusEventsUntilIdle, planFirstStep, runDispatcher } from "../sending";
import type { TeamCtx } from "../shared/context";
import { createPacer } from "../shared/pacer";
import { rows } from "../shared/rows";

/*
 * The demo's campaigns are sent the way the product sends any campaign: created, given a step and an audience, set
 * Active, planned by the planner, handed to the sandbox by the gateway's dispatcher, and its outcomes taken from the
 * sandbox's signed status callbacks through the provider-event inbox and the applier. Three things differ, each
 * because the demo is made in a second at start: the planning and the dispatch run here rather than as queued jobs;
 * the dispatcher keeps a faster pace than the gateway's (a sandbox has no provider to protect); and the sandbox's
 * callbacks are handed to the inbox in this process rather than posted to the app's own hook two seconds later.
 */

export interface DemoSendEnv {
  /** The app's public address: links, unsubscribe links and callbacks are made on it, as the dispatcher makes them. */
  publicUrl: string;
}

/** What the sandbox would have posted, kept here until the seed hands it to the inbox. */
export class CapturedCallbacks {
  readonly waiting: DelayedCallback[] = [];
  schedule(callback: DelayedCallback): void {
    this.waiting.push(callback);
  }
}

/** The sandbox's pace for the demo: all of its few hundred messages within a second. */
const DEMO_RATE_PER_SECOND = 2_000;
/** How long the seed waits for a gateway another dispatcher holds (a running server's own, woken meanwhile). */
const LEASED_WAIT_MS = 200;
const LEASED_TRIES = 50;

export interface DemoCampaignInput {
  campaign: Partial<SaveCampaignInput> & Pick<SaveCampaignInput, "name" | "type">;
  step: Record<string, unknown>;
  listIds: number[];
}

/** A draft campaign with its step and audience, set Active and planned; answers its id. */
export async function startDemoCampaign(db: Db, ctx: TeamCtx, input: DemoCampaignInput): Promise<number> {
  const c = await createCampaign(db, ctx, SaveCampaign.parse(input.campaign));
  await createStep(db, ctx, c.id, SaveStep.parse(input.step));
  await attachAudience(db, ctx, c.id, "list", { ids: input.listIds });
  // The planning the Active status queues (the plan job) is run right below, in this process.
  const set = await setCampaignStatus(db, ctx, [c.id], "active", async () => undefined);
  if (set.errors.length) throw new Error(`The demo campaign "${c.name}" could not start: ${set.errors.join(" ")}`);
  await planFirstStep(db, c.id);
  return c.id;
}

/**
 * Quiet hours hold a text until the recipient's morning; the demo's texts reach no phone (the sandbox), and a demo
 * started at night must still show a campaign that went out. So its planned rows are due now and never lapse — what
 * the engine's own tests do for the same reason — written here as the planner writes them otherwise.
 */
export async function dueNow(db: Db, campaignId: number): Promise<void> {
  await db.execute(
    sql`UPDATE campaign_messages SET due_at = now(), not_after = 'infinity', updated_at = now()
        WHERE campaign_id = ${campaignId} AND state = 'planned'`,
  );
}

/** Runs the gateway's dispatcher until it has nothing due (waiting its turn when another holds the gateway). */
export async function dispatchDemo(db: Db, gatewayId: number, callbacks: CapturedCallbacks, env: DemoSendEnv): Promise<void> {
  const deps = {
    db,
    publicUrl: env.publicUrl,
    providerOptions: { sandboxCallbacks: callbacks },
    pacer: createPacer(DEMO_RATE_PER_SECOND),
    batchSize: 500,
  };
  for (let tries = 0; tries < LEASED_TRIES; tries++) {
    const outcome = await runDispatcher(deps, gatewayId);
    if (outcome !== "leased") return;
    await new Promise((r) => setTimeout(r, LEASED_WAIT_MS));
  }
  throw new Error(`The demo's gateway ${gatewayId} stayed busy: its campaign was left to the running dispatchers.`);
}

/** Where each callback was addressed: `{publicUrl}/hooks/{channel}/{gatewayId}/{endpoint}`. */
const HOOK = /\/hooks\/(sms|email)\/(\d+)\/status$/;

/** The sandbox's status callbacks through the verified hook path into the inbox, then applied as the apply job does. */
export async function deliverCallbacks(db: Db, callbacks: CapturedCallbacks, env: HookEnv): Promise<void> {
  for (const cb of callbacks.waiting.splice(0)) {
    const hook = HOOK.exec(new URL(cb.url).pathname);
    if (!hook) throw new Error(`The sandbox addressed a callback to ${cb.url}, which is not a status hook.`);
    const request = { method: "POST", url: cb.url, headers: cb.headers, rawBody: cb.body };
    await receiveProviderCallback(db, { channel: hook[1] as "sms" | "email", endpoint: "status" }, Number(hook[2]), request, env);
  }
  await applyStatusEventsUntilIdle(db);
}

/** The hook environment of the seed: the app's address and the inbound applier, as the server's hooks have them. */
export const demoHookEnv = (env: DemoSendEnv): HookEnv => ({ publicUrl: env.publicUrl, providerOptions: {}, applyReplies });

/** A sent message of a campaign, as the ledger has it. */
export interface SentMessage {
  id: number;
  lead_id: number;
  address: string;
  sender: string | null;
  body: string;
  state: string;
}

export function sentMessages(db: Db, campaignId: number): Promise<SentMessage[]> {
  return rows<SentMessage>(
    db,
    sql`SELECT id::float8 AS id, lead_id::float8 AS lead_id, address, sender, coalesce(body, '') AS body, state
        FROM campaign_messages WHERE campaign_id = ${campaignId} AND state NOT IN ('planned', 'skipped', 'cancelled') ORDER BY id`,
  );
}
