import { createPublicKey, type KeyObject, verify } from "node:crypto";
import { asRecord, stringField } from "../adapter-params";
import { headerOf } from "../callback-signing";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext } from "../send-types";
import { byErrorCode } from "./delivery-status";
import { callbackJson, hookEndpoint, parseUrl, verifySignedHook } from "./send-callback";

/*
 * Telnyx Messaging webhooks (API v2): JSON `{ data: { id, event_type, occurred_at, payload }, meta }` for
 * message.sent, message.finalized and message.received. Telnyx signs each with Ed25519 over
 * "{telnyx-timestamp}|{raw body}" (headers telnyx-signature-ed25519, base64, and telnyx-timestamp, Unix seconds),
 * verified with the account's public key (Mission Control → Keys & Credentials) when the gateway has it; a
 * timestamp more than five minutes off is refused (replays). Without the key, our own signature on the webhook URL
 * decides (the per-message `webhook_url`, or the profile's signed inbound/status URL).
 */

/** How far telnyx-timestamp may be from our clock, seconds (Telnyx's recommended replay window). */
export const TELNYX_TIMESTAMP_TOLERANCE_S = 300;

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; Telnyx hands out the bare 32-byte key in base64. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

export function telnyxPublicKey(base64: string): KeyObject {
  const raw = Buffer.from(base64.trim(), "base64");
  if (raw.length !== 32) throw new Error("The Telnyx Public Key must be the 32-byte Ed25519 key in base64 (44 characters).");
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
}

/** The final `to[].status` values of message.finalized, and message.sent's. */
const TelnyxStatuses: Record<string, DeliveryStatus> = {
  queued: "queued",
  sending: "queued",
  sent: "sent",
  delivered: "delivered",
  // The carrier gave no receipt: the message left Telnyx, which is all that is known.
  delivery_unconfirmed: "sent",
  delivery_failed: "failed",
  sending_failed: "failed",
  expired: "failed",
};

/** Delivery error codes (errors[].code) that say more than "failed" (Telnyx's messaging error reference). */
export const TelnyxErrorStatuses: Record<string, DeliveryStatus> = {
  "40001": "landline", // Not routable: a landline or non-routable number
  "40002": "blocked_by_carrier", // Blocked as spam (temporary)
  "40003": "blocked_by_carrier", // Blocked as spam (permanent)
  "40008": "undelivered", // Undeliverable
  "40300": "opted_out", // Blocked due to STOP message
};

export function parseTelnyxWebhook(req: CallbackRequest, ctx: SendContext, publicKey: KeyObject | null, now = Date.now()): CallbackResult {
  const endpoint = hookEndpoint(ctx, req.url);
  if (!endpoint) return { kind: "invalid", reason: "Not a Telnyx webhook address of this gateway." };
  const problem = publicKey
    ? ed25519Problem(req, publicKey, now)
    : verifySignedHook(ctx, req.url)
      ? null
      : "Our signature on the webhook URL does not verify.";
  if (problem) return { kind: "invalid", reason: problem };

  const data = asRecord(callbackJson(req)?.data);
  const payload = asRecord(data.payload);
  const eventId = stringField(data, "id");
  const type = stringField(data, "event_type");
  if (!eventId || !type) return { kind: "invalid", reason: "The webhook is not a Telnyx event." };
  const to = asRecord(Array.isArray(payload.to) ? payload.to[0] : undefined);
  const occurredAt = stringField(data, "occurred_at");

  if (type === "message.received") {
    const from = stringField(asRecord(payload.from), "phone_number") ?? "";
    return {
      kind: "inbound",
      messages: [
        { eventId, from, to: stringField(to, "phone_number") ?? "", body: stringField(payload, "text") ?? "", receivedAt: occurredAt },
      ],
    };
  }
  if (type !== "message.sent" && type !== "message.finalized")
    return { kind: "ignored", reason: `Telnyx event ${type} is not a delivery status.` };
  const raw = stringField(to, "status") ?? "";
  const base = TelnyxStatuses[raw];
  if (!base) return { kind: "ignored", reason: `Telnyx status "${raw}" is not a delivery status.` };
  const error = asRecord(Array.isArray(payload.errors) ? payload.errors[0] : undefined);
  const code = stringField(error, "code");
  const status = byErrorCode(base, code, TelnyxErrorStatuses);
  return {
    kind: "status",
    events: [
      {
        eventId,
        messageId: parseUrl(req.url)?.searchParams.get("m") ?? null,
        providerId: stringField(payload, "id"),
        status,
        errorCode: code,
        errorMessage: stringField(error, "detail") ?? stringField(error, "title"),
        occurredAt,
      },
    ],
  };
}

function ed25519Problem(req: CallbackRequest, key: KeyObject, now: number): string | null {
  const signature = headerOf(req.headers, "telnyx-signature-ed25519");
  const timestamp = headerOf(req.headers, "telnyx-timestamp");
  if (!signature || !timestamp) return "The webhook carries no Telnyx signature.";
  const at = Number(timestamp);
  if (!Number.isFinite(at) || Math.abs(now / 1000 - at) > TELNYX_TIMESTAMP_TOLERANCE_S) return "The Telnyx timestamp is too far from now.";
  const signed = Buffer.from(`${timestamp}|${req.rawBody}`, "utf8");
  const sig = Buffer.from(signature, "base64");
  return sig.length === 64 && verify(null, signed, key, sig) ? null : "The Telnyx signature does not match.";
}
