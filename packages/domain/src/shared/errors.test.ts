import { describe, expect, it } from "vitest";
import { errorMaps } from "../app-errors";
import { AppError, errorEntry, fieldError, registerErrorMaps } from "./errors";

describe("error maps", () => {
  it("define each code in one feature's map only, so registering them loses none", () => {
    const codes = Object.values(errorMaps).flatMap((m) => Object.keys(m));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(100);
  });

  it("give a thrown code its status and message", () => {
    const e = new AppError("segment_not_found");
    expect([e.status, e.message]).toEqual([404, "Segment not found."]);
    expect(fieldError("segment_filters_invalid", "filters").errors).toEqual({ filters: ["Some filters are not valid."] });
    expect(errorEntry("api_no_lead_saved").status).toBe(errorMaps["import-api"].api_no_lead_saved.status);
  });

  it("refuse a code that a second map defines again", () => {
    expect(() => registerErrorMaps([{ segment_not_found: { status: 400, message: "Again." } }])).toThrow(/defined twice/);
  });
});
