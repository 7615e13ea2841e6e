import { describe, expect, it } from "vitest";
import { breakPoints, dnsState, httpsBlocker, nextSortOrder } from "./short-url-state";

const dns = (checked: boolean, ok: boolean, addresses: string[] = []) => ({
  dns: { checked_at: checked ? "2025-01-01T00:00:00.000Z" : null, ok, addresses },
});

describe("dnsState", () => {
  it.each([
    [dns(false, false), "unchecked"],
    [dns(true, false, ["203.0.113.1"]), "elsewhere"],
    [dns(true, false), "elsewhere"],
    [dns(true, true, ["198.51.100.7"]), "ok"],
  ] as const)("%j → %s", (domain, state) => {
    expect(dnsState(domain)).toBe(state);
  });
});

describe("httpsBlocker", () => {
  it("offers HTTPS only with the plan's permission, once DNS points here, and not twice", () => {
    expect(httpsBlocker({ ...dns(true, true), https_enabled: false }, false)).toBe("noAccess");
    expect(httpsBlocker({ ...dns(true, true), https_enabled: true }, true)).toBe("alreadyOn");
    expect(httpsBlocker({ ...dns(false, false), https_enabled: false }, true)).toBe("needsDns");
    expect(httpsBlocker({ ...dns(true, false), https_enabled: false }, true)).toBe("needsDns");
    expect(httpsBlocker({ ...dns(true, true), https_enabled: false }, true)).toBeNull();
  });
});

describe("nextSortOrder", () => {
  it("is one past the largest shown, 0 for the first", () => {
    expect(nextSortOrder(undefined)).toBe(0);
    expect(nextSortOrder([])).toBe(0);
    expect(nextSortOrder([{ sort_order: 4 }, { sort_order: 9 }, { sort_order: 2 }])).toBe(10);
  });
});

describe("breakPoints", () => {
  it("cuts after dots and slashes, never inside a word", () => {
    expect(breakPoints("go.demo-leadflow.com")).toEqual(["go.", "demo-leadflow.", "com"]);
    expect(breakPoints("https://example.com/spring")).toEqual(["https://", "example.", "com/", "spring"]);
    expect(breakPoints("localhost")).toEqual(["localhost"]);
    expect(breakPoints("a..b")).toEqual(["a..", "b"]);
  });
});
