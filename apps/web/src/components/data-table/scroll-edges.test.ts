import { describe, expect, it } from "vitest";
import { scrollEdges } from "./scroll-edges";

describe("scrollEdges", () => {
  it("has columns after the visible part until the table is scrolled fully to the right", () => {
    // 1,119 px of table in 966 px of page.
    expect(scrollEdges(0, 966, 1119)).toEqual({ before: false, after: true });
    expect(scrollEdges(60, 966, 1119)).toEqual({ before: true, after: true });
    expect(scrollEdges(153, 966, 1119)).toEqual({ before: true, after: false });
  });

  it("takes sub-pixel rounding for the edge, and a table that fits has nothing out of view", () => {
    expect(scrollEdges(152.5, 966, 1119)).toEqual({ before: true, after: false });
    expect(scrollEdges(0.5, 966, 1119)).toEqual({ before: false, after: true });
    expect(scrollEdges(0, 966, 966)).toEqual({ before: false, after: false });
  });
});
