import { callbackHmac, hookUrl, signedMessageId, verifyCallbackHmac } from "../callback-signing";
import type { CallbackRequest, SendContext } from "../send-types";

/*
 * Our callback addresses as the SMS send adapters use them, built on callback-signing.ts (the HMAC and the
 * per-message `?m=&sig=` status URL). Three shapes:
 *
 *   {publicUrl}/hooks/sms/{gatewayId}/status?m={messageId}&sig={hmac(messageId)}   per message (a URL per send)
 *   {publicUrl}/hooks/sms/{gatewayId}/status?sig={hmac("hook:status")}             the account's delivery-report URL
 *   {publicUrl}/hooks/sms/{gatewayId}/inbound?sig={hmac("hook:inbound")}           the account's inbound-message URL
 *
 * The last two are pasted into the provider's portal once (providers without a per-message URL: Teli, Commio;
 * inbound for MessageBird). Their signature names the endpoint, so one cannot be replayed against the other, and
 * "hook:…" can never equal a ledger id. A per-message signature proves the message id: a provider that knows one
 * URL can report on that one message only.
 */

export type HookEndpoint = "status" | "inbound";

const accountData = (endpoint: HookEndpoint) => `hook:${endpoint}`;

/** The account-level address of an endpoint, signed (for the provider's portal settings). */
export function signedHookUrl(ctx: SendContext, endpoint: HookEndpoint): string {
  return `${hookUrl(ctx, "sms", endpoint)}?${new URLSearchParams({ sig: callbackHmac(ctx.callbackSecret, accountData(endpoint)) })}`;
}

/** Which of this gateway's SMS endpoints a callback came to, or null for any other address. */
export function hookEndpoint(ctx: SendContext, url: string): HookEndpoint | null {
  const m = /\/hooks\/sms\/(\d+)\/(status|inbound)\/?$/.exec(parseUrl(url)?.pathname ?? "");
  return m && Number(m[1]) === ctx.gatewayId ? (m[2] as HookEndpoint) : null;
}

/**
 * Our signature on a callback address: the endpoint it proves and, for a per-message status URL, the ledger id.
 * null when the address is not this gateway's, unsigned, or the signature does not verify (timing-safe).
 */
export function verifySignedHook(ctx: SendContext, url: string): { endpoint: HookEndpoint; messageId: string | null } | null {
  const endpoint = hookEndpoint(ctx, url);
  const query = parseUrl(url)?.searchParams;
  if (!endpoint || !query || !ctx.callbackSecret) return null;
  if (query.has("m")) {
    const messageId = endpoint === "status" ? signedMessageId(ctx.callbackSecret, url) : null;
    return messageId ? { endpoint, messageId } : null;
  }
  return verifyCallbackHmac(ctx.callbackSecret, accountData(endpoint), query.get("sig")) ? { endpoint, messageId: null } : null;
}

/** The fields of a form-encoded body, or of the query string for providers that call back with GET. */
export function callbackFields(req: CallbackRequest): Record<string, string> {
  if (req.method.toUpperCase() === "GET") return Object.fromEntries(parseUrl(req.url)?.searchParams ?? []);
  return Object.fromEntries(new URLSearchParams(req.rawBody));
}

/** The JSON object of a callback body, or null when it is not one. */
export function callbackJson(req: CallbackRequest): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(req.rawBody);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A URL, or null when it does not parse. */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
