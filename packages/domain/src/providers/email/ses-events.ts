import { asRecord, stringField } from "../adapter-params";
import { verifyCallbackHmac } from "../callback-signing";
import type { CallbackResult, DeliveryStatus, StatusEvent } from "../send-types";
import type { SnsMessage } from "./sns-verify";

/*
 * SES event publishing (a configuration set's SNS event destination) to the ledger's statuses. The SNS signature
 * proves AWS sent the notification, not that it is about our message: anyone can publish SES-shaped events on a
 * topic of their own. So the message id travels in a mail tag with our HMAC beside it (`leadflow-sig`), and an
 * event whose tag does not verify is refused.
 */

/** The mail tags the SES adapter sets on every message. */
export const SES_MESSAGE_TAG = "leadflow-message";
export const SES_SIG_TAG = "leadflow-sig";

type Mapped = Pick<StatusEvent, "status" | "errorCode" | "errorMessage" | "occurredAt">;

const mapped = (
  status: DeliveryStatus,
  detail: Record<string, unknown>,
  errorCode: string | null = null,
  errorMessage: string | null = null,
) => ({
  status,
  errorCode,
  errorMessage,
  occurredAt: stringField(detail, "timestamp"),
});

function bounce(event: Record<string, unknown>): Mapped {
  const b = asRecord(event.bounce);
  const type = stringField(b, "bounceType") ?? "Undetermined";
  const sub = stringField(b, "bounceSubType");
  const recipients = Array.isArray(b.bouncedRecipients) ? b.bouncedRecipients : [];
  const diagnostic = stringField(asRecord(recipients[0]), "diagnosticCode");
  // A Transient bounce is SES giving up after its own retries (mailbox full, message too large): this message
  // failed, but the address is not known bad, so it is not a bounce that suppresses it.
  return mapped(type === "Permanent" ? "bounced" : "failed", b, sub ? `${type}:${sub}` : type, diagnostic);
}

/** One SES event (by `eventType`, or `notificationType` for identity notifications) as a status; null: not used. */
export function mapSesEvent(event: Record<string, unknown>): Mapped | null {
  const type = stringField(event, "eventType") ?? stringField(event, "notificationType");
  switch (type) {
    case "Bounce":
      return bounce(event);
    case "Complaint": {
      const c = asRecord(event.complaint);
      return mapped("complained", c, stringField(c, "complaintFeedbackType"));
    }
    case "Delivery":
      return mapped("delivered", asRecord(event.delivery));
    case "Send":
      return mapped("sent", asRecord(event.mail));
    case "Open":
      return mapped("opened", asRecord(event.open));
    case "Click":
      return mapped("clicked", asRecord(event.click));
    case "Reject":
      return mapped("failed", asRecord(event.mail), "Reject", stringField(asRecord(event.reject), "reason"));
    case "Rendering Failure":
      return mapped("failed", asRecord(event.mail), "RenderingFailure", stringField(asRecord(event.failure), "errorMessage"));
    default:
      // DeliveryDelay (SES is still trying), Subscription (list management) and anything new.
      return null;
  }
}

function firstTag(mail: Record<string, unknown>, name: string): string | null {
  const values = asRecord(mail.tags)[name];
  return Array.isArray(values) && typeof values[0] === "string" ? values[0] : null;
}

/** A verified SNS Notification carrying an SES event, as callback events; the SNS MessageId dedupes redeliveries. */
export function sesNotification(msg: SnsMessage, callbackSecret: string): CallbackResult {
  let event: Record<string, unknown>;
  try {
    event = asRecord(JSON.parse(msg.Message));
  } catch {
    return { kind: "ignored", reason: "The notification does not carry an SES event." };
  }
  const mail = asRecord(event.mail);
  const messageId = firstTag(mail, SES_MESSAGE_TAG);
  if (!messageId) return { kind: "ignored", reason: "The notification is about a message Leadflow did not send." };
  if (!verifyCallbackHmac(callbackSecret, messageId, firstTag(mail, SES_SIG_TAG))) {
    return { kind: "invalid", reason: "The message tag's signature does not match." };
  }
  const status = mapSesEvent(event);
  if (!status) return { kind: "ignored", reason: `SES ${stringField(event, "eventType") ?? "unknown"} events are not used.` };
  return { kind: "status", events: [{ eventId: msg.MessageId, messageId, providerId: stringField(mail, "messageId"), ...status }] };
}
