import twilio from "twilio";
import { headerOf } from "../callback-signing";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext } from "../send-types";
import { byErrorCode } from "./delivery-status";
import { callbackFields, hookEndpoint, parseUrl } from "./send-callback";

/*
 * Twilio's status callbacks (the `StatusCallback` of each send) and inbound messages (the number's or Messaging
 * Service's "A message comes in" webhook, set to …/hooks/sms/{gatewayId}/inbound). Both are form posts signed with
 * X-Twilio-Signature: HMAC-SHA1 of the full URL plus the sorted POST fields, keyed by the Auth Token; checked with
 * the SDK's own `validateRequest` before anything is read. The ledger id is the `m` of our status URL (Twilio
 * signed the URL, query included).
 */

/** Twilio's MessageStatus values, ranked into ours. `received`/`receiving` belong to inbound messages. */
const TwilioStatuses: Record<string, DeliveryStatus> = {
  accepted: "queued",
  scheduled: "queued",
  queued: "queued",
  sending: "queued",
  sent: "sent",
  delivered: "delivered",
  read: "delivered",
  partially_delivered: "delivered",
  undelivered: "undelivered",
  failed: "failed",
  canceled: "failed",
};

/** Error codes that say more than "failed" (docs/sending.md); the engine turns them into rules and suppressions. */
export const TwilioErrorStatuses: Record<string, DeliveryStatus> = {
  "30003": "inactive_device", // Unreachable destination handset
  "30005": "inactive_device", // Unknown destination handset
  "30004": "blocked_by_carrier", // Message blocked (by the recipient or the carrier)
  "30007": "blocked_by_carrier", // Message filtered by the carrier
  "30006": "landline", // Landline or unreachable carrier
  "21610": "opted_out", // Attempt to send to an unsubscribed recipient
};

/** A Twilio MessageStatus and ErrorCode as our delivery status; null for a status that is not one (inbound). */
export function twilioStatusOf(raw: string, code: string | null): DeliveryStatus | null {
  const base = TwilioStatuses[raw.toLowerCase()];
  return base ? byErrorCode(base, code, TwilioErrorStatuses) : null;
}

export function parseTwilioCallback(req: CallbackRequest, ctx: SendContext, accountSid: string, authToken: string): CallbackResult {
  const endpoint = hookEndpoint(ctx, req.url);
  if (!endpoint) return { kind: "invalid", reason: "Not a Twilio callback address of this gateway." };
  const signature = headerOf(req.headers, "x-twilio-signature");
  if (!signature) return { kind: "invalid", reason: "The callback carries no X-Twilio-Signature." };
  const fields = callbackFields(req);
  if (!twilio.validateRequest(authToken, signature, req.url, fields)) {
    return { kind: "invalid", reason: "The X-Twilio-Signature does not match." };
  }
  if (fields.AccountSid && fields.AccountSid !== accountSid)
    return { kind: "invalid", reason: "The callback is for another Twilio account." };
  const sid = fields.MessageSid ?? fields.SmsSid;
  if (!sid) return { kind: "ignored", reason: "The callback names no message." };

  if (endpoint === "inbound") {
    return {
      kind: "inbound",
      messages: [{ eventId: sid, from: fields.From ?? "", to: fields.To ?? "", body: fields.Body ?? "", receivedAt: null }],
    };
  }
  const raw = (fields.MessageStatus ?? fields.SmsStatus ?? "").toLowerCase();
  const code = fields.ErrorCode || null;
  const status = twilioStatusOf(raw, code);
  if (!status) return { kind: "ignored", reason: `Twilio status "${raw}" is not a delivery status.` };
  return {
    kind: "status",
    events: [
      {
        // Twilio sends no event id; one status of one message is one event, however often it is posted.
        eventId: `${sid}:${raw}`,
        messageId: parseUrl(req.url)?.searchParams.get("m") ?? null,
        providerId: sid,
        status,
        providerStatus: raw,
        errorCode: code,
        errorMessage: fields.ErrorMessage || null,
        occurredAt: null,
      },
    ],
  };
}
