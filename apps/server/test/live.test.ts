import type { AddressInfo } from "node:net";
import { type Database, openDb } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { ensureSecret } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import Pusher, { type Channel } from "pusher-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { loadConfig } from "../src/config";
import { buildApp } from "../src/http/app";
import { drain } from "../src/http/drain";
import type { App } from "../src/http/types";
import { createLiveBus, LIVE_NOTIFY_CHANNEL, type LiveBus, LiveEventTooLargeError } from "../src/live/live-bus";
import { createLiveHub } from "../src/live/live-hub";
import { signSubscription } from "../src/live/pusher-auth";
import { recordingJobs } from "./helpers";

let database: Database;
let app: App;
let bus: LiveBus;
let secret: string;
let port: number;
const config = loadConfig({
  LEADFLOW_DATA_DIR: "/tmp/leadflow-test",
  LEADFLOW_AUTH_RATE_LIMIT: "1000",
  LEADFLOW_LIVE_KEY: "live-test-key",
});
const clients: Pusher[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secret = await ensureSecret(database.db, "live_secret");
  bus = createLiveBus(database);
  ({ app } = await buildApp(
    { database, config, jobs: recordingJobs().sender, live: bus.publisher, liveSecret: secret },
    { serveWeb: false },
  ));
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const s of sockets) s.terminate();
  await app?.close();
  await database?.close();
});

