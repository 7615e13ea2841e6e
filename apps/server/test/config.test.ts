import { describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "../src/config";

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
