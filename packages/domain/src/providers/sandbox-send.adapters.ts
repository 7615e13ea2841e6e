import { randomUUID } from "node:crypto";
import { callbackHmac, headerOf, hookUrl, verifyCallbackHmac } from "./callback-signing";
import type { DelayedCallback, ProviderOptions } from "./provider-types";
import { SANDBOX_CONNECTION } from "./sandbox.adapters";
import { sharedSandboxCallbacks } from "./sandbox-callbacks";
import type {
  CallbackRequest,
  CallbackResult,
  DeliveryStatus,
  EmailSendFactory,
  SendContext,
  SenderOption,
  SendOutcome,
  SmsSendAdapter,
  SmsSendFactory,
  StatusEvent,
} from "./send-types";
import { configuredNumbers } from "./sms/configured-senders";

/*
 * The built-in `sandbox` senders (sms and email): every send is accepted at once; a little later the outcome the
 * recipient decides (docs/providers.md, "Sandbox senders") is posted to the app's own hook endpoint, signed with the
 * gateway's callback secret like a provider signs its callbacks, so it is verified, stored in the inbox and applied
 * exactly like a real provider's. Status callbacks are JSON; inbound replies are form-encoded, as Twilio posts them.
 */

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

interface Outcome {
  status: DeliveryStatus;
  /** The provider's own word the sandbox plays (Twilio's MessageStatus): what the billing rule reads. */
  providerStatus: string;
  errorCode: string | null;
  errorMessage: string | null;
}

const delivered: Outcome = { status: "delivered", providerStatus: "delivered", errorCode: null, errorMessage: null };

/**
 * SMS outcome by the recipient's last digit; codes, words and statuses as Twilio reports them: 30008 as "failed"
 * (never left Twilio), the carrier's refusals as "undelivered" (attempted, so billed).
 */
export const SandboxSmsOutcomes: Record<string, Outcome> = {
  "0": delivered,
  "1": delivered,
  "2": delivered,
  "3": delivered,
  "4": delivered,
  "5": delivered,
  "6": { status: "failed", providerStatus: "failed", errorCode: "30008", errorMessage: "Unknown error" },
  "7": { status: "inactive_device", providerStatus: "undelivered", errorCode: "30003", errorMessage: "Unreachable destination handset" },
  "8": { status: "blocked_by_carrier", providerStatus: "undelivered", errorCode: "30007", errorMessage: "Message filtered by the carrier" },
  "9": { status: "landline", providerStatus: "undelivered", errorCode: "30006", errorMessage: "Landline or unreachable carrier" },
};

export function sandboxSmsOutcome(to: string): Outcome {
  return SandboxSmsOutcomes[to.replace(/\D/g, "").slice(-1)] ?? delivered;
}

/** Email outcome by the recipient's local part (case-insensitive); bounce wins over complaint. */
export function sandboxEmailOutcome(to: string): Outcome {
  const local = to.slice(0, Math.max(0, to.lastIndexOf("@"))).toLowerCase();
  if (local.includes("bounce"))
    return { status: "bounced", providerStatus: "Bounce", errorCode: "Permanent:General", errorMessage: "smtp; 550 5.1.1 user unknown" };
  if (local.includes("complaint")) return { status: "complained", providerStatus: "Complaint", errorCode: "abuse", errorMessage: null };
  return delivered;
}

/** The address the email sandbox offers as a sender, and its domain. */
export const SANDBOX_EMAIL_DOMAIN = "sandbox.leadflow.test";
export const SANDBOX_EMAIL_SENDER = `campaigns@${SANDBOX_EMAIL_DOMAIN}`;

/** The JSON body of a sandbox status callback. */
interface SandboxStatusBody {
  event_id: string;
  message_id: string;
  provider_id: string;
  status: DeliveryStatus;
  provider_status: string;
  error_code: string | null;
  error_message: string | null;
  occurred_at: string;
}

const STATUSES = new Set<string>([
  "sent",
  "delivered",
  "failed",
  "inactive_device",
  "blocked_by_carrier",
  "landline",
  "bounced",
  "complained",
]);

function signedCallback(ctx: SendContext, url: string, body: string, contentType: string, what: string): DelayedCallback {
  return { url, body, what, headers: { "content-type": contentType, [SANDBOX_SIGNATURE_HEADER]: callbackHmac(ctx.callbackSecret, body) } };
}

function statusCallback(ctx: SendContext, channel: "sms" | "email", messageId: string, providerId: string, outcome: Outcome) {
  const body: SandboxStatusBody = {
    event_id: `${providerId}:${outcome.status}`,
    message_id: messageId,
    provider_id: providerId,
    status: outcome.status,
    provider_status: outcome.providerStatus,
    error_code: outcome.errorCode,
    error_message: outcome.errorMessage,
    occurred_at: new Date().toISOString(),
  };
  return signedCallback(
    ctx,
    hookUrl(ctx, channel, "status"),
    JSON.stringify(body),
    "application/json",
    `message ${messageId}: ${outcome.status}`,
  );
}

