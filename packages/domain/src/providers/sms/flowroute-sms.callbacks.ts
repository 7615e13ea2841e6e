import { asRecord, stringField } from "../adapter-params";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext, StatusEvent } from "../send-types";
import { isFailure } from "./delivery-status";
import { callbackJson, verifySignedHook } from "./send-callback";

/*
 * Flowroute's callbacks are JSON:API documents posted to our addresses: a delivery receipt (`data.type`
 * "delivery_receipt", one per level: 1 = handed to the carrier's SMSC, 2 = what the carrier reported) at the
 * per-message `dlr_callback`, an inbound SMS (`data.type` "message") at the account's SMS callback URL. Flowroute
 * signs neither, so both addresses carry our `sig`.
 */

/** Flowroute's DLR `status` words → the engine's status. */
export const FlowrouteDlrStatuses: Record<string, DeliveryStatus> = {
  delivered: "delivered",
  "message delivered": "delivered",
  "smsc submit": "sent",
  "smsc intermediate notifications": "sent",
  "message buffered": "sent",
  accepted: "sent",
  enroute: "sent",
  sent: "sent",
  "smsc reject": "failed",
  "message failed": "failed",
  rejected: "failed",
  failed: "failed",
  undeliverable: "undelivered",
  undelivered: "undelivered",
  expired: "undelivered",
  "smsc expired": "undelivered",
  "message expired": "undelivered",
};

/**
 * Flowroute's `status_code`s are not published as a stable list, so a failure is refined by its
 * `status_code_description` (the carrier's words): these patterns, in order.
 */
const FailureWords: [RegExp, DeliveryStatus][] = [
  [/opt(?:ed)?[\s-]?out|unsubscribed|stop/i, "opted_out"],
  [/landline|not sms[\s-]?capable|non[\s-]?mobile/i, "landline"],
  [/spam|blocked|filter|blacklist|barred/i, "blocked_by_carrier"],
  [/unknown subscriber|absent subscriber|invalid (?:destination|number)|not in service|deactivated|unallocated/i, "inactive_device"],
];

function refine(base: DeliveryStatus, words: string | null): DeliveryStatus {
  if (!isFailure(base) || !words) return base;
  return FailureWords.find(([pattern]) => pattern.test(words))?.[1] ?? base;
}

const iso = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null);
const plus = (n: string) => `+${n.replace(/\D/g, "")}`;

function dlrEvent(data: Record<string, unknown>, messageId: string | null): StatusEvent | null {
  const attrs = asRecord(data.attributes);
  const id = stringField(data, "id");
  const raw = (stringField(attrs, "status") ?? "").toLowerCase();
  const base = FlowrouteDlrStatuses[raw];
  if (!id || !base) return null;
  const code = stringField(attrs, "status_code");
  const words = stringField(attrs, "status_code_description");
  const failed = isFailure(base);
  return {
    eventId: `${id}:${stringField(attrs, "level") ?? ""}:${raw}:${code ?? ""}`,
    messageId,
    providerId: id,
    status: refine(base, words),
    errorCode: failed ? code : null,
    errorMessage: failed ? words : null,
    occurredAt: iso(stringField(attrs, "timestamp")),
  };
}

export async function flowrouteCallback(ctx: SendContext, req: CallbackRequest): Promise<CallbackResult> {
  const signed = verifySignedHook(ctx, req.url);
  if (!signed) return { kind: "invalid", reason: "The callback address is not signed by us." };
  const data = asRecord(callbackJson(req)?.data);
  if (signed.endpoint === "inbound") {
    const attrs = asRecord(data.attributes);
    const id = stringField(data, "id");
    const from = stringField(attrs, "from");
    const to = stringField(attrs, "to");
    const body = typeof attrs.body === "string" ? attrs.body : null;
    if (!id || !from || !to || body === null) return { kind: "ignored", reason: "Not an inbound SMS." };
    return {
      kind: "inbound",
      messages: [{ eventId: `in:${id}`, from: plus(from), to: plus(to), body, receivedAt: iso(stringField(attrs, "timestamp")) }],
    };
  }
  const event = dlrEvent(data, signed.messageId);
  return event ? { kind: "status", events: [event] } : { kind: "ignored", reason: "Not a Flowroute delivery receipt." };
}
