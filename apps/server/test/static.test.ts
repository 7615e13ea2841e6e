import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "../src/http/static";
import type { App } from "../src/http/types";

/** The web app after an upgrade: the shell is revalidated, hashed files are kept, a missing file is a 404. */

let dist: string;
let app: App;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "leadflow-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Leadflow</title>");
  writeFileSync(join(dist, "assets", "index-AbC123.js"), "console.log(1)");
  writeFileSync(join(dist, "favicon.svg"), "<svg/>");
  app = Fastify() as unknown as App;
  await registerWebApp(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: "GET", url });

describe("web app caching", () => {
  it.each(["/", "/leads", "/sources/3/7?page=2", "/settings/team"])("serves the shell at %s uncached", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps hashed assets for a year", async () => {
    const res = await get("/assets/index-AbC123.js");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("console.log(1)");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves a file added after start, with the same headers", async () => {
    writeFileSync(join(dist, "assets", "late-Zz9.css"), "body{}");
    const res = await get("/assets/late-Zz9.css");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("revalidates unhashed files", async () => {
    const res = await get("/favicon.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it.each(["/assets/index-Old999.js", "/assets/index-Old999.css", "/assets/nope", "/robots.txt", "/leads/app.js", "/assets/"])(
    "answers a missing file %s with 404, not the page",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).not.toMatch(/html/);
      expect(res.json()).toEqual({ message: "Not found." });
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );
});
