import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "../src/config";
import { resolveLogSettings } from "../src/log";

describe("TRUST_PROXY", () => {
  it("reads yes/no words and the proxies' addresses", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(" ")).toBe(false);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("On")).toBe(true);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("no")).toBe(false);
    // An address is the proxy to trust, not a "no" (it was read as false once, and every click came from the proxy).
    expect(parseTrustProxy("127.0.0.1")).toBe("127.0.0.1");
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.1")).toBe("10.0.0.0/8, 192.168.1.1");
  });
});

describe("LEADFLOW_WORKER_NICE", () => {
  it("is 10 by default, 0 turns it off, and a value outside 0–19 keeps the default", () => {
    expect(loadConfig({}).workerNice).toBe(10);
    expect(loadConfig({ LEADFLOW_WORKER_NICE: "0" }).workerNice).toBe(0);
    expect(loadConfig({ LEADFLOW_WORKER_NICE: "5" }).workerNice).toBe(5);
    expect(loadConfig({ LEADFLOW_WORKER_NICE: "25" }).workerNice).toBe(10);
    expect(loadConfig({ LEADFLOW_WORKER_NICE: "-5" }).workerNice).toBe(10);
  });
});

describe("LOG_FORMAT and LOG_LEVEL", () => {
  it("are read in any case, unset when empty, and stop the start when they name nothing known", () => {
    expect(loadConfig({})).toMatchObject({ logFormat: undefined, logLevel: undefined });
    expect(loadConfig({ LOG_FORMAT: " JSON ", LOG_LEVEL: "Debug" })).toMatchObject({ logFormat: "json", logLevel: "debug" });
    expect(loadConfig({ LOG_FORMAT: "", LOG_LEVEL: " " })).toMatchObject({ logFormat: undefined, logLevel: undefined });
    expect(() => loadConfig({ LOG_LEVEL: "verbose" })).toThrow('LOG_LEVEL must be one of debug, info, warn, error, got "verbose".');
    expect(() => loadConfig({ LOG_FORMAT: "text" })).toThrow('LOG_FORMAT must be one of pretty, json, got "text".');
  });

  it("default to readable warnings for the embedded start and to JSON at info in server mode; each overrides", () => {
    const settings = (env: Record<string, string>, role: "start" | "api" | "worker") => resolveLogSettings(loadConfig(env), role);
    expect(settings({}, "start")).toEqual({ format: "pretty", level: "warn" });
    expect(settings({ DATABASE_URL: "postgres://db/leadflow" }, "start")).toEqual({ format: "json", level: "info" });
    expect(settings({ DATABASE_URL: "postgres://db/leadflow" }, "api")).toEqual({ format: "json", level: "info" });
    expect(settings({ DATABASE_URL: "postgres://db/leadflow" }, "worker")).toEqual({ format: "json", level: "info" });
    expect(settings({ LOG_FORMAT: "json" }, "start")).toEqual({ format: "json", level: "info" });
    expect(settings({ LOG_LEVEL: "error" }, "start")).toEqual({ format: "pretty", level: "error" });
    expect(settings({ LOG_FORMAT: "pretty", DATABASE_URL: "postgres://db/leadflow" }, "api")).toEqual({ format: "pretty", level: "warn" });
    expect(settings({ LOG_LEVEL: "warn", DATABASE_URL: "postgres://db/leadflow" }, "worker")).toEqual({ format: "json", level: "warn" });
  });
});

describe(".env", () => {
  it("fills what the environment leaves unset, and a variable already set wins", () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), "leadflow-env-"));
    writeFileSync(join(dir, ".env"), "LEADFLOW_WORKER_NICE=3\nPORT=4567\n");
    const saved = { nice: process.env.LEADFLOW_WORKER_NICE, port: process.env.PORT };
    process.env.PORT = "3999";
    delete process.env.LEADFLOW_WORKER_NICE;
    try {
      process.chdir(dir);
      const config = loadConfig();
      expect([config.workerNice, config.port]).toEqual([3, 3999]);
    } finally {
      process.chdir(cwd);
      for (const [key, value] of [
        ["LEADFLOW_WORKER_NICE", saved.nice],
        ["PORT", saved.port],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
