import { describe, expect, it } from "vitest";
import { uniqueHeadings } from "./headings";

describe("uniqueHeadings", () => {
  it.each([
    { raw: ["Phone", "Phone", "Email"], want: ["Phone", "Phone (2)", "Email"] },
    { raw: ["Phone", "phone", "PHONE"], want: ["Phone", "phone (2)", "PHONE (3)"] },
    { raw: ["Phone", "Phone", "Phone (2)"], want: ["Phone", "Phone (3)", "Phone (2)"] },
    { raw: [" Name ", "", "Zip"], want: ["Name", "Column 2", "Zip"] },
    { raw: ["a", "b", "", " "], want: ["a", "b"] },
    { raw: ["\uFEFFName", "x"], want: ["Name", "x"] },
  ])("$raw → $want", ({ raw, want }) => {
    expect(uniqueHeadings(raw)).toEqual(want);
  });
});
