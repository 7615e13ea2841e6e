import { describe, expect, it } from "vitest";
import { batchStatusToasts } from "./batch-status";

const fallback = "Status updated successfully!";

describe("batchStatusToasts", () => {
  it("shows each info, then the success message", () => {
    expect(batchStatusToasts({ message: "", info: ["2 leads were already Flagged."], errors: [] }, fallback)).toEqual([
      { message: "2 leads were already Flagged.", variant: "info" },
      { message: fallback, variant: "success" },
    ]);
  });

  it("shows each error on its own and no success when something failed", () => {
    const answer = { message: "Done", info: ["i"], errors: ["e1", "e2"] };
    expect(batchStatusToasts(answer, fallback).map((t) => t.variant)).toEqual(["info", "error", "error"]);
  });

  it("ignores errors on the lead screens", () => {
    const answer = { message: "Status updated successfully!", info: [], errors: ["e1"] };
    expect(batchStatusToasts(answer, fallback, { ignoreErrors: true })).toEqual([
      { message: "Status updated successfully!", variant: "success" },
    ]);
  });
});
