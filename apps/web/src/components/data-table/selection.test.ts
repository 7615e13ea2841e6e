import { describe, expect, it } from "vitest";
import { defaultHiddenColumns, hideableColumnKeys, parseHiddenColumns } from "./hidden-columns";
import { pageSelectionState, pruneSelection, togglePage, toggleRow } from "./selection";
import type { DataTableColumn } from "./types";

describe("selection", () => {
  it("toggles one row", () => {
    expect(toggleRow([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleRow([1, 2], 1)).toEqual([2]);
  });

  it("selects the whole page, then clears it", () => {
    expect(togglePage([9], [1, 2])).toEqual([9, 1, 2]);
    expect(togglePage([1], [1, 2])).toEqual([1, 2]);
    expect(togglePage([9, 1, 2], [1, 2])).toEqual([9]);
    expect(togglePage([], [])).toEqual([]);
  });

  it("tells the header checkbox state", () => {
    expect(pageSelectionState([], [1, 2])).toBe("none");
    expect(pageSelectionState([2], [1, 2])).toBe("some");
    expect(pageSelectionState([1, 2, 7], [1, 2])).toBe("all");
    expect(pageSelectionState([7], [])).toBe("none");
  });

  it("drops ids no longer on screen and keeps the same array otherwise", () => {
    const selected = [1, 2];
    expect(pruneSelection(selected, [1, 2, 3])).toBe(selected);
    expect(pruneSelection(selected, [2, 3])).toEqual([2]);
    expect(pruneSelection(selected, [])).toEqual([]);
  });
});

describe("hidden columns", () => {
  const columns: DataTableColumn<unknown>[] = [
    { key: "id", header: "ID" },
    { key: "phone", header: "Phone", hideable: false },
    { key: "email", header: "Email", hideable: false, defaultHidden: true },
    { key: "revenue", header: "Revenue", defaultHidden: true },
  ];

  it("never hides Phone or Email", () => {
    expect(hideableColumnKeys(columns)).toEqual(["id", "revenue"]);
    expect(defaultHiddenColumns(columns)).toEqual(["revenue"]);
    expect(parseHiddenColumns(JSON.stringify(["phone", "id", "email"]), hideableColumnKeys(columns))).toEqual(["id"]);
  });

  it.each([null, "", "not json", "{}", '"id"'])("treats %j as no preference", (raw) => {
    expect(parseHiddenColumns(raw, ["id"])).toBeNull();
  });

  it("keeps an empty stored list (everything shown) apart from no preference", () => {
    expect(parseHiddenColumns("[]", ["id"])).toEqual([]);
    expect(parseHiddenColumns('["gone", 3, "id"]', ["id"])).toEqual(["id"]);
  });
});
