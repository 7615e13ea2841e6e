import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { buildApp } from "../src/http/app";
import type { App } from "../src/http/types";
import { type LogSettings, processLog } from "../src/log";
import { recordingJobs, recordingLive } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The app with its log captured, a route that fails on our side, and a request of each kind answered. */
async function requestsLogged(settings: LogSettings): Promise<string[]> {
  const lines: string[] = [];
  const config = loadConfig({ LEADFLOW_DATA_DIR: "/tmp/leadflow-test" });
  const { app } = (await buildApp(
    { database, config, jobs: recordingJobs().sender, live: recordingLive().publisher, liveSecret: "test-secret" },
    { serveWeb: false, logger: { settings, write: (line) => lines.push(line) } },
  )) as { app: App };
  app.get("/api/test-fails", { config: { public: true } }, async () => {
    throw new Error("the disk is full");
  });
  await app.ready();
  try {
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/no-such-route" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/import/lead?api_key=secret-key" })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await app.inject({ method: "GET", url: "/api/test-fails?token=abc" })).statusCode).toBe(500);
  } finally {
    await app.close();
  }
  return lines;
}

describe("the request log", () => {
  it("is quiet by default for the embedded start: one readable line per failure, none for answered requests", async () => {
    const lines = await requestsLogged({ format: "pretty", level: "warn" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d ERROR request failed: the disk is full\n$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d ERROR GET \/api\/test-fails\?token=\[redacted\] 500 \d+ ms\n$/);
  });

  it("at info, writes one line for every request (a client's 4xx is information), keys redacted", async () => {
    const lines = await requestsLogged({ format: "pretty", level: "info" });
    const requests = lines.filter((l) => / \d{3} \d+ ms\n$/.test(l));
    expect(requests.map((l) => l.slice(9).replace(/ \d+ ms\n$/, ""))).toEqual([
      "INFO  GET /api/health 200",
      "INFO  GET /api/no-such-route 404",
      expect.stringMatching(/^INFO {2}GET \/api\/import\/lead\?api_key=\[redacted\] 4\d\d$/),
      "ERROR GET /api/test-fails?token=[redacted] 500",
    ]);
  });

  it("in JSON, is Fastify's own: an incoming and a completed line per request", async () => {
    const lines = await requestsLogged({ format: "json", level: "info" });
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    expect(entries.filter((e) => e.msg === "incoming request")).toHaveLength(4);
    expect(entries.filter((e) => e.msg === "request completed").map((e) => e.res?.statusCode)).toEqual([200, 404, expect.any(Number), 500]);
    expect(entries.some((e) => e.req?.url.includes("secret-key"))).toBe(false);
  });
});

describe("the jobs' log", () => {
  it("shows failures as warnings and hides the rest in the quiet default", () => {
    const lines: string[] = [];
    const log = processLog({ format: "pretty", level: "warn" }, (line) => lines.push(line));
    log("dispatcher of gateway 3: idle");
    log("export 12 failed: the bucket is gone");
    log.warn("job queue warning: slow query", { ms: 2100 });
    expect(lines.map((l) => l.slice(9))).toEqual([
      "WARN  export 12 failed: the bucket is gone\n",
      'WARN  job queue warning: slow query {"ms":2100}\n',
    ]);
    const json: string[] = [];
    processLog({ format: "json", level: "info" }, (line) => json.push(line))("dispatcher of gateway 3: idle");
    expect(json).toEqual(["[leadflow] dispatcher of gateway 3: idle\n"]);
  });
});
