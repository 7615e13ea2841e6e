import { describe, expect, it } from "vitest";
import { type CarrierGroupRule, carrierGroupFor } from "./carrier-groups";

/** The groups migration 0007 seeds, in their order. */
const seeded: CarrierGroupRule[] = [
  { id: 1, name: "AT&T", patterns: ["at&t", "at & t", "cingular"], is_other: false },
  { id: 2, name: "T-Mobile", patterns: ["t-mobile", "tmobile", "t mobile", "metropcs", "metro by t-mobile", "sprint"], is_other: false },
  { id: 3, name: "Verizon", patterns: ["verizon", "cellco"], is_other: false },
  { id: 4, name: "US Cellular", patterns: ["us cellular", "u.s. cellular", "united states cellular"], is_other: false },
  { id: 5, name: "Other", patterns: [], is_other: true },
];

describe("carrierGroupFor", () => {
  it.each([
    ["AT&T Wireless", "AT&T"],
    ["New Cingular Wireless PCS, LLC", "AT&T"],
    ["T-Mobile USA, Inc.", "T-Mobile"],
    ["Metro by T-Mobile", "T-Mobile"],
    ["Sprint Spectrum, L.P.", "T-Mobile"],
    ["Verizon Wireless", "Verizon"],
    ["Cellco Partnership dba Verizon Wireless", "Verizon"],
    ["United States Cellular Corp.", "US Cellular"],
    ["U.S. Cellular", "US Cellular"],
    ["  VERIZON WIRELESS  ", "Verizon"],
    ["Bandwidth.com - CLEC", "Other"],
    ["Sandbox Mobile", "Other"],
    ["", "Other"],
    [null, "Other"],
    [undefined, "Other"],
  ])("%j → %s", (carrier, group) => {
    expect(carrierGroupFor(carrier, seeded)?.name).toBe(group);
  });

  it("takes the first group in order when two match", () => {
    const overlapping = [seeded[2]!, { ...seeded[0]!, patterns: ["wireless"] }, seeded[4]!];
    expect(carrierGroupFor("Verizon Wireless", overlapping)?.name).toBe("Verizon");
  });

  it("never matches on an empty pattern, and answers null without an Other group", () => {
    const noOther = [{ id: 9, name: "Blank", patterns: [""], is_other: false }];
    expect(carrierGroupFor("Anything", noOther)).toBeNull();
    expect(carrierGroupFor(null, [])).toBeNull();
  });
});
