import { once } from "node:events";
import { Agent, get as httpGet, type IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";
import { PassThrough } from "node:stream";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { buildApp } from "../src/http/app";
import { drain } from "../src/http/drain";
import type { App } from "../src/http/types";
import { recordingJobs, recordingLive } from "./helpers";

/** SIGTERM under load: in-flight requests finish, idle connections close, nobody gets Fastify's default 503. */

let database: Database;
let app: App;
let port: number;
let release!: () => void;
const gate = new Promise<void>((resolve) => {
  release = resolve;
});
const seen: string[] = [];
const idleAgent = new Agent({ keepAlive: true, maxSockets: 3 });
const busyAgent = new Agent({ keepAlive: true, maxSockets: 2 });
const onSeen: (() => void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ LEADFLOW_DATA_DIR: "/tmp/leadflow-test" });
  ({ app } = await buildApp(
    { database, config, jobs: recordingJobs().sender, live: recordingLive().publisher, liveSecret: "test-secret" },
    { serveWeb: false },
  ));
  const open = { config: { public: true } };
  app.get("/api/test/fast", open, async () => ({ ok: true }));
  app.get("/api/test/slow", open, async () => {
    await gate;
    return { ok: true };
  });
  // Its headers (keep-alive) leave before the drain; the body ends after.
  app.get("/api/test/stream", open, (_req, reply) => {
    const body = new PassThrough();
    body.write("first,");
    void gate.then(() => body.end("last"));
    return reply.type("text/plain").send(body);
  });
  app.server.on("request", (req: { url?: string }) => {
    seen.push(req.url ?? "");
    for (const wake of onSeen.splice(0)) wake();
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});

afterAll(async () => {
  release();
  idleAgent.destroy();
  busyAgent.destroy();
  await app?.close();
  await database?.close();
});

async function until(check: () => boolean, wait: (wake: () => void) => void): Promise<void> {
  while (!check()) await new Promise<void>((resolve) => wait(resolve));
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}
function get(agent: Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpGet({ host: "127.0.0.1", port, path, agent }, (res) => {
      const socket = res.socket; // released to the agent, and unset here, once the answer ends
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socket }));
    }).on("error", reject);
  });
}

/** A connection spoken by hand, to pipeline a request behind one whose answer has begun. */
function rawConnection() {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  const waiters: (() => void)[] = [];
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = once(socket, "close").then(() => text);
  const request = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: leadflow.test\r\n\r\n`);
  const received = (part: string) =>
    until(
      () => text.includes(part),
      (wake) => waiters.push(wake),
    );
  return { request, received, closed };
}

describe("drain", () => {
  it("finishes requests in flight with Connection: close, closes idle connections, answers late ones with the API's 503", async () => {
    const warm = await Promise.all([1, 2, 3].map(() => get(idleAgent, "/api/test/fast")));
    const idle = new Set(warm.map((a) => a.socket));
    expect(idle.size).toBe(3);
    expect(warm.every((a) => a.headers.connection === "keep-alive")).toBe(true);
    const idleClosed = Promise.all([...idle].map((s) => once(s, "close")));

    const inFlight = [get(busyAgent, "/api/test/slow"), get(busyAgent, "/api/test/slow")];
    const raw = rawConnection();
    raw.request("/api/test/stream");
    await raw.received("first,");
    const quiet = rawConnection(); // asks nothing more once its answer has begun
    quiet.request("/api/test/stream");
    await quiet.received("first,");
    await until(
      () => seen.filter((u) => u === "/api/test/slow").length === 2,
      (wake) => onSeen.push(wake),
    );

    const drained = drain(app);
    await idleClosed; // at once: the requests in flight are still held

    raw.request("/api/test/fast?late");
    await until(
      () => seen.includes("/api/test/fast?late"),
      (wake) => onSeen.push(wake),
    );
    release();

    for (const answer of await Promise.all(inFlight)) {
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body)).toEqual({ ok: true });
    }
    const text = await raw.closed;
    expect(text).not.toContain('"error":"Service Unavailable"');
    const [streamed, late] = text.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(streamed).toMatch(/^HTTP\/1\.1 200 /);
    expect(streamed).toContain("last");
    expect(late).toMatch(/^HTTP\/1\.1 503 /);
    expect(late).toMatch(/\r\nconnection: close\r\n/i);
    expect(late).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(late!.slice(late!.indexOf("\r\n\r\n") + 4))).toEqual({ message: expect.stringMatching(/restarting/) });

    // Its answer promised keep-alive before the drain: the connection closes once the answer is done.
    expect(await quiet.closed).toMatch(/last/);
    await drained;
    expect(app.server.listening).toBe(false);
  });
});
