import { describe, expect, it } from "vitest";
import { settableStatuses, toLeadSelection } from "./lead-selection";

describe("toLeadSelection", () => {
  it("sends ticked ids, or nothing when none are ticked", () => {
    expect(toLeadSelection({ all: false, ids: [3, 1] }, { listId: 7, search: "ann" })).toEqual({ ids: [3, 1] });
    expect(toLeadSelection({ all: false, ids: [] }, {})).toBeNull();
  });

  it("sends 'all matching' with the list, the trimmed search and the exceptions", () => {
    expect(toLeadSelection({ all: true, ids: [5, 9] }, { listId: 7, search: "  ann " })).toEqual({
      all: true,
      list_id: 7,
      search: "ann",
      except: [5, 9],
    });
  });

  it("leaves out what the table does not narrow by (the leads page: no list, no search)", () => {
    expect(toLeadSelection({ all: true, ids: [] }, { search: "" })).toEqual({ all: true });
    expect(toLeadSelection({ all: true, ids: [] }, { status: 2 })).toEqual({ all: true, filter_status: 2 });
  });
});

describe("settableStatuses", () => {
  it("offers Imported, Blacklisted and Flagged, less the current one", () => {
    expect(settableStatuses().map((s) => s.label)).toEqual(["Imported", "Blacklisted", "Flagged"]);
    expect(settableStatuses(2).map((s) => s.status)).toEqual([1, 3]);
    expect(settableStatuses(0).map((s) => s.status)).toEqual([1, 2, 3]);
    expect(settableStatuses(4).map((s) => s.status)).toEqual([1, 2, 3]);
  });
});
