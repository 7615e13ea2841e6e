import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import { runDispatcher, type TeamCtx } from "@leadflow/domain";
import { type FakeTwilioMessaging, startFakeTwilioMessaging } from "@leadflow/domain/providers/fakes/fake-twilio-messaging";
import { PUBLIC_URL, planDueNow, statesOf } from "./dispatch-setup";
import { activeCampaign, seedAudience, smsGateway } from "./sending-setup";

/*
 * What B14 and B16 send before their callbacks: `n` SMS of one campaign planned and dispatched at the gateway's send
 * rate through the fake Twilio in this process, and each message as the provider knows it — its ledger id, Twilio's
 * SID and the StatusCallback URL the dispatcher gave it (read from the fake's Messages.create requests).
 */

export interface SentMessage {
  id: number;
  sid: string;
  /** The signed StatusCallback URL, on the app's public address. */
  statusUrl: string;
  to: string;
  from: string;
}

export interface SentCampaign {
  ctx: TeamCtx;
  fake: FakeTwilioMessaging;
  gatewayId: number;
  campaignId: number;
  messages: SentMessage[];
  /** The dispatch's messages per second, start to idle. */
  achievedRate: number;
}

export async function sentCampaign(database: Database, n: number, sendRate: number): Promise<SentCampaign> {
  const s = await seedAudience(database, n);
  const fake = await startFakeTwilioMessaging();
  const gw = await smsGateway(database, s.ctx, {
    type: "gateway1",
    params: { sys_id: fake.accountSid, auth_token: fake.authToken },
    rate: sendRate,
  });
  const c = await activeCampaign(database, s.ctx, s.listId, gw.id);
  const due = await planDueNow(database, c.id);
  if (due !== n) throw new Error(`${due} rows due for ${n} messages`);
  const t = performance.now();
  const outcome = await runDispatcher({ db: database.db, publicUrl: PUBLIC_URL, providerOptions: { baseUrls: fake.baseUrls } }, gw.id);
  const ms = performance.now() - t;
  if (outcome !== "idle") throw new Error(`the dispatcher ended ${outcome}`);
  const states = await statesOf(database, c.id);
  if (states.accepted !== n) throw new Error(`dispatched ${JSON.stringify(states)}, not ${n} accepted`);
  const { rows } = await database.query<{ id: number; sid: string }>(
    "SELECT id::float8 AS id, provider_id AS sid FROM campaign_messages WHERE campaign_id = $1",
    [c.id],
  );
  const sidOf = new Map(rows.map((r) => [r.id, r.sid]));
  const messages = fake.messages.map((req) => {
    const f = req.json as Record<string, string>;
    const id = Number(new URL(f.StatusCallback!).searchParams.get("m"));
    const sid = sidOf.get(id);
    if (!sid) throw new Error(`Messages.create for ${f.To} carried a StatusCallback of no accepted row (${f.StatusCallback})`);
    return { id, sid, statusUrl: f.StatusCallback!, to: f.To!, from: f.From ?? "" };
  });
  if (new Set(messages.map((m) => m.id)).size !== n) throw new Error(`${messages.length} sends for ${n} rows`);
  return { ctx: s.ctx, fake, gatewayId: gw.id, campaignId: c.id, messages, achievedRate: n / (ms / 1000) };
}
