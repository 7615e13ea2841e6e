import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../lib/format";
import { formatMoney } from "./format";
import { locationChips } from "./locations";

describe("dates on the lead screens", () => {
  it("show MM-DD-YYYY hh:mm A in local time", () => {
    expect(formatDateTime(new Date(2026, 0, 5, 14, 7).toISOString())).toBe("01-05-2026 02:07 PM");
    expect(formatDateTime(new Date(2026, 11, 31, 0, 30).toISOString())).toBe("12-31-2026 12:30 AM");
    expect(formatDateTime(null)).toBe("");
  });
});

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [1234.5, "$1,234.50"],
    [null, "—"],
  ])("%j → %s", (n, s) => {
    expect(formatMoney(n)).toBe(s);
  });
});

describe("locationChips", () => {
  it("links audiences (sub-segments under their parent), lists and campaigns", () => {
    const chips = locationChips(
      [{ id: 3, name: "Web", lists: [{ id: 12, name: "Spring" }] }],
      [
        { id: 4, name: "VIP", parent_id: null },
        { id: 9, name: "VIP NY", parent_id: 4 },
      ],
      [{ id: 8, name: "Promo" }],
    );
    expect(chips.map((c) => [c.label, c.to])).toEqual([
      ["VIP", "audiences/4"],
      ["VIP NY", "audiences/4/segments/9"],
      ["Web › Spring", "sources/3/12"],
      ["Promo", "campaigns/8"],
    ]);
  });
});
