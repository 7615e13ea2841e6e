import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Pusher's channel signature: hex HMAC-SHA256 of `socket_id:channel_name`, with `:channel_data` appended when the
 * subscription carries data (as presence channels do). pusher-js passes `channel_data` from the auth answer through.
 */
export function signSubscription(secret: string, socketId: string, channel: string, channelData?: string): string {
  const signed = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return createHmac("sha256", secret).update(signed).digest("hex");
}

/** The `auth` value pusher-js sends back in `pusher:subscribe`: `<key>:<signature>`. */
export function subscriptionAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  return `${key}:${signSubscription(secret, socketId, channel, channelData)}`;
}

export function verifySubscriptionAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== "string") return false;
  const expected = Buffer.from(subscriptionAuth(key, secret, socketId, channel, channelData));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The signed `channel_data` names the sign-in token that allowed the subscription, so the socket can be closed
 * when that token is revoked, and the user's team, so an event to the team reaches it: whichever process serves
 * the socket, not only the one that answered the authorisation.
 */
export function subscriptionChannelData(grant: { tokenId: number; teamId: number }): string {
  return JSON.stringify({ token_id: grant.tokenId, team_id: grant.teamId });
}

export function readChannelData(channelData: string | undefined): { tokenId: number | undefined; teamId: number | undefined } {
  let data: { token_id?: unknown; team_id?: unknown } = {};
  try {
    if (channelData !== undefined) data = JSON.parse(channelData) ?? {};
  } catch {
    // Unreadable data binds nothing.
  }
  return { tokenId: safeId(data.token_id), teamId: safeId(data.team_id) };
}

const safeId = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : undefined);
