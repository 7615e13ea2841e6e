import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "../src/config";

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
