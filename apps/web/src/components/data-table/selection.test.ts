import { describe, expect, it } from "vitest";
import { defaultHiddenColumns, hiddenAmong, hideableColumnKeys, parseStoredColumns } from "./hidden-columns";
import {
  canSelectAllMatching,
  isRowSelected,
  noSelection,
  pageSelectionState,
  pruneSelection,
  pruneTableSelection,
  selectionCount,
  selectionForRows,
  selectionInScope,
  selectionPageState,
  type TableSelection,
  togglePage,
  toggleRow,
  toggleSelectedPage,
  toggleSelectedRow,
} from "./selection";
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
    const stored = parseStoredColumns(JSON.stringify(["phone", "id", "email"]))!;
    expect([...hiddenAmong(stored, hideableColumnKeys(columns))]).toEqual(["id"]);
  });

  it.each([null, "", "not json", "{}", '"id"'])("treats %j as no preference", (raw) => {
    expect(parseStoredColumns(raw)).toBeNull();
  });

  it("keeps stored keys of columns not on screen (another list's attributes)", () => {
    expect(parseStoredColumns('["attr:9", "id", 4]')).toEqual(["attr:9", "id"]);
    expect(parseStoredColumns("nope")).toBeNull();
  });

  it("keeps an empty stored list (everything shown) apart from no preference", () => {
    expect(parseStoredColumns("[]")).toEqual([]);
    expect([...hiddenAmong(parseStoredColumns('["gone", 3, "id"]')!, ["id"])]).toEqual(["id"]);
  });
});

describe("table selection (select all matching)", () => {
  const page = [1, 2, 3];

  it("ticks rows by id until 'all matching' is chosen", () => {
    let sel: TableSelection<number> = noSelection;
    sel = toggleSelectedRow(sel, 2);
    expect(sel).toEqual({ all: false, ids: [2] });
    expect(selectionPageState(sel, page)).toBe("some");
    expect(canSelectAllMatching(sel, page, 120)).toBe(false);
    sel = toggleSelectedPage(sel, page);
    expect(selectionPageState(sel, page)).toBe("all");
    expect(canSelectAllMatching(sel, page, 120)).toBe(true);
    expect(canSelectAllMatching(sel, page, 3)).toBe(false);
    expect(selectionCount(sel, 120)).toBe(3);
  });

  it("in 'all' mode an unticked row becomes an exception and counts down from the total", () => {
    let sel: TableSelection<number> = { all: true, ids: [] };
    expect(isRowSelected(sel, 99)).toBe(true);
    expect(selectionCount(sel, 120)).toBe(120);
    sel = toggleSelectedRow(sel, 2);
    expect(sel).toEqual({ all: true, ids: [2] });
    expect(isRowSelected(sel, 2)).toBe(false);
    expect(selectionPageState(sel, page)).toBe("some");
    expect(selectionCount(sel, 120)).toBe(119);
    sel = toggleSelectedRow(sel, 2);
    expect(sel).toEqual({ all: true, ids: [] });
    expect(canSelectAllMatching(sel, page, 120)).toBe(false);
  });

  it("the header checkbox in 'all' mode unticks the page, then ticks it again", () => {
    let sel: TableSelection<number> = { all: true, ids: [7] };
    sel = toggleSelectedPage(sel, page);
    expect(sel).toEqual({ all: true, ids: [7, 1, 2, 3] });
    expect(selectionPageState(sel, page)).toBe("none");
    sel = toggleSelectedPage(sel, page);
    expect(sel).toEqual({ all: true, ids: [7] });
  });

  it("never counts below zero", () => {
    expect(selectionCount({ all: true, ids: [1, 2, 3] }, 2)).toBe(0);
    expect(selectionCount({ all: true, ids: [] }, undefined)).toBe(0);
  });

  it("prunes id selections to the page but keeps 'all' selections across pages", () => {
    const all = { all: true, ids: [9] };
    expect(pruneTableSelection(all, [1])).toBe(all);
    const ids = { all: false, ids: [1, 9] };
    expect(pruneTableSelection(ids, [1, 2])).toEqual({ all: false, ids: [1] });
    const kept = { all: false, ids: [1] };
    expect(pruneTableSelection(kept, [1, 2])).toBe(kept);
  });
});

describe("a selection across pages", () => {
  it("keeps ticks made on other pages and other page sizes, and counts them all", () => {
    let sel: TableSelection<number> = noSelection;
    sel = toggleSelectedRow(sel, 1);
    sel = toggleSelectedRow(sel, 2);
    // Next page: rows 4–6. The ticks of the first page stay; the header box speaks of this page only.
    sel = selectionForRows(sel, [4, 5, 6], true);
    expect(sel.ids).toEqual([1, 2]);
    expect(selectionPageState(sel, [4, 5, 6])).toBe("none");
    sel = toggleSelectedRow(sel, 5);
    // A page size of 2 from the start: rows 1–2.
    sel = selectionForRows(sel, [1, 2], true);
    expect(selectionPageState(sel, [1, 2])).toBe("all");
    expect(sel).toEqual({ all: false, ids: [1, 2, 5] });
    expect(selectionCount(sel, 60)).toBe(3);
    // The page's header box unticks only the page.
    expect(toggleSelectedPage(sel, [1, 2])).toEqual({ all: false, ids: [5] });
  });

  it("is pruned to the page only when it is a selection of the visible page", () => {
    const sel = { all: false, ids: [1, 9] };
    expect(selectionForRows(sel, [1, 2], true)).toBe(sel);
    expect(selectionForRows(sel, [1, 2], false)).toEqual({ all: false, ids: [1] });
  });

  it("offers 'all matching' only while more match than are ticked", () => {
    const sel = { all: false, ids: [7, 8, 9, 1, 2, 3] };
    expect(canSelectAllMatching(sel, [1, 2, 3], 10)).toBe(true);
    expect(canSelectAllMatching(sel, [1, 2, 3], 6)).toBe(false);
  });

  it("belongs to the query it was made in: another search or filter starts empty", () => {
    const held = { scope: '["ann",2]', selection: { all: false, ids: [1, 2] } };
    expect(selectionInScope(held, '["ann",2]')).toBe(held.selection);
    expect(selectionInScope(held, '["ann",null]')).toBe(noSelection);
  });
});
