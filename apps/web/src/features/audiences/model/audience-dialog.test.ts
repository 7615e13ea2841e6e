import { EmptySegmentFilters, type Segment, type SegmentFilters } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import {
  type AudienceDialogMode,
  dialogTexts,
  initialDraft,
  previewFigure,
  previewParentId,
  sameFilters,
  savePlan,
  splitErrors,
} from "./audience-dialog";

const tree: SegmentFilters = {
  ...EmptySegmentFilters,
  data: [{ field: "source", expression: "equals", values: [3] }],
};

function segment(over: Partial<Segment> = {}): Segment {
  return {
    id: 7,
    name: "Texas",
    ignore_new_leads: false,
    parent_id: null,
    parent: null,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    segments_count: 0,
    total_leads: 10,
    total_blacklisted: 1,
    revenue: 0,
    revenue_per_record: 0,
    is_recalculating: false,
    built_at: null,
    filters: tree,
    export: null,
    ...over,
  };
}

const child = segment({ id: 9, name: "Mobile", parent_id: 7, parent: { id: 7, name: "Texas" } });
const copyName = (n: string) => `${n} (copy)`;

describe("dialogTexts", () => {
  it.each<[AudienceDialogMode, string, string]>([
    [{ kind: "create" }, "audiences.dialog.createAudience", "audiences.dialog.create"],
    [{ kind: "createChild", parent: { id: 7, name: "Texas" } }, "audiences.dialog.createSegment", "audiences.dialog.create"],
    [{ kind: "edit", segment: segment() }, "audiences.dialog.editAudience", "audiences.dialog.save"],
    [{ kind: "edit", segment: child }, "audiences.dialog.editSegment", "audiences.dialog.save"],
    [{ kind: "duplicate", segment: segment() }, "audiences.dialog.duplicateAudience", "audiences.dialog.create"],
    [{ kind: "duplicate", segment: child }, "audiences.dialog.duplicateSegment", "audiences.dialog.create"],
  ])("%j", (mode, title, submit) => {
    expect(dialogTexts(mode)).toEqual({ title, submit });
  });
});

describe("initialDraft", () => {
  it("starts a new audience empty and updating dynamically", () => {
    expect(initialDraft({ kind: "create" }, copyName)).toEqual({ name: "", dynamic: true, filters: EmptySegmentFilters });
  });

  it("shows the segment's values when editing; 'Update dynamically' is the inverse of ignore_new_leads", () => {
    expect(initialDraft({ kind: "edit", segment: segment({ ignore_new_leads: true }) }, copyName)).toEqual({
      name: "Texas",
      dynamic: false,
      filters: tree,
    });
  });

  it("names a duplicate as a copy", () => {
    expect(initialDraft({ kind: "duplicate", segment: segment() }, copyName).name).toBe("Texas (copy)");
  });
});

describe("previewParentId", () => {
  it("counts a child within its parent", () => {
    expect(previewParentId({ kind: "create" })).toBeUndefined();
    expect(previewParentId({ kind: "createChild", parent: { id: 7, name: "Texas" } })).toBe(7);
    expect(previewParentId({ kind: "edit", segment: child })).toBe(7);
    expect(previewParentId({ kind: "duplicate", segment: segment() })).toBeUndefined();
  });
});

describe("savePlan", () => {
  const changed: SegmentFilters = { ...tree, data: [{ field: "source", expression: "equals", values: [4] }] };

  it("creates an audience with its filters, the name trimmed and the flag inverted", () => {
    expect(savePlan({ kind: "create" }, { name: "  Texas ", dynamic: false }, tree)).toEqual({
      kind: "create",
      body: { name: "Texas", ignore_new_leads: true, filters: tree },
    });
  });

  it("creates a child segment under its parent", () => {
    expect(savePlan({ kind: "createChild", parent: { id: 7, name: "Texas" } }, { name: "Mobile", dynamic: true }, tree)).toEqual({
      kind: "create",
      body: { name: "Mobile", ignore_new_leads: false, parent_id: 7, filters: tree },
    });
  });

  it("leaves unchanged filters out of an edit, so the segment is not rebuilt for a rename", () => {
    expect(savePlan({ kind: "edit", segment: segment() }, { name: "Renamed", dynamic: true }, tree)).toEqual({
      kind: "update",
      id: 7,
      body: { name: "Renamed", ignore_new_leads: false },
    });
    expect(savePlan({ kind: "edit", segment: segment() }, { name: "Texas", dynamic: true }, changed)).toEqual({
      kind: "update",
      id: 7,
      body: { name: "Texas", ignore_new_leads: false, filters: changed },
    });
  });

  it("clones a duplicate, and saves its filters only when they were changed", () => {
    expect(savePlan({ kind: "duplicate", segment: segment() }, { name: "Copy", dynamic: true }, tree)).toEqual({
      kind: "clone",
      id: 7,
      body: { name: "Copy", ignore_new_leads: false },
      filters: null,
    });
    expect(savePlan({ kind: "duplicate", segment: segment() }, { name: "Copy", dynamic: false }, changed)).toMatchObject({
      kind: "clone",
      body: { ignore_new_leads: true },
      filters: changed,
    });
  });
});

