import { createHmac, timingSafeEqual } from "node:crypto";
import { stringField } from "../adapter-params";
import { headerOf } from "../callback-signing";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext } from "../send-types";
import { callbackJson, hookEndpoint, verifySignedHook } from "./send-callback";

/*
 * Callbacks of the generic HTTP interface (docs/providers.md, "HTTP (generic)"): JSON posted by the partner to
 * our status and inbound addresses. With a signing secret the partner signs each body like we sign ours
 * (`X-Leadflow-Signature: sha256=<hex HMAC-SHA256 of the raw body>`); without one, the address's own `sig` is the proof.
 */

/** `sha256=` + hex HMAC-SHA256 of the exact body bytes. */
export function genericSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export function verifyGenericSignature(secret: string, body: string, given: string | undefined): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(given?.trim() ?? "");
  if (!m) return false;
  const want = Buffer.from(genericSignature(secret, body).slice("sha256=".length), "hex");
  return timingSafeEqual(want, Buffer.from(m[1]!, "hex"));
}

/** The interface's status words → the engine's. */
export const GenericStatuses: Record<string, DeliveryStatus> = {
  queued: "queued",
  sent: "sent",
  delivered: "delivered",
  undelivered: "undelivered",
  failed: "failed",
  blocked: "blocked_by_carrier",
  inactive: "inactive_device",
  landline: "landline",
  opted_out: "opted_out",
};

const iso = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null);

export async function genericHttpCallback(ctx: SendContext, secret: string | null, req: CallbackRequest): Promise<CallbackResult> {
  const endpoint = hookEndpoint(ctx, req.url);
  if (!endpoint) return { kind: "invalid", reason: "Not this gateway's callback address." };
  let urlMessageId: string | null = null;
  if (secret) {
    if (!verifyGenericSignature(secret, req.rawBody, headerOf(req.headers, "x-leadflow-signature"))) {
      return { kind: "invalid", reason: "The X-Leadflow-Signature header does not verify." };
    }
    urlMessageId = verifySignedHook(ctx, req.url)?.messageId ?? null;
  } else {
    const signed = verifySignedHook(ctx, req.url);
    if (!signed || signed.endpoint !== endpoint) return { kind: "invalid", reason: "The callback address is not signed by us." };
    urlMessageId = signed.messageId;
  }
  const body = callbackJson(req);
  if (!body) return { kind: "invalid", reason: "The callback body is not a JSON object." };
  const id = stringField(body, "id");
  if (endpoint === "inbound") {
    const from = stringField(body, "from");
    const to = stringField(body, "to");
    const text = typeof body.text === "string" ? body.text : null;
    if (!id || !from || !to || text === null) return { kind: "invalid", reason: "An inbound message needs id, from, to and text." };
    return { kind: "inbound", messages: [{ eventId: `in:${id}`, from, to, body: text, receivedAt: iso(stringField(body, "timestamp")) }] };
  }
  const raw = (stringField(body, "status") ?? "").toLowerCase();
  const status = GenericStatuses[raw];
  if (!id || !status) return { kind: "invalid", reason: `A status callback needs id and a known status, got "${raw}".` };
  return {
    kind: "status",
    events: [
      {
        eventId: stringField(body, "event_id") ?? `${id}:${raw}`,
        // Our signed URL names the message; with the partner's signature, its `message_id` (which it signs) does.
        messageId: urlMessageId ?? stringField(body, "message_id"),
        providerId: id,
        status,
        errorCode: stringField(body, "error_code"),
        errorMessage: stringField(body, "error_message"),
        occurredAt: iso(stringField(body, "timestamp")),
      },
    ],
  };
}
