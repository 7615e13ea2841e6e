import { randomInt } from "node:crypto";
import { userChannel } from "@leadflow/contracts";
import { isRevokedBy, type TokenRevocation } from "@leadflow/domain";
import type { RawData, WebSocket } from "ws";
import type { LiveEvent } from "./live-bus";
import { readChannelData, verifySubscriptionAuth } from "./pusher-auth";

/** The sockets this process serves, speaking the Pusher protocol (v7) as pusher-js expects it. */
export interface LiveHub {
  accept(socket: WebSocket, conn: { appKey: string; protocol?: string }): void;
  /** Sends an event to this process's sockets subscribed to the user's private channel, or to any team member's. */
  deliver(event: LiveEvent): void;
  /** Closes the sockets whose subscription a now revoked token authorised: their events stop at once. */
  revoke(revocation: TokenRevocation): void;
  /** Asks every client to reconnect (to another process, during a restart) and stops the heartbeat. */
  close(): void;
  stats(): { sockets: number; channels: number };
}

export interface LiveHubOptions {
  key: string;
  secret: string;
  /** Seconds of silence after which pusher-js sends `pusher:ping`; told to the client at connect. */
  activityTimeoutSeconds?: number;
  /** Every tick, a socket that showed no sign of life since the previous tick is dropped, the others pinged. */
  heartbeatMs?: number;
}

interface Client {
  socket: WebSocket;
  socketId: string;
  channels: Map<string, Subscription>;
  alive: boolean;
  windowStart: number;
  messages: number;
}

/**
 * What the signed channel_data of a subscription vouches for: the token that authorised it, and the team of the
 * channel's user. Either is missing when signed without it (by a process of an older version).
 */
interface Subscription {
  client: Client;
  channel: string;
  tokenId: number | undefined;
  teamId: number | undefined;
}

