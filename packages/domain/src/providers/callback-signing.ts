import { createHmac, timingSafeEqual } from "node:crypto";
import type { SendContext } from "./send-types";

/*
 * Our own signatures for callbacks, with the gateway's callback secret (SendContext.callbackSecret, derived per
 * gateway from the installation's key): the `sig` on status-callback URLs of providers that sign nothing, the
 * tag beside the message id in SES mail tags, and the sandbox's body signature. Verification is timing-safe.
 */

/** HMAC-SHA256 of `data` with the gateway's callback secret, hex. */
export function callbackHmac(secret: string, data: string): string {
  return createHmac("sha256", secret).update(data, "utf8").digest("hex");
}

/** Whether `given` is the HMAC of `data`; a missing or malformed value is simply false. */
export function verifyCallbackHmac(secret: string, data: string, given: string | null | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(callbackHmac(secret, data), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

/** The app's callback address of a gateway: `${publicUrl}/hooks/{channel}/{gatewayId}/{endpoint}`. */
export function hookUrl(ctx: SendContext, channel: "sms" | "email", endpoint: "status" | "inbound" | "sns"): string {
  return `${ctx.publicUrl.replace(/\/+$/, "")}/hooks/${channel}/${ctx.gatewayId}/${endpoint}`;
}

/**
 * The per-message status-callback URL for providers that sign nothing: the ledger id and our HMAC over it, so a
 * forged callback cannot name a message. `m` and `sig` are read back with `signedMessageId`.
 */
export function signedStatusUrl(ctx: SendContext, messageId: string): string {
  const query = new URLSearchParams({ m: messageId, sig: callbackHmac(ctx.callbackSecret, messageId) });
  return `${hookUrl(ctx, "sms", "status")}?${query}`;
}

/** The message id of a signed status-callback URL, or null when it is absent or its `sig` does not verify. */
export function signedMessageId(secret: string, url: string): string | null {
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    return null;
  }
  const messageId = query.get("m");
  return messageId && verifyCallbackHmac(secret, messageId, query.get("sig")) ? messageId : null;
}

/** One header value of a callback request (node gives repeated headers as arrays). */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
