import type { HookAnswer, SandboxInboundResult, SimulateSandboxInbound } from "@leadflow/contracts";
import { normalizePhone } from "../contacts";
import { callbackSecretFor, loadGatewayForCallback } from "../gateways";
import {
  type CallbackRequest,
  type EmailSendAdapter,
  emailSendAdapterFor,
  type InboundMessage,
  type ProviderOptions,
  type SendContext,
  type SmsSendAdapter,
  sandboxInboundCallback,
  smsSendAdapterFor,
} from "../providers";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import type { DbOrTx } from "../shared/rows";
import { recordProviderEvents } from "./provider-events.service";

/*
 * The hook endpoints' one domain call: find the gateway the callback names (any team's: the endpoints are public
 * and the signature is the authorisation), let its send adapter verify and parse the callback with the gateway's
 * own secrets, and put what verified into the inbox. The sandbox's simulated reply goes through the same call.
 */

/** The callback addresses (`/hooks/{channel}/{gatewayId}/{endpoint}`). */
export type Hook = { channel: "sms"; endpoint: "status" | "inbound" } | { channel: "email"; endpoint: "status" | "sns" };

/** Where the hooks live and how adapters reach providers (SNS certificates, SubscribeURL). */
/** What replies did once stored: answers waiting to be sent, gateways whose dispatchers have new rows. */
export interface ReplyOutcome {
  answers: number;
  wake: number[];
  /** The inbox threads the replies moved, to tell their teams once committed. */
  conversations?: { teamId: number; id: number }[];
}

/**
 * Applies inbound replies in the transaction that stores them (the inbound feature's applyReplies, handed in by the
 * server): the inbox stays below the features that act on what it receives.
 */
export type ReplyApplier = (
  tx: DbOrTx,
  gw: { id: number; teamId: number | null; type: string },
  messages: readonly InboundMessage[],
) => Promise<ReplyOutcome>;

export interface HookEnv {
  publicUrl: string;
  providerOptions: ProviderOptions;
  /** Without it, replies are only stored (a provider event each). */
  applyReplies?: ReplyApplier;
  /** Told what the replies did once it is committed (the inbox's live events); never awaited. */
  repliesCommitted?: (replies: ReplyOutcome) => void;
}

export interface ReceivedCallback extends HookAnswer {
  /** What an inbound callback's replies did (answers to send, dispatchers to wake). */
  replies?: ReplyOutcome;
  /** A body the provider expects instead of the JSON answer (Twilio's TwiML for an inbound message). */
  reply?: { contentType: string; body: string };
}

/** Inbound answers by gateway type: Twilio reads the answer as TwiML, and an empty Response sends no reply. */
const InboundReplies: Partial<Record<string, { contentType: string; body: string }>> = {
  gateway1: { contentType: "text/xml", body: '<?xml version="1.0" encoding="UTF-8"?><Response/>' },
};

export async function receiveProviderCallback(
  db: DbOrTx,
  hook: Hook,
  gatewayId: number,
  request: CallbackRequest,
  env: HookEnv,
): Promise<ReceivedCallback> {
  const { gw, adapter } = await verifierOf(db, hook, gatewayId, env);
  const result = await adapter.parseCallback(request);
  if (result.kind === "invalid") throw new AppError("callback_invalid", `The callback was refused: ${result.reason}`);
  const inbox = { id: gw.id, teamId: gw.teamId };
  if (result.kind !== "inbound") {
    const { received, stored } = await recordProviderEvents(db, inbox, result);
    return { received, stored };
  }
  // Replies are applied before the answer (a STOP's suppression is committed when the provider hears back), in the
  // transaction that stores them; a repeat of the provider's message id finds its reply stored and applies nothing.
  const apply = env.applyReplies;
  const { recorded, replies } = await db.transaction(async (tx) => ({
    recorded: await recordProviderEvents(tx, inbox, result),
    replies: apply ? await apply(tx, gw, result.messages) : undefined,
  }));
  if (replies) env.repliesCommitted?.(replies);
  const reply = InboundReplies[gw.type];
  return { received: recorded.received, stored: recorded.stored, ...(replies ? { replies } : {}), ...(reply ? { reply } : {}) };
}

interface Verifier {
  gw: { id: number; teamId: number | null; type: string };
  adapter: SmsSendAdapter | EmailSendAdapter;
}

