import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext } from "../send-types";
import type { CommioAccount } from "./commio-accounts";
import { toE164 } from "./commio-accounts";
import { callbackFields, verifySignedHook } from "./send-callback";

/*
 * thinQ's account-level notifications, both form posts to the URLs set in the thinQ portal (Messaging → Message
 * Settings): "Delivery Confirmation URL" = our signed status URL, fields guid, account_id, source_did,
 * destination_did, timestamp, send_status, status (SMPP: DELIVRD, UNDELIV, EXPIRED, …) and error; "Inbound Message
 * URL" = our signed inbound URL, fields from, to, type (sms|mms) and message. thinQ signs nothing, so our signature
 * on the URL decides, and a confirmation naming an account the gateway does not have is refused as well.
 */

const CommioStatuses: Record<string, DeliveryStatus> = {
  ACCEPTD: "sent",
  ENROUTE: "sent",
  DELIVRD: "delivered",
  UNDELIV: "undelivered",
  EXPIRED: "failed",
  DELETED: "failed",
  REJECTD: "failed",
  UNKNOWN: "failed",
};

export function parseCommioCallback(req: CallbackRequest, ctx: SendContext, accounts: readonly CommioAccount[]): CallbackResult {
  const hook = verifySignedHook(ctx, req.url);
  if (!hook) return { kind: "invalid", reason: "Our signature on the Commio callback URL does not verify." };
  const f = callbackFields(req);
  if (f.account_id && !accounts.some((a) => a.accountId === f.account_id))
    return { kind: "invalid", reason: "The callback names an account this gateway does not have." };

  if (hook.endpoint === "inbound") {
    if (!f.from || !f.to) return { kind: "ignored", reason: "The inbound message names no numbers." };
    // thinQ gives inbound messages no id: the same text from the same number to the same DID dedupes into one.
    const eventId = `${f.from}:${f.to}:${f.timestamp ?? ""}:${f.message ?? ""}`;
    return {
      kind: "inbound",
      messages: [
        {
          eventId,
          from: toE164(f.from),
          to: toE164(f.to),
          body: f.type === "mms" ? "" : (f.message ?? ""),
          receivedAt: f.timestamp || null,
        },
      ],
    };
  }
  const raw = (f.status ?? "").toUpperCase();
  const status = CommioStatuses[raw] ?? (f.send_status?.toLowerCase() === "delivered" ? "delivered" : undefined);
  if (!f.guid || !status) return { kind: "ignored", reason: `Commio status "${f.status ?? ""}" is not a delivery status.` };
  const code = f.error && f.error !== "000" ? f.error : null;
  return {
    kind: "status",
    events: [
      {
        eventId: `${f.guid}:${raw}`,
        messageId: hook.messageId,
        providerId: f.guid,
        status,
        errorCode: code,
        errorMessage: f.send_status || null,
        occurredAt: f.timestamp || null,
      },
    ],
  };
}
