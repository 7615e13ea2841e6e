import { describe, expect, it } from "vitest";
import { carrierStatusLabel } from "./lead-page";

describe("carrierStatusLabel", () => {
  it.each([
    [1, null, "Mobile"],
    [2, "mobile", "Landline"],
    [3, null, "VoIP"],
    [4, null, "Other"],
    [null, "mobile", "Mobile"],
    [null, "Wireless", "Mobile"],
    [null, "landline", "Landline"],
    [null, "Fixed Line", "Landline"],
    [null, "fixed_line", "Landline"],
    [null, "VOIP", "VoIP"],
    [null, "non-fixed VoIP", "VoIP"],
    [null, "toll-free", "Other"],
    [99, "voip", "VoIP"],
    [99, null, null],
    [null, null, null],
    [null, "  ", null],
  ] as const)("carrier_status %j, carrier_type %j → %j", (status, type, label) => {
    expect(carrierStatusLabel(status, type)).toBe(label);
  });
});