describe("sameFilters", () => {
  it("ignores key order, absent parts and the time zone", () => {
    const a: SegmentFilters = { ...EmptySegmentFilters, data: [{ values: [3], expression: "equals", field: "source" }] };
    const b: SegmentFilters = {
      campaigns: [],
      system_attributes: [],
      attributes: [],
      data: [{ field: "source", expression: "equals", values: [3], date_from: null }],
      match: {},
      timezone: "Europe/Paris",
    };
    expect(sameFilters(a, b)).toBe(true);
  });

  it("sees a changed value, row order or group match", () => {
    const two: SegmentFilters = {
      ...EmptySegmentFilters,
      data: [
        { field: "source", expression: "equals", values: [3] },
        { field: "list", expression: "equals", values: [5] },
      ],
    };
    expect(sameFilters(tree, { ...tree, data: [{ field: "source", expression: "equals", values: [4] }] })).toBe(false);
    expect(sameFilters(two, { ...two, data: [two.data[1]!, two.data[0]!] })).toBe(false);
    expect(sameFilters(tree, { ...tree, match: { data: "any" } })).toBe(false);
  });
});

describe("splitErrors", () => {
  it("puts name under the field, filters.* to the builder without the prefix, the rest in the alert", () => {
    expect(
      splitErrors({
        name: ["The name field is required."],
        "filters.attributes.0.values": ["Choose at least one value."],
        "filters.data.1.field": ["Unknown field."],
        parent_id: ["The parent does not exist."],
        filters: ["Too many filters."],
        empty: [],
      }),
    ).toEqual({
      name: "The name field is required.",
      filters: { "attributes.0.values": ["Choose at least one value."], "data.1.field": ["Unknown field."] },
      other: ["The parent does not exist.", "Too many filters."],
    });
  });

  it("copes with an answer without errors", () => {
    expect(splitErrors(undefined)).toEqual({ filters: {}, other: [] });
  });
});

describe("previewFigure", () => {
  const none = { data: undefined, failed: false };
  const capped = { total: 100_000, total_blacklisted: 12, exact: false, estimated: false };
  const estimate = { total: 480_000, total_blacklisted: 0, exact: false, estimated: true };

  it("shows nothing before the quick answer", () => {
    expect(previewFigure(undefined, none)).toBeNull();
  });

  it("shows the quick answer as it is when it was exact", () => {
    const quick = { total: 42, total_blacklisted: 1, exact: true, estimated: false };
    expect(previewFigure(quick, none)).toEqual({ kind: "exact", total: 42, blacklisted: 1 });
  });

  it("shows 'more than' the cap, or 'about' the estimate, counting, while the exact count is on its way", () => {
    expect(previewFigure(capped, none)).toEqual({ kind: "moreThan", total: 100_000, counting: true, failed: false });
    expect(previewFigure(estimate, none)).toEqual({ kind: "about", total: 480_000, counting: true, failed: false });
  });

  it("then the exact figure", () => {
    const exact = { data: { total: 480_123, total_blacklisted: 30, exact: true, estimated: false }, failed: false };
    expect(previewFigure(capped, exact)).toEqual({ kind: "exact", total: 480_123, blacklisted: 30 });
    expect(previewFigure(estimate, exact)).toEqual({ kind: "exact", total: 480_123, blacklisted: 30 });
  });

  it("keeps the quick figure, no longer counting, when the exact count failed", () => {
    expect(previewFigure(capped, { data: undefined, failed: true })).toEqual({
      kind: "moreThan",
      total: 100_000,
      counting: false,
      failed: true,
    });
  });
});
