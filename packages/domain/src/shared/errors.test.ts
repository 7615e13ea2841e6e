import { describe, expect, it } from "vitest";
import { AppError, appErrors, errorMaps } from "./errors";

describe("error maps", () => {
  it("define each code in one feature's map only, so merging them loses none", () => {
    const codes = errorMaps.flatMap((m) => Object.keys(m));
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(appErrors).sort()).toEqual([...codes].sort());
  });

  it("give a thrown code its status and message", () => {
    const e = new AppError("segment_not_found");
    expect([e.status, e.message]).toEqual([404, "Segment not found."]);
  });
});