// Pusher close codes: 4001 unknown app, 4006/4007 bad protocol version, 4009 unauthorized (4000-4099: do not
// reconnect), 4100 over capacity (reconnect with backoff), 4200 generic reconnect (at once). WebSocket 1003/1007
// for frames we cannot read.
const MAX_CHANNEL_LENGTH = 200;
const MAX_CHANNELS_PER_SOCKET = 20;
const MESSAGE_WINDOW_MS = 10_000;
const MAX_MESSAGES_PER_WINDOW = 100;
/** A client that stopped reading gets dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export function createLiveHub(opts: LiveHubOptions): LiveHub {
  const channels = new Map<string, Set<Client>>();
  /** Team → the subscriptions to its members' channels. */
  const teams = new Map<number, Set<Subscription>>();
  const clients = new Set<Client>();
  let closed = false;
  const activityTimeout = opts.activityTimeoutSeconds ?? 120;

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, opts.heartbeatMs ?? 60_000);
  heartbeat.unref();

  function send(client: Client, message: object): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  }

  function refuseConnection(socket: WebSocket, code: number, message: string): void {
    socket.send(JSON.stringify({ event: "pusher:error", data: { code, message } }));
    socket.close(code, message);
  }

  function refuseSubscription(client: Client, channel: string, status: number, message: string): void {
    send(client, { event: "pusher:error", data: { code: status === 401 || status === 403 ? 4009 : null, message } });
    send(client, { event: "pusher:subscription_error", channel, data: { type: "AuthError", error: message, status } });
  }

  /** Why a subscription is refused, or nothing when it may go ahead. */
  function refusal(client: Client, channel: string, auth: unknown, channelData?: string): { status: number; message: string } | undefined {
    if (channel.length === 0 || channel.length > MAX_CHANNEL_LENGTH) return { status: 400, message: "Invalid channel name." };
    if (client.channels.has(channel)) return undefined;
    // Every channel we publish on is private: a public subscription would be a way to listen in.
    if (!channel.startsWith("private-")) return { status: 403, message: "Only private channels are served." };
    if (!verifySubscriptionAuth(opts.key, opts.secret, client.socketId, channel, auth, channelData)) {
      return { status: 401, message: "Invalid signature for this channel and socket." };
    }
    if (client.channels.size >= MAX_CHANNELS_PER_SOCKET) return { status: 403, message: "Too many subscriptions." };
    return undefined;
  }

  function subscribe(client: Client, data: Record<string, unknown>): void {
    const channel = typeof data.channel === "string" ? data.channel : "";
    const channelData = typeof data.channel_data === "string" ? data.channel_data : undefined;
    const refused = refusal(client, channel, data.auth, channelData);
    if (refused) {
      refuseSubscription(client, channel.slice(0, MAX_CHANNEL_LENGTH), refused.status, refused.message);
      return;
    }
    // A repeated subscribe is not verified again (see refusal): it keeps what was bound the first time.
    if (!client.channels.has(channel)) {
      const sub: Subscription = { client, channel, ...readChannelData(channelData) };
      client.channels.set(channel, sub);
      if (sub.teamId !== undefined) {
        let members = teams.get(sub.teamId);
        if (!members) teams.set(sub.teamId, (members = new Set()));
        members.add(sub);
      }
    }
    let subs = channels.get(channel);
    if (!subs) channels.set(channel, (subs = new Set()));
    subs.add(client);
    send(client, { event: "pusher_internal:subscription_succeeded", channel, data: "{}" });
  }

  function unsubscribe(client: Client, channel: unknown): void {
    const sub = typeof channel === "string" ? client.channels.get(channel) : undefined;
    if (!sub) return;
    client.channels.delete(sub.channel);
    if (sub.teamId !== undefined) {
      const members = teams.get(sub.teamId);
      members?.delete(sub);
      if (members?.size === 0) teams.delete(sub.teamId);
    }
    const subs = channels.get(sub.channel);
    subs?.delete(client);
    if (subs?.size === 0) channels.delete(sub.channel);
  }

  function sendEvent(client: Client, text: string): void {
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) client.socket.terminate();
    else if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }

  /** The message, or nothing when the socket was dropped for what it sent. */
  function read(client: Client, raw: RawData, isBinary: boolean): Record<string, unknown> | undefined {
    const now = Date.now();
    if (now - client.windowStart > MESSAGE_WINDOW_MS) {
      client.windowStart = now;
      client.messages = 0;
    }
    let problem: [number, string] | undefined;
    let message: unknown;
    if (++client.messages > MAX_MESSAGES_PER_WINDOW) problem = [4100, "Too many messages"];
    else if (isBinary) problem = [1003, "Binary frames are not supported"];
    else {
      try {
        message = JSON.parse(toText(raw));
        if (!isRecord(message) || typeof message.event !== "string") problem = [1007, "Invalid message"];
      } catch {
        problem = [1007, "Invalid JSON"];
      }
    }
    if (!problem) return message as Record<string, unknown>;
    client.socket.close(...problem);
    return undefined;
  }

  function onMessage(client: Client, raw: RawData, isBinary: boolean): void {
    client.alive = true;
    const message = read(client, raw, isBinary);
    if (!message) return;
    switch (message.event) {
      case "pusher:ping":
        send(client, { event: "pusher:pong", data: {} });
        break;
      case "pusher:subscribe":
        subscribe(client, dataOf(message.data));
        break;
      case "pusher:unsubscribe":
        unsubscribe(client, dataOf(message.data).channel);
        break;
      default:
      // pusher:pong, client-* events (not enabled here), pusher:signin (no user authentication): nothing to do.
    }
  }

  function serve(socket: WebSocket): void {
    const client: Client = {
      socket,
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      channels: new Map(),
      alive: true,
      windowStart: Date.now(),
      messages: 0,
    };
    clients.add(client);
    socket.on("message", (raw, isBinary) => onMessage(client, raw, isBinary));
    socket.on("pong", () => {
      client.alive = true;
    });
    socket.on("close", () => {
      clients.delete(client);
      for (const channel of [...client.channels.keys()]) unsubscribe(client, channel);
    });
    send(client, {
      event: "pusher:connection_established",
      data: JSON.stringify({ socket_id: client.socketId, activity_timeout: activityTimeout }),
    });
  }

  return {
    accept(socket, { appKey, protocol }) {
      const version = protocol === undefined ? 7 : Number(protocol);
      if (closed) refuseConnection(socket, 4200, "Server restarting");
      else if (appKey !== opts.key) refuseConnection(socket, 4001, `App key ${appKey.slice(0, 40)} does not exist.`);
      else if (!Number.isInteger(version)) refuseConnection(socket, 4006, "Invalid version string format.");
      else if (version < 5) refuseConnection(socket, 4007, "Unsupported protocol version.");
      else serve(socket);
    },

    deliver(event) {
      const data = JSON.stringify(event.payload);
      if (event.teamId !== undefined) {
        // Each member's socket gets the event on its own channel, as toUser would send it.
        for (const sub of teams.get(event.teamId) ?? []) {
          sendEvent(sub.client, JSON.stringify({ event: event.event, channel: sub.channel, data }));
        }
        return;
      }
      const channel = userChannel(event.userId);
      const subs = channels.get(channel);
      if (!subs) return;
      const text = JSON.stringify({ event: event.event, channel, data });
      for (const client of subs) sendEvent(client, text);
    },

    revoke(revocation) {
      const channel = userChannel(revocation.userId);
      for (const client of [...(channels.get(channel) ?? [])]) {
        const tokenId = client.channels.get(channel)?.tokenId;
        if (tokenId !== undefined && !isRevokedBy(revocation, revocation.userId, tokenId)) continue;
        unsubscribe(client, channel);
        // Unbound: "reconnect", so pusher-js subscribes again and the auth endpoint checks the token it holds.
        if (tokenId === undefined) client.socket.close(4200, "Authorize again");
        else refuseConnection(client.socket, 4009, "The sign-in of this connection has ended.");
      }
    },

    close() {
      closed = true;
      clearInterval(heartbeat);
      for (const client of clients) client.socket.close(4200, "Server restarting");
    },

    stats: () => ({ sockets: clients.size, channels: channels.size }),
  };
}

function toText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString("utf8");
  if (Array.isArray(raw)) return Buffer.concat(raw).toString("utf8");
  return Buffer.from(raw).toString("utf8");
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** pusher-js sends `data` as an object; some clients send it JSON-encoded. */
function dataOf(data: unknown): Record<string, unknown> {
  if (typeof data === "string") {
    try {
      const parsed: unknown = JSON.parse(data);
      return isRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return isRecord(data) ? data : {};
}
