import { createHmac, timingSafeEqual } from "node:crypto";

/** Pusher's private-channel signature: hex HMAC-SHA256 of `socket_id:channel_name`. */
export function signSubscription(secret: string, socketId: string, channel: string): string {
  return createHmac("sha256", secret).update(`${socketId}:${channel}`).digest("hex");
}

/** The `auth` value pusher-js sends back in `pusher:subscribe`: `<key>:<signature>`. */
export function subscriptionAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${signSubscription(secret, socketId, channel)}`;
}

export function verifySubscriptionAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== "string") return false;
  const expected = Buffer.from(subscriptionAuth(key, secret, socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
