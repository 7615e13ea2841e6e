import { LookupStatusClasses } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { isLookupFinished, lookupControl, lookupStatusColor, lookupStatusLabel } from "./lookup-status";

describe("status → control", () => {
  it.each([
    [0, { action: "start", status: 1 }],
    [1, { action: "pause", status: 2 }],
    [2, { action: "start", status: 1 }],
    [3, null],
    [4, null],
    [99, null],
  ])("status %i → %o", (status, control) => expect(lookupControl(status)).toEqual(control));

  it("labels running as Running and stop as Stop", () => {
    expect(lookupStatusLabel(1)).toBe("Running");
    expect(lookupStatusLabel(4)).toBe("Stop");
  });

  it("colours each chip class, running as success", () => {
    expect(Object.keys(LookupStatusClasses).map((s) => lookupStatusColor(Number(s)))).toEqual([
      "default",
      "success",
      "warning",
      "info",
      "error",
    ]);
  });

  it("knows completed and stop are done", () => {
    expect([0, 1, 2, 3, 4].filter(isLookupFinished)).toEqual([3, 4]);
  });
});
