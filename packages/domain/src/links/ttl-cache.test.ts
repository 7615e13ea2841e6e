import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache";

/*
 * The redirect's cache: a used key is kept over unused ones when the bound is reached, entries expire by their TTL
 * counted from when their read began.
 */

const cache = (max: number) => {
  const clock = { t: 0 };
  return { c: new TtlCache<string>({ max, ttlMs: 1_000, negativeTtlMs: 100, now: () => clock.t }), clock };
};

describe("TtlCache", () => {
  it("keeps a key used from the older half and evicts the least recently used", () => {
    const { c } = cache(4);
    for (const k of ["a", "b", "c", "d"]) c.set(k, k);
    expect(c.fresh("a")).toBe("a");
    c.set("e", "e");
    expect(c.peek("a")).toBe("a");
    expect(c.peek("b")).toBeUndefined();
    expect(c.size).toBe(4);
  });

  it("evicts in order of use, the newest used key last", () => {
    const { c } = cache(4);
    for (const k of ["a", "b", "c", "d"]) c.set(k, k);
    expect(c.fresh("b")).toBe("b");
    expect(c.peek("a")).toBe("a"); // a look that does not count as a use
    c.set("e", "e");
    c.set("f", "f");
    expect([..."abcdef"].map((k) => c.peek(k) ?? null)).toEqual([null, "b", null, "d", "e", "f"]);
  });

  it("counts a value's time to live from when its read began", () => {
    const { c, clock } = cache(10);
    clock.t = 5_000;
    c.set("x", "x", 4_500);
    expect(c.fresh("x")).toBe("x");
    clock.t = 5_500;
    expect(c.fresh("x")).toBeUndefined();
    expect(c.last("x")).toBe("x");
    c.set("gone", null);
    expect(c.fresh("gone")).toBeNull();
    clock.t = 5_600;
    expect(c.fresh("gone")).toBeUndefined();
  });
});
