import { describe, expect, it } from "vitest";
import { pinnedCoversContent } from "./pinned-edge";

describe("pinnedCoversContent", () => {
  it("is true while the table is not scrolled fully to the right", () => {
    // 1,017 px of table in 966 px of page: at the start the last 51 px (and what the pin overlays) are beneath it.
    expect(pinnedCoversContent(0, 966, 1017)).toBe(true);
    expect(pinnedCoversContent(30, 966, 1017)).toBe(true);
  });

  it("is false when fully scrolled (sub-pixel rounding included) or when the table fits", () => {
    expect(pinnedCoversContent(51, 966, 1017)).toBe(false);
    expect(pinnedCoversContent(50.5, 966, 1017)).toBe(false);
    expect(pinnedCoversContent(0, 966, 966)).toBe(false);
  });
});
