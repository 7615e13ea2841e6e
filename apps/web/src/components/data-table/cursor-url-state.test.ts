import { describe, expect, it } from "vitest";
import { cursorTarget, isCursorRefused, readCursorParams, shouldResetCursor, toCursorRequest, writeCursorParams } from "./cursor-url-state";

const defaults = { limit: 50, limits: [15, 50, 100] } as const;
const sp = (q: string) => new URLSearchParams(q);
const meta = (prev: string | null, next: string | null) => ({ total: 120, next_cursor: next, prev_cursor: prev });

describe("readCursorParams / writeCursorParams", () => {
  it("reads the first page from an empty URL", () => {
    expect(readCursorParams(sp(""), defaults)).toEqual({ cursor: null, limit: 50, search: "", sort: null });
  });

  it("reads every param, prefixed too", () => {
    expect(readCursorParams(sp("cursor=abc&limit=100&search=ann&sort=id,desc"), defaults)).toEqual({
      cursor: "abc",
      limit: 100,
      search: "ann",
      sort: { key: "id", direction: "desc" },
    });
    expect(readCursorParams(sp("cursor=x&leads.cursor=y"), { ...defaults, prefix: "leads" }).cursor).toBe("y");
  });

  it("ignores an empty or oversized cursor", () => {
    expect(readCursorParams(sp("cursor="), defaults).cursor).toBeNull();
    expect(readCursorParams(sp(`cursor=${"a".repeat(501)}`), defaults).cursor).toBeNull();
  });

  it("round-trips and keeps defaults, pages and other params in order", () => {
    const out = writeCursorParams(sp("tab=x&page=3"), { cursor: "c1", limit: 15, search: "bob", sort: null }, defaults);
    expect(out.get("tab")).toBe("x");
    expect(out.has("page")).toBe(false);
    expect(readCursorParams(out, defaults)).toEqual({ cursor: "c1", limit: 15, search: "bob", sort: null });
    expect(writeCursorParams(sp("cursor=c1"), { cursor: null, limit: 50, search: "", sort: null }, defaults).toString()).toBe("");
  });
});

describe("toCursorRequest", () => {
  it("sends the cursor only past the first page and leaves empty values out", () => {
    expect(toCursorRequest({ cursor: null, limit: 50, search: "  ", sort: null })).toEqual({ limit: 50 });
    expect(toCursorRequest({ cursor: "c2", limit: 100, search: " ann ", sort: { key: "revenue", direction: "desc" } })).toEqual({
      limit: 100,
      cursor: "c2",
      search: "ann",
      sort: "revenue,desc",
    });
  });
});

describe("cursorTarget", () => {
  it("on the first page only Next moves", () => {
    expect(cursorTarget(meta(null, "n1"), null, "first")).toBeUndefined();
    expect(cursorTarget(meta(null, "n1"), null, "prev")).toBeUndefined();
    expect(cursorTarget(meta(null, "n1"), null, "next")).toBe("n1");
  });

  it("deeper pages go back by the answer's previous cursor, or to the first page", () => {
    expect(cursorTarget(meta("p2", "n3"), "c3", "prev")).toBe("p2");
    expect(cursorTarget(meta("p2", "n3"), "c3", "first")).toBeNull();
  });

  it("an answer without a previous cursor is the first page, whatever the URL holds", () => {
    expect(cursorTarget(meta(null, "n2"), "back-to-start", "prev")).toBeUndefined();
    expect(cursorTarget(meta(null, "n2"), "back-to-start", "first")).toBeUndefined();
    expect(cursorTarget(meta(null, "n2"), "back-to-start", "next")).toBe("n2");
  });

  it("the last page has no Next, and nothing moves before the answer is in", () => {
    expect(cursorTarget(meta("p", null), "c9", "next")).toBeUndefined();
    expect(cursorTarget(undefined, null, "next")).toBeUndefined();
    expect(cursorTarget(undefined, "c9", "first")).toBeUndefined();
  });
});

describe("isCursorRefused", () => {
  it("is a 422 on the cursor only", () => {
    expect(isCursorRefused({ status: 422, errors: { cursor: ["The cursor is not valid."] } })).toBe(true);
    expect(isCursorRefused({ status: 422, errors: { search: ["Too long"] } })).toBe(false);
    expect(isCursorRefused({ status: 500 })).toBe(false);
    expect(isCursorRefused(null)).toBe(false);
  });
});

describe("shouldResetCursor", () => {
  it.each([
    [null, 0, false],
    ["c", 0, true],
    ["c", 3, false],
    ["c", undefined, false],
  ] as const)("cursor %j with %j rows → %j", (cursor, rows, expected) => {
    expect(shouldResetCursor(cursor, rows)).toBe(expected);
  });
});