/**
 * A storm of callbacks for one gateway (B14: three times the send rate) would load and decrypt the gateway for each;
 * its verifying adapter is kept a few seconds instead, so a callback costs its verification and one insert. A gateway
 * changed or deleted is seen within that time. The load itself is shared: the callbacks that arrive while it runs
 * wait for it instead of each loading the gateway again.
 */
const VERIFIER_TTL_MS = 5_000;
const verifiers = new Map<string, { verifier: Promise<Verifier>; until: number }>();

function verifierOf(db: DbOrTx, hook: Hook, gatewayId: number, env: HookEnv): Promise<Verifier> {
  const key = `${hook.channel}:${gatewayId}:${env.publicUrl}`;
  const kept = verifiers.get(key);
  if (kept && kept.until > Date.now()) return kept.verifier;
  const verifier = loadVerifier(db, hook, gatewayId, env);
  verifiers.set(key, { verifier, until: Date.now() + VERIFIER_TTL_MS });
  // A load that failed (no such gateway, a database error) is not kept: the next callback tries again.
  verifier.catch(() => {
    if (verifiers.get(key)?.verifier === verifier) verifiers.delete(key);
  });
  return verifier;
}

async function loadVerifier(db: DbOrTx, hook: Hook, gatewayId: number, env: HookEnv): Promise<Verifier> {
  const gw = await loadGatewayForCallback(db, gatewayId);
  if (!gw || gw.kind !== hook.channel) throw new AppError("gateway_not_found");
  const ctx: SendContext = { gatewayId: gw.id, publicUrl: env.publicUrl, callbackSecret: await callbackSecretFor(db, gw.id) };
  try {
    const adapter =
      hook.channel === "sms"
        ? smsSendAdapterFor(gw.adapter, ctx, env.providerOptions)
        : emailSendAdapterFor(gw.adapter, ctx, env.providerOptions);
    return { gw: { id: gw.id, teamId: gw.teamId, type: gw.type }, adapter };
  } catch {
    // A type without a send adapter, or one whose required fields are gone: nothing can verify its callbacks.
    throw new AppError("callback_not_taken");
  }
}

function phoneOrError(field: "from" | "to", value: string): string {
  const phone = normalizePhone(value);
  if (!phone.ok) throw new AppError("sandbox_inbound_invalid", phone.message, { [field]: [phone.message] });
  return phone.e164;
}

/**
 * A reply as if a lead had texted one of the team's own sandbox SMS gateways: signed and posted to the same
 * verification and inbox as a provider's inbound callback (a platform gateway is shared, so nobody may fake
 * replies on it for everyone).
 */
export async function simulateSandboxInbound(
  db: DbOrTx,
  ctx: TeamCtx,
  gatewayId: number,
  input: SimulateSandboxInbound,
  env: HookEnv,
): Promise<SandboxInboundResult> {
  const gw = await loadGatewayForCallback(db, gatewayId);
  if (!gw || (gw.teamId !== null && gw.teamId !== ctx.teamId)) throw new AppError("gateway_not_found");
  if (gw.teamId === null || gw.kind !== "sms" || gw.type !== "sandbox") throw new AppError("sandbox_inbound_unavailable");
  const from = phoneOrError("from", input.from);
  const to = phoneOrError("to", input.to);
  const numbers = (gw.senders.numbers ?? []).flatMap((n) => (n.number ? [normalizePhone(n.number)] : []));
  const own = numbers.flatMap((n) => (n.ok ? [n.e164] : []));
  if (own.length > 0 && !own.includes(to)) {
    const message = `${to} is not one of this gateway's numbers.`;
    throw new AppError("sandbox_inbound_invalid", message, { to: [message] });
  }
  const callbackSecret = await callbackSecretFor(db, gw.id);
  const callback = sandboxInboundCallback({ gatewayId: gw.id, publicUrl: env.publicUrl, callbackSecret }, { from, to, body: input.body });
  const request: CallbackRequest = { method: "POST", url: callback.url, headers: callback.headers, rawBody: callback.body };
  await receiveProviderCallback(db, { channel: "sms", endpoint: "inbound" }, gw.id, request, env);
  return { message: `The reply from ${from} has been received.`, data: { event_id: callback.eventId, from, to } };
}