function pusherFor(token: string | undefined, key = config.liveKey, wsPort = port): Pusher {
  const pusher = new Pusher(key, {
    cluster: "leadflow",
    wsHost: "127.0.0.1",
    wsPort,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/api/broadcasting/auth`,
      transport: "ajax",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  });
  clients.push(pusher);
  return pusher;
}

function subscribed(channel: Channel): Promise<"ok" | { status?: number; type?: string }> {
  return new Promise((resolve) => {
    channel.bind("pusher:subscription_succeeded", () => resolve("ok"));
    channel.bind("pusher:subscription_error", (e: { status?: number; type?: string }) => resolve(e));
  });
}

function nextEvent<T>(channel: Channel, event: string): Promise<T> {
  return new Promise((resolve) => channel.bind(event, (data: T) => resolve(data)));
}

/** A raw socket, to see exactly what the server says. */
async function rawSocket(key = config.liveKey, wsPort = port) {
  const ws = new WebSocket(`ws://127.0.0.1:${wsPort}/app/${key}?protocol=7&client=js&version=8.6.0`);
  sockets.push(ws);
  const messages: { event: string; channel?: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (raw) => {
    messages.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  async function next(event: string) {
    for (;;) {
      const found = messages.findIndex((m) => m.event === event);
      if (found >= 0) return messages.splice(found, 1)[0]!;
      await Promise.race([
        new Promise<void>((r) => waiters.push(r)),
        closed.then(() => Promise.reject(new Error(`closed before ${event}`))),
      ]);
    }
  }
  return { ws, messages, next, closed, send: (m: unknown) => ws.send(typeof m === "string" ? m : JSON.stringify(m)) };
}

/** A raw socket (on this app's port unless told), subscribed to the user's channel as pusher-js would be with `token`. */
async function subscribedSocket(userId: number, token: string, key = config.liveKey, wsPort = port) {
  const raw = await rawSocket(key, wsPort);
  const { socket_id } = await connected(raw);
  const channel = `private-user.${userId}`;
  const res = await app.inject({
    method: "POST",
    url: "/api/broadcasting/auth",
    headers: { authorization: `Bearer ${token}` },
    payload: { socket_id, channel_name: channel },
  });
  expect(res.statusCode).toBe(200);
  raw.send({ event: "pusher:subscribe", data: { channel, ...res.json() } });
  await raw.next("pusher_internal:subscription_succeeded");
  return raw;
}

/** What comes first on the socket: its close, or `event` (published after the revocation, so it must not). */
function closesBefore(raw: Awaited<ReturnType<typeof rawSocket>>, event: string): Promise<"closed" | "event"> {
  return Promise.race([
    raw.closed.then(() => "closed" as const),
    raw.next(event).then(
      () => "event" as const,
      () => "closed" as const,
    ),
  ]);
}

/**
 * The `UserMessage` texts the socket got before a marker sent to `userId` after them: NOTIFY keeps the order, so
 * a duplicate or a stray event would have arrived by then.
 */
async function messagesBeforeMarker(raw: Awaited<ReturnType<typeof rawSocket>>, userId: number) {
  const marker = `marker ${userId}`;
  await bus.publisher.toUser(userId, "UserMessage", { message: marker });
  const got: { channel?: string; message: string }[] = [];
  for (;;) {
    const m = await raw.next("UserMessage");
    const { message } = JSON.parse(m.data as string) as { message: string };
    if (message === marker) return got;
    got.push({ channel: m.channel, message });
  }
}

async function connected(raw: Awaited<ReturnType<typeof rawSocket>>) {
  const hello = await raw.next("pusher:connection_established");
  expect(typeof hello.data).toBe("string");
  return JSON.parse(hello.data as string) as { socket_id: string; activity_timeout: number };
}

describe("live channel", () => {
  it("delivers an event published through the bus to the user's pusher-js subscription", async () => {
    const { user, token } = await makeFactory(database).team();
    const pusher = pusherFor(token);
    const channel = pusher.subscribe(`private-user.${user.id}`);
    expect(await subscribed(channel)).toBe("ok");

    const received = nextEvent<{ message: string }>(channel, "UserMessage");
    await bus.publisher.toUser(user.id, "UserMessage", { message: "Hello" });
    expect(await received).toEqual({ message: "Hello" });
  });

  it("delivers a team event once to each member's socket, in every process, from one NOTIFY, and to no other team", async () => {
    const factory = makeFactory(database);
    const admin = await factory.team();
    const member = await factory.member(admin.ctx);
    const stranger = await factory.team();
    const { app: other } = await buildApp(
      { database, config, jobs: recordingJobs().sender, live: bus.publisher, liveSecret: secret },
      { serveWeb: false },
    );
    await other.listen({ port: 0, host: "127.0.0.1" });
    const otherPort = (other.server.address() as AddressInfo).port;
    try {
      // Every subscription is authorised by this app; the member's and one of the stranger's sockets live on the other.
      const adminHere = await subscribedSocket(admin.user.id, admin.token);
      const memberThere = await subscribedSocket(member.id, member.token, config.liveKey, otherPort);
      const strangerHere = await subscribedSocket(stranger.user.id, stranger.token);
      const strangerThere = await subscribedSocket(stranger.user.id, stranger.token, config.liveKey, otherPort);
      const pusher = pusherFor(member.token, config.liveKey, otherPort);
      const channel = pusher.subscribe(`private-user.${member.id}`);
      expect(await subscribed(channel)).toBe("ok");
      const viaPusherJs = nextEvent<{ message: string }>(channel, "UserMessage");

      const notify = vi.spyOn(database, "notify");
      try {
        await bus.publisher.toTeam(admin.ctx.teamId, "UserMessage", { message: "to the team" });
        expect(notify.mock.calls.filter(([name]) => name === LIVE_NOTIFY_CHANNEL)).toHaveLength(1);
      } finally {
        notify.mockRestore();
      }

      expect(await viaPusherJs).toEqual({ message: "to the team" });
      expect(await messagesBeforeMarker(adminHere, admin.user.id)).toEqual([
        { channel: `private-user.${admin.user.id}`, message: "to the team" },
      ]);
      expect(await messagesBeforeMarker(memberThere, member.id)).toEqual([
        { channel: `private-user.${member.id}`, message: "to the team" },
      ]);
      expect(await messagesBeforeMarker(strangerHere, stranger.user.id)).toEqual([]);
      expect(await messagesBeforeMarker(strangerThere, stranger.user.id)).toEqual([]);

      // An unsubscribed socket leaves the team too; the member's other socket, on the same process, still gets it.
      memberThere.send({ event: "pusher:unsubscribe", data: { channel: `private-user.${member.id}` } });
      memberThere.send({ event: "pusher:ping", data: {} });
      await memberThere.next("pusher:pong");
      const stillSubscribed = new Promise<void>((resolve) =>
        channel.bind("UserMessage", (m: { message: string }) => m.message === "after unsubscribe" && resolve()),
      );
      await bus.publisher.toTeam(admin.ctx.teamId, "UserMessage", { message: "after unsubscribe" });
      await stillSubscribed;
      // The hub had sent the event to every socket of that process before this pong.
      memberThere.send({ event: "pusher:ping", data: {} });
      await memberThere.next("pusher:pong");
      expect(memberThere.messages.filter((m) => m.event === "UserMessage")).toEqual([]);
      pusher.disconnect();
    } finally {
      await other.close();
    }
  });

  it("takes a socket's team only from channel_data the server signed", async () => {
    const me = await makeFactory(database).team();
    const other = await makeFactory(database).team();
    const raw = await rawSocket();
    const { socket_id } = await connected(raw);
    const channel = `private-user.${me.user.id}`;
    const res = await app.inject({
      method: "POST",
      url: "/api/broadcasting/auth",
      headers: { authorization: `Bearer ${me.token}` },
      payload: { socket_id, channel_name: channel },
    });
    const { auth, channel_data } = res.json() as { auth: string; channel_data: string };
    const claimed = JSON.stringify({ ...JSON.parse(channel_data), team_id: other.ctx.teamId });
    raw.send({ event: "pusher:subscribe", data: { channel, auth, channel_data: claimed } });
    expect(await raw.next("pusher:subscription_error")).toMatchObject({ channel, data: { status: 401 } });
  });

  it("refuses another user's channel: pusher-js gets subscription_error, the endpoint 403", async () => {
    const me = await makeFactory(database).team();
    const other = await makeFactory(database).team();
    const channel = pusherFor(me.token).subscribe(`private-user.${other.user.id}`);
    expect(await subscribed(channel)).toMatchObject({ type: "AuthError", status: 403 });

    const res = await app.inject({
      method: "POST",
      url: "/api/broadcasting/auth",
      headers: { authorization: `Bearer ${me.token}`, "content-type": "application/x-www-form-urlencoded" },
      payload: `socket_id=1.2&channel_name=private-user.${other.user.id}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it("signs the user's own channel, from form or JSON, and needs a token", async () => {
    const { user, token, ctx } = await makeFactory(database).team();
    const channel = `private-user.${user.id}`;
    const form = await app.inject({
      method: "POST",
      url: "/api/broadcasting/auth",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      payload: `socket_id=123.456&channel_name=${encodeURIComponent(channel)}`,
    });
    // The signature covers channel_data, which names the token (a revocation finds the socket by it) and the team
    // (an event to the team finds it).
    const channel_data = form.json().channel_data as string;
    expect(JSON.parse(channel_data)).toEqual({ token_id: expect.any(Number), team_id: ctx.teamId });
    expect(form.json()).toEqual({ auth: `${config.liveKey}:${signSubscription(secret, "123.456", channel, channel_data)}`, channel_data });
    const json = await app.inject({
      method: "POST",
      url: "/api/broadcasting/auth",
      headers: { authorization: `Bearer ${token}` },
      payload: { socket_id: "123.456", channel_name: channel },
    });
    expect(json.json()).toEqual(form.json());

    const anonymous = await app.inject({
      method: "POST",
      url: "/api/broadcasting/auth",
      payload: { socket_id: "1.2", channel_name: channel },
    });
    expect(anonymous.statusCode).toBe(401);
    const badSocket = await app.inject({
      method: "POST",
      url: "/api/broadcasting/auth",
      headers: { authorization: `Bearer ${token}` },
      payload: { socket_id: "abc", channel_name: channel },
    });
    expect(badSocket.statusCode).toBe(422);
  });

  it("closes a blocked user's sockets at once, and pusher-js does not reconnect", async () => {
    const admin = await makeFactory(database).team();
    const member = await makeFactory(database).member(admin.ctx);
    const pusher = pusherFor(member.token);
    const channel = pusher.subscribe(`private-user.${member.id}`);
    expect(await subscribed(channel)).toBe("ok");
    const gaveUp = new Promise<void>((resolve) => pusher.connection.bind("disconnected", resolve));
    const raw = await subscribedSocket(member.id, member.token);
    // Signed without channel_data (by a process of the previous version): it must authorise again.
    const unbound = await rawSocket();
    const unboundId = (await connected(unbound)).socket_id;
    const name = `private-user.${member.id}`;
    unbound.send({
      event: "pusher:subscribe",
      data: { channel: name, auth: `${config.liveKey}:${signSubscription(secret, unboundId, name)}` },
    });
    await unbound.next("pusher_internal:subscription_succeeded");
    const bystander = await subscribedSocket(admin.user.id, admin.token);

    const blocked = await app.inject({
      method: "PUT",
      url: `/api/team/users/${member.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { blocked: true },
    });
    expect(blocked.statusCode).toBe(200);
    // Published after the block: it must find the socket closed, not deliver.
    await bus.publisher.toUser(member.id, "UserMessage", { message: "after the block" });
    expect(await closesBefore(raw, "UserMessage")).toBe("closed");
    expect(await closesBefore(unbound, "UserMessage")).toBe("closed");

    expect(await raw.closed).toEqual({ code: 4009, reason: "The sign-in of this connection has ended." });
    expect(raw.messages.find((m) => m.event === "pusher:error")?.data).toMatchObject({ code: 4009 });
    expect((await unbound.closed).code).toBe(4200);
    await gaveUp; // 4009 is in pusher-js's "do not reconnect" range
    const again = await app.inject({
      method: "POST",
      url: "/api/broadcasting/auth",
      headers: { authorization: `Bearer ${member.token}` },
      payload: { socket_id: "1.2", channel_name: name },
    });
    expect(again.statusCode).toBe(401);
    // Another user's socket is untouched.
    await bus.publisher.toUser(admin.user.id, "UserMessage", { message: "still here" });
    expect(JSON.parse((await bystander.next("UserMessage")).data as string)).toEqual({ message: "still here" });
  });

  it("logout and a password change close only the sockets of the tokens they end, in every process", async () => {
    const { user, email, password, token: first } = await makeFactory(database).team();
    const signIn = await app.inject({ method: "POST", url: "/api/signin", payload: { email, password } });
    const second = signIn.json().access_token as string;
    const { app: other } = await buildApp(
      { database, config, jobs: recordingJobs().sender, live: bus.publisher, liveSecret: secret },
      { serveWeb: false },
    );
    await other.listen({ port: 0, host: "127.0.0.1" });
    try {
      const firstHere = await subscribedSocket(user.id, first);
      const firstThere = await subscribedSocket(user.id, first, config.liveKey, (other.server.address() as AddressInfo).port);
      const secondHere = await subscribedSocket(user.id, second);

      const changed = await app.inject({
        method: "POST",
        url: `/api/user/${user.id}/password/change`,
        headers: { authorization: `Bearer ${second}` },
        payload: { current_password: password, password: "Changed#2026", password_confirmation: "Changed#2026" },
      });
      expect(changed.statusCode).toBe(200);
      await bus.publisher.toUser(user.id, "UserMessage", { message: "after the change" });
      expect(await closesBefore(firstHere, "UserMessage")).toBe("closed");
      expect(await closesBefore(firstThere, "UserMessage")).toBe("closed");
      expect((await firstHere.closed).code).toBe(4009);
      expect((await firstThere.closed).code).toBe(4009);
      // The session that changed the password keeps its socket and its events.
      expect(JSON.parse((await secondHere.next("UserMessage")).data as string)).toEqual({ message: "after the change" });

      const out = await app.inject({ method: "POST", url: "/api/logout", headers: { authorization: `Bearer ${second}` } });
      expect(out.statusCode).toBe(200);
      await bus.publisher.toUser(user.id, "UserMessage", { message: "after the logout" });
      expect(await closesBefore(secondHere, "UserMessage")).toBe("closed");
      expect((await secondHere.closed).code).toBe(4009);
    } finally {
      await other.close();
    }
  });

  it("tells a socket that connects after the hub closed to reconnect elsewhere", async () => {
    const hub = createLiveHub({ key: "k", secret });
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    wss.on("connection", (socket) => hub.accept(socket, { appKey: "k" }));
    await new Promise((r) => wss.once("listening", r));
    hub.close();
    const late = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/app/k`);
    const closed = new Promise<number>((resolve) => late.on("close", resolve));
    try {
      const first = await new Promise<string>((resolve) => late.once("message", (m) => resolve(String(m))));
      expect(JSON.parse(first)).toEqual({ event: "pusher:error", data: { code: 4200, message: "Server restarting" } });
      expect(await closed).toBe(4200);
    } finally {
      late.terminate();
      wss.close();
    }
  });

  it("refuses an unknown app key with pusher:error 4001 and closes", async () => {
    const raw = await rawSocket("wrong-key");
    const error = await raw.next("pusher:error");
    expect(error.data).toMatchObject({ code: 4001 });
    expect((await raw.closed).code).toBe(4001);

    const pusher = pusherFor(undefined, "wrong-key");
    const refused = new Promise<{ error?: { data?: { code?: number } } }>((resolve) => pusher.connection.bind("error", resolve));
    const gaveUp = new Promise<void>((resolve) => pusher.connection.bind("disconnected", resolve));
    expect((await refused).error?.data?.code).toBe(4001);
    await gaveUp; // 4001 is in the "do not reconnect" range
  });

  it("speaks the protocol: handshake, ping, subscription by signature only, unsubscribe", async () => {
    const { user } = await makeFactory(database).team();
    const raw = await rawSocket();
    const { socket_id, activity_timeout } = await connected(raw);
    expect(socket_id).toMatch(/^\d+\.\d+$/);
    expect(activity_timeout).toBe(120);

    raw.send({ event: "pusher:ping", data: {} });
    await raw.next("pusher:pong");

    const channel = `private-user.${user.id}`;
    // A signature for another socket, a missing one, and a public channel are all refused.
    raw.send({ event: "pusher:subscribe", data: { channel, auth: `${config.liveKey}:${signSubscription(secret, "1.1", channel)}` } });
    expect(await raw.next("pusher:subscription_error")).toMatchObject({ channel, data: { status: 401 } });
    raw.send({ event: "pusher:subscribe", data: { channel } });
    expect(await raw.next("pusher:subscription_error")).toMatchObject({ channel, data: { status: 401 } });
    raw.send({ event: "pusher:subscribe", data: { channel: "announcements" } });
    expect(await raw.next("pusher:subscription_error")).toMatchObject({ channel: "announcements", data: { status: 403 } });
    // A properly subscribed witness sees the event; by then this socket would have had it too.
    const witness = await rawSocket();
    const witnessId = (await connected(witness)).socket_id;
    witness.send({
      event: "pusher:subscribe",
      data: { channel, auth: `${config.liveKey}:${signSubscription(secret, witnessId, channel)}` },
    });
    await witness.next("pusher_internal:subscription_succeeded");
    await bus.publisher.toUser(user.id, "UserMessage", { message: "not for you" });
    await witness.next("UserMessage");

    raw.send({ event: "client-typing", channel, data: {} }); // client events are ignored, not relayed
    raw.send({ event: "pusher:subscribe", data: { channel, auth: `${config.liveKey}:${signSubscription(secret, socket_id, channel)}` } });
    expect(await raw.next("pusher_internal:subscription_succeeded")).toEqual({
      event: "pusher_internal:subscription_succeeded",
      channel,
      data: "{}",
    });

    await bus.publisher.toUser(user.id, "ImportStatus", { type: "csv", client_original_name: "a.csv", processed: 1, current: 1, total: 2 });
    const event = await raw.next("ImportStatus");
    expect(event.channel).toBe(channel);
    expect(JSON.parse(event.data as string)).toEqual({ type: "csv", client_original_name: "a.csv", processed: 1, current: 1, total: 2 });
    expect(raw.messages.filter((m) => m.event === "UserMessage")).toEqual([]);

    raw.send({ event: "pusher:unsubscribe", data: { channel } });
    raw.send({ event: "pusher:ping", data: {} });
    await raw.next("pusher:pong"); // the unsubscribe was handled before this
    await bus.publisher.toUser(user.id, "UserMessage", { message: "after unsubscribe" });
    await witness.next("UserMessage");
    expect(raw.messages.filter((m) => m.event === "UserMessage")).toEqual([]);
  });

  it("drops sockets that send garbage or oversized frames", async () => {
    const garbage = await rawSocket();
    await connected(garbage);
    garbage.send("{not json");
    expect((await garbage.closed).code).toBe(1007);

    const huge = await rawSocket();
    await connected(huge);
    huge.send({ event: "pusher:ping", data: { pad: "x".repeat(70 * 1024) } });
    expect((await huge.closed).code).toBe(1009);
  });

  it("drops a socket that stops answering pings, keeps one that answers", async () => {
    // The heartbeat ticks when the test says: a real 100 ms tick on a busy machine can come round again before a
    // pong already on its way is read, and drop the socket that answered.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const hub = createLiveHub({ key: "k", secret, heartbeatMs: 100 });
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    const pongs: (() => void)[] = [];
    let serverClosed!: () => void;
    const closedAtServer = new Promise<void>((r) => (serverClosed = r));
    wss.on("connection", (socket) => {
      hub.accept(socket, { appKey: "k" });
      // Registered after the hub's own listeners: when these run, the hub has already seen the pong or the close.
      socket.on("pong", () => pongs.shift()?.());
      socket.on("close", () => serverClosed());
    });
    const tick = async () => {
      const pong = new Promise<void>((r) => pongs.push(r));
      vi.advanceTimersByTime(100);
      await pong;
    };
    await new Promise((r) => wss.once("listening", r));
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/app/k`;
    const dead = new WebSocket(url, { autoPong: false });
    const alive = new WebSocket(url);
    try {
      const deadClosed = new Promise<number>((resolve) => dead.on("close", resolve));
      await Promise.all([dead, alive].map((ws) => new Promise((r) => ws.once("message", r))));
      expect(hub.stats().sockets).toBe(2);
      // First tick: both are pinged, only one answers. Second: the silent one is dropped.
      await tick();
      await tick();
      await closedAtServer;
      expect(await deadClosed).toBe(1006); // terminated, no close handshake
      await tick();
      expect(alive.readyState).toBe(WebSocket.OPEN);
      expect(hub.stats().sockets).toBe(1);
    } finally {
      hub.close();
      vi.useRealTimers();
      alive.terminate();
      wss.close();
    }
  });

  it("on drain, closes every socket with 4200 so pusher-js reconnects (to another process)", async () => {
    const { user, token } = await makeFactory(database).team();
    const { app: other } = await buildApp(
      { database, config, jobs: recordingJobs().sender, live: bus.publisher, liveSecret: secret },
      { serveWeb: false },
    );
    await other.listen({ port: 0, host: "127.0.0.1" });
    const otherPort = (other.server.address() as AddressInfo).port;
    const raw = new WebSocket(`ws://127.0.0.1:${otherPort}/app/${config.liveKey}?protocol=7`);
    sockets.push(raw);
    const rawClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      raw.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await new Promise((r) => raw.once("message", r));

    const pusher = pusherFor(token, config.liveKey, otherPort);
    expect(await subscribed(pusher.subscribe(`private-user.${user.id}`))).toBe("ok");
    const states: string[] = [];
    const reconnecting = new Promise<void>((resolve) =>
      pusher.connection.bind("state_change", ({ current }: { current: string }) => {
        states.push(current);
        if (current === "connecting") resolve();
      }),
    );

    await drain(other);
    expect(await rawClosed).toEqual({ code: 4200, reason: "Server restarting" });
    await reconnecting; // 4200-4299: "reconnect immediately"; 4000-4099 would leave it disconnected
    expect(states[0]).toBe("connecting");
    pusher.disconnect();
  });

  it("validates payloads and refuses ones too big for NOTIFY", async () => {
    await expect(bus.publisher.toUser(1, "UserMessage", { message: 42 } as never)).rejects.toThrow();
    await expect(bus.publisher.toUser(1, "UserMessage", { message: "x".repeat(9000) })).rejects.toBeInstanceOf(LiveEventTooLargeError);
    await expect(bus.publisher.toTeam(0, "UserMessage", { message: "no team" })).rejects.toThrow(/invalid team id/);
    await expect(bus.publisher.toTeam(1, "UserMessage", { message: "x".repeat(9000) })).rejects.toBeInstanceOf(LiveEventTooLargeError);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("fans out: an event published by another process reaches this one's socket", async () => {
    const { user, token, ctx } = await makeFactory(database).team();
    const channel = pusherFor(token).subscribe(`private-user.${user.id}`);
    expect(await subscribed(channel)).toBe("ok");

    const other = await openDb({ databaseUrl: database.pool!.options.connectionString!, poolSize: 1 });
    try {
      const received = nextEvent<{ message: string }>(channel, "UserMessage");
      await createLiveBus(other).publisher.toUser(user.id, "UserMessage", { message: "from a worker" });
      expect(await received).toEqual({ message: "from a worker" });
      const toTeam = nextEvent<{ message: string }>(channel, "UserMessage");
      await createLiveBus(other).publisher.toTeam(ctx.teamId, "UserMessage", { message: "to the team from a worker" });
      expect(await toTeam).toEqual({ message: "to the team from a worker" });
    } finally {
      await other.close();
    }
  });
});
