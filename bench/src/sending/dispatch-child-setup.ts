import { SaveCampaign, SaveStep } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import {
  applyStatusEventsUntilIdle,
  attachAudience,
  createCampaign,
  createStep,
  planFirstStep,
  reconcileOpenMessages,
  setCampaignStatus,
  type TeamCtx,
} from "@leadflow/domain";
import { PUBLIC_URL, planDueNow } from "./dispatch-setup";

/*
 * What B17, F14 and F16 (sends) share: SMS campaigns whose status moves as the product moves it — Active and Pause
 * through `setCampaignStatus`, the planning the route queues on Active run here (no job queue in a benchmark, as the
 * engine's tests do) — and the ledger's figures they check.
 */

/** One placeholder and one short link: one SMS part. */
export const ONE_PART = "Hi {{last_4_digits}}, spring deals: {{link}} Reply STOP to opt out";
/** Past 160 GSM-7 characters: two parts. */
export const TWO_PARTS = `${ONE_PART}. Our spring sale runs all week in every store and online, with free delivery on orders over fifty dollars and returns within thirty days.`;

/**
 * An SMS campaign over the list through the gateway, set Active by `setCampaignStatus` and planned, its rows made
 * due now with windows that never close (dispatch-setup.ts `planDueNow`: the hour of the run must not decide).
 */
export async function startedCampaign(
  database: Database,
  ctx: TeamCtx,
  listId: number,
  gatewayId: number,
  message = ONE_PART,
): Promise<{ id: number; due: number }> {
  const db = database.db;
  const c = await createCampaign(
    db,
    ctx,
    SaveCampaign.parse({ name: `Bench ${gatewayId}`, type: "sms", sender_type: "gateway", setting_gateway_id: gatewayId }),
  );
  await createStep(db, ctx, c.id, SaveStep.parse({ type: "sms", name: "Spring", message, redirect_to: "https://shop.example.com/spring" }));
  await attachAudience(db, ctx, c.id, "list", { ids: [listId] });
  await setStatus(database, ctx, c.id, "active");
  return { id: c.id, due: await planDueNow(database, c.id) };
}

/** Pause or Active as a person sets it; Active plans the campaign as the queued `sending.plan` would. */
export async function setStatus(database: Database, ctx: TeamCtx, campaignId: number, to: "active" | "paused"): Promise<void> {
  // Planned right below, in this process: no job queue in a benchmark.
  const r = await setCampaignStatus(database.db, ctx, [campaignId], to, async () => undefined);
  if (r.errors.length) throw new Error(`campaign ${campaignId} not set ${to}: ${r.errors.join(" ")}`);
  if (to === "active") await planFirstStep(database.db, campaignId);
}

/** The campaign's status and when it last changed (epoch ms, on the machine's clock). */
export async function statusOf(database: Database, campaignId: number): Promise<{ status: string; changedAt: number }> {
  const { rows } = await database.query<{ status: string; changed_at: number }>(
    "SELECT status, extract(epoch FROM updated_at)::float8 * 1000 AS changed_at FROM campaigns WHERE id = $1",
    [campaignId],
  );
  return { status: rows[0]!.status, changedAt: rows[0]!.changed_at };
}

/** Rows of the campaign in these states (by default: still on their way to the provider). */
export async function inFlight(database: Database, campaignId: number, states = ["planned", "claimed", "submitting"]): Promise<number> {
  const { rows } = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 AND state = ANY($2::text[])",
    [campaignId, states],
  );
  return rows[0]!.n;
}

/** Reconciliation passes at most (each asks up to 500 rows of a gateway). */
const RECONCILE_PASSES = 20;

/**
 * Settles what kills left `unknown` as the engine's reconcile job does — the provider's message API asked at once,
 * not after its usual two minutes — and applies the answers. Answers the unknown rows before, the passes made and
 * the rows the provider never took (planned again).
 */
export async function reconcileUnknown(
  database: Database,
  providerUrl: string,
): Promise<{ unknownBefore: number; passes: number; replanned: number }> {
  const unknown = async () =>
    (await database.query<{ n: number }>("SELECT count(*)::int AS n FROM campaign_messages WHERE state = 'unknown'")).rows[0]!.n;
  const unknownBefore = await unknown();
  const baseUrls = { twilio_api: providerUrl, twilio_messaging: providerUrl };
  let passes = 0;
  let replanned = 0;
  while (passes < RECONCILE_PASSES && (await unknown()) > 0) {
    passes++;
    const r = await reconcileOpenMessages({ db: database.db, publicUrl: PUBLIC_URL, providerOptions: { baseUrls }, askAfterMs: 0 });
    replanned += r.replanned;
    await applyStatusEventsUntilIdle(database.db);
    if (r.asked === 0) break;
  }
  return { unknownBefore, passes, replanned };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done` answers true, looking every `everyMs`; throws after `timeoutMs`. */
export async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** p50, p99 and max of a list of milliseconds. */
export function spread(ms: readonly number[]): { p50: number; p99: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
  return { p50: at(50), p99: at(99), max: s.at(-1) ?? 0 };
}