/** A signed inbound reply as the sandbox posts it to `/hooks/sms/{id}/inbound` (the simulated reply builds one). */
export function sandboxInboundCallback(
  ctx: SendContext,
  reply: { from: string; to: string; body: string },
): DelayedCallback & { eventId: string } {
  const eventId = `sbx_in_${randomUUID().replace(/-/g, "")}`;
  const body = new URLSearchParams({
    MessageSid: eventId,
    From: reply.from,
    To: reply.to,
    Body: reply.body,
    ReceivedAt: new Date().toISOString(),
  });
  const url = hookUrl(ctx, "sms", "inbound");
  return { ...signedCallback(ctx, url, body.toString(), "application/x-www-form-urlencoded", `reply ${eventId}`), eventId };
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

function parseStatus(raw: string): CallbackResult {
  let json: Partial<Record<keyof SandboxStatusBody, unknown>>;
  try {
    json = JSON.parse(raw) as typeof json;
  } catch {
    return { kind: "invalid", reason: "The body is not JSON." };
  }
  const eventId = str(json.event_id);
  const status = str(json.status);
  if (!eventId || !status || !STATUSES.has(status)) return { kind: "invalid", reason: "The body is not a sandbox status callback." };
  const event: StatusEvent = {
    eventId,
    messageId: str(json.message_id),
    providerId: str(json.provider_id),
    status: status as DeliveryStatus,
    providerStatus: str(json.provider_status),
    errorCode: str(json.error_code),
    errorMessage: str(json.error_message),
    occurredAt: str(json.occurred_at),
  };
  return { kind: "status", events: [event] };
}

function parseInbound(raw: string): CallbackResult {
  const form = new URLSearchParams(raw);
  const [eventId, from, to, body] = [form.get("MessageSid"), form.get("From"), form.get("To"), form.get("Body")];
  if (!eventId || !from || !to || body === null) return { kind: "invalid", reason: "The body is not a sandbox inbound message." };
  return { kind: "inbound", messages: [{ eventId, from, to, body, receivedAt: form.get("ReceivedAt") }] };
}

/** Verifies the body signature, then reads a status (JSON) or, on the inbound endpoint, a reply (form). */
async function parseSandboxCallback(ctx: SendContext, req: CallbackRequest): Promise<CallbackResult> {
  if (req.method !== "POST") return { kind: "invalid", reason: "The sandbox posts its callbacks." };
  if (!verifyCallbackHmac(ctx.callbackSecret, req.rawBody, headerOf(req.headers, SANDBOX_SIGNATURE_HEADER))) {
    return { kind: "invalid", reason: "The sandbox signature does not match." };
  }
  const inbound = new URL(req.url, "http://x").pathname.endsWith("/inbound");
  return inbound ? parseInbound(req.rawBody) : parseStatus(req.rawBody);
}

/**
 * The sandbox's simulated list prices, a US carrier's SMS part and an SES email: no money reaches a provider, but a
 * demo campaign shows what the same messages would cost through a real gateway.
 */
export const SANDBOX_SMS_UNIT_COST = 0.0079;
export const SANDBOX_EMAIL_UNIT_COST = 0.0001;

const newProviderId = () => `sbx_${randomUUID().replace(/-/g, "")}`;

/**
 * A sandbox sender of either channel: every send is taken at once and its outcome (`outcomeOf` the recipient) is
 * scheduled as a signed status callback. The queue is looked up on send: an adapter built only to verify a callback
 * or test the connection schedules nothing.
 */
function sandboxSender(
  ctx: SendContext,
  opts: ProviderOptions,
  channel: "sms" | "email",
  outcomeOf: (to: string) => Outcome,
  senders: SenderOption[],
): Omit<SmsSendAdapter, "send"> & { send(req: { messageId: string; to: string }): Promise<SendOutcome> } {
  const queue = () => opts.sandboxCallbacks ?? sharedSandboxCallbacks();
  return {
    unitCost: channel === "sms" ? SANDBOX_SMS_UNIT_COST : SANDBOX_EMAIL_UNIT_COST,
    async send(req) {
      const providerId = newProviderId();
      queue().schedule(statusCallback(ctx, channel, req.messageId, providerId, outcomeOf(req.to)));
      // No price in the answer: the ledger prices the parts at `unitCost`, as for a provider that answers none.
      return { kind: "accepted", providerId };
    },
    parseCallback: (req) => parseSandboxCallback(ctx, req),
    // The sandbox keeps no record of its sends: a message it answered has the outcome its recipient decides; of one
    // whose answer was lost (its process died mid-call) it cannot say whether it took it — never "no", which would
    // send it again — so the message waits for the one-day close.
    lookup: async (q) => {
      if (!q.providerId) throw new Error("The sandbox keeps no record of a message whose answer was lost.");
      const o = outcomeOf(q.to);
      return {
        providerId: q.providerId,
        status: o.status,
        raw: o.status,
        providerStatus: o.providerStatus,
        errorCode: o.errorCode,
        errorMessage: o.errorMessage,
      };
    },
    senderOptions: async () => [...senders],
    testConnection: async () => SANDBOX_CONNECTION,
  };
}

export const sandboxSmsSendAdapter: SmsSendFactory = (_params, ctx, opts = {}, senders = {}) =>
  sandboxSender(ctx, opts, "sms", sandboxSmsOutcome, configuredNumbers(senders.numbers));

export const sandboxEmailSendAdapter: EmailSendFactory = (_params, ctx, opts = {}) =>
  sandboxSender(ctx, opts, "email", sandboxEmailOutcome, [
    { kind: "address", key: SANDBOX_EMAIL_SENDER, label: SANDBOX_EMAIL_SENDER },
    { kind: "domain", key: SANDBOX_EMAIL_DOMAIN, label: `Any address at ${SANDBOX_EMAIL_DOMAIN}` },
  ]);
