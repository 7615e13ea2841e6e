import { senderOptionsOf } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { CampaignRecord } from "../../../campaigns";
import { callbackSecretFor, loadGatewayForRun, type RunGateway } from "../../../gateways";
import { emailSendAdapterFor, type ProviderOptions, type SendContext, smsSendAdapterFor } from "../../../providers";
import type { TeamCtx } from "../../../shared/context";
import { AppError } from "../../../shared/errors";
import { type DbOrTx, one } from "../../../shared/rows";

/*
 * The sender a test goes out through: the campaign's own, as the engine will use it — a gateway with its messaging
 * service or first number, a route's default sender, or a pool's first sender — and the send adapter of that
 * gateway's type with the context its callbacks need.
 */

/** Where adapters post callbacks from and how they reach providers (deployment settings, not user input). */
export interface SendEnv {
  publicUrl: string;
  providerOptions: ProviderOptions;
  /** Wakes the gateway's dispatcher, which sends the test (the one door out). */
  wake: (gatewayId: number) => Promise<void>;
  /** How long the request waits for the provider's answer (20 s). */
  waitMs?: number;
}

export interface TestSmsSender {
  gatewayId: number;
  from: string;
  senderKind: "number" | "pool";
}

const cannotSend = (why: string) => new AppError("campaign_test_no_sender", `The campaign's sender cannot send: ${why}.`);

async function sendContext(db: DbOrTx, gw: RunGateway, env: SendEnv): Promise<SendContext> {
  return { gatewayId: gw.id, publicUrl: env.publicUrl, callbackSecret: await callbackSecretFor(db, gw.id) };
}

async function usableGateway(db: DbOrTx, ctx: TeamCtx, id: number | null, kind: "sms" | "email"): Promise<RunGateway> {
  const gw = id === null ? null : await loadGatewayForRun(db, ctx.teamId, id);
  if (!gw || gw.kind !== kind) throw cannotSend("its gateway is not set or no longer exists");
  if (!gw.active) throw cannotSend(`the gateway "${gw.name}" is inactive`);
  return gw;
}

/** A route's or pool's stored sender: a number or alpha id (`phone`) or a provider-side pool. */
interface StoredSender {
  gateway_id: number;
  sender_type: string;
  sender: string;
}

export async function storedSender(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord): Promise<StoredSender | undefined> {
  if (c.sender_type === "route")
    return one<StoredSender>(
      db,
      sql`SELECT gateway_id, sender_type, sender FROM campaign_routes WHERE team_id = ${ctx.teamId} AND id = ${c.route_id ?? -1}`,
    );
  return one<StoredSender>(
    db,
    sql`SELECT gateway_id, sender_type, sender FROM campaign_pool_senders
        WHERE team_id = ${ctx.teamId} AND pool_id = ${c.pool_id ?? -1} ORDER BY id LIMIT 1`,
  );
}

export async function testSmsSender(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord, env: SendEnv): Promise<TestSmsSender> {
  let gatewayId: number | null;
  let from: string | undefined;
  let senderKind: "number" | "pool" = "number";
  if (c.sender_type === "gateway") {
    gatewayId = c.gateway_id;
  } else {
    const s = await storedSender(db, ctx, c);
    if (!s) throw cannotSend(c.sender_type === "route" ? "its route was not found" : "its pool has no sender");
    gatewayId = s.gateway_id;
    from = s.sender;
    senderKind = s.sender_type === "pool" ? "pool" : "number";
  }
  const gw = await usableGateway(db, ctx, gatewayId, "sms");
  if (c.sender_type === "gateway") {
    // A messaging service chosen on the campaign lets the provider pick the number; else the gateway's first number.
    if (c.ms_sid) [from, senderKind] = [c.ms_sid, "pool"];
    else from = senderOptionsOf(gw.type, gw.senders).from[0]?.key;
  }
  if (!from) throw cannotSend(`the gateway "${gw.name}" has no number to send from`);
  try {
    // Built only to know the provider can be reached as configured: the dispatcher sends.
    smsSendAdapterFor(gw.adapter, await sendContext(db, gw, env), env.providerOptions);
    return { gatewayId: gw.id, from, senderKind };
  } catch (e) {
    throw cannotSend(e instanceof Error ? e.message.replace(/\.$/, "") : "its provider is not available");
  }
}

export async function testEmailSender(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord, env: SendEnv): Promise<{ gatewayId: number }> {
  const gw = await usableGateway(db, ctx, c.gateway_id, "email");
  try {
    emailSendAdapterFor(gw.adapter, await sendContext(db, gw, env), env.providerOptions);
    return { gatewayId: gw.id };
  } catch (e) {
    throw cannotSend(e instanceof Error ? e.message.replace(/\.$/, "") : "its provider is not available");
  }
}
