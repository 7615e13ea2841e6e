import { EmptySegmentFilters, type SegmentFilter, type SegmentFilters } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { addBlocked, applyBlocked, type BuilderState, reduceBuilder } from "./builder-state";
import { allRowsComplete, canApply, completeFilters, refAfterRemoval, rowErrors, takenDataFields } from "./filter-tree";

const tree = (parts: Partial<SegmentFilters>): SegmentFilters => ({ ...EmptySegmentFilters, ...parts });
const sourceIn: SegmentFilter = { field: "source", expression: "equals", values: [1] };
const noValues: SegmentFilter = { field: "list", expression: "equals", values: [] };
const noExpression: SegmentFilter = { field: "state", expression: "", values: [] };
const attribute: SegmentFilter = { attribute_id: 7, expression: "contains", values: ["gmail"] };
const campaign: SegmentFilter = { field: "campaign", expression: "clicked", values: [], period: "all_time", statuses: [] };

describe("completeFilters", () => {
  it("drops exactly the rows the contract calls incomplete, in every group, and keeps match and timezone", () => {
    const draft = tree({
      data: [sourceIn, noValues, { field: "created_at", expression: "custom_dates", values: [] }],
      attributes: [attribute, { expression: "equals", values: ["x"] }],
      system_attributes: [
        noExpression,
        { field: "lead_status", expression: "in", values: [1] },
        { field: "city", expression: "empty", values: [] },
      ],
      campaigns: [campaign, { ...campaign, period: "custom_dates" }],
      match: { data: "any" },
      timezone: "Europe/Riga",
    });
    expect(completeFilters(draft)).toEqual({
      data: [sourceIn],
      attributes: [attribute],
      system_attributes: [
        { field: "lead_status", expression: "in", values: [1] },
        { field: "city", expression: "empty", values: [] },
      ],
      campaigns: [campaign],
      match: { data: "any" },
      timezone: "Europe/Riga",
    });
  });

  it("keeps a created-date custom range with one bound and a between with both numbers", () => {
    const draft = tree({
      data: [{ field: "created_at", expression: "custom_dates", values: [], date_to: "2026-01-31 23:59:59" }],
      system_attributes: [{ field: "revenue", expression: "between", values: [1, 5] }],
    });
    expect(completeFilters(draft)).toEqual(draft);
  });
});

describe("the Apply rule: disabled while the last changed row is incomplete", () => {
  const draft = tree({ data: [sourceIn, noValues] });

  it.each([
    ["nothing changed yet", null, true],
    ["the complete row changed last", { group: "data", index: 0 }, true],
    ["the incomplete row changed last", { group: "data", index: 1 }, false],
    ["the last changed row is gone", { group: "data", index: 5 }, true],
  ] as const)("%s", (_name, last, allowed) => {
    expect(canApply(draft, last)).toBe(allowed);
  });

  it("follows a person's edits: add blocks Apply, completing the row frees it, Apply drops other incomplete rows", () => {
    let state: BuilderState = { tree: tree({ system_attributes: [noExpression] }), last: null };
    expect(applyBlocked(state)).toBe(false);
    state = reduceBuilder(state, { type: "add", group: "data" });
    expect(state.last).toEqual({ group: "data", index: 0 });
    expect(applyBlocked(state)).toBe(true);
    state = reduceBuilder(state, { type: "edit", ref: { group: "data", index: 0 }, row: sourceIn });
    expect(applyBlocked(state)).toBe(false);
    state = reduceBuilder(state, { type: "apply" });
    expect(state).toEqual({ tree: tree({ data: [sourceIn] }), last: null });
  });

  it("a match toggle changes no row; removing the last changed row frees Apply", () => {
    let state = reduceBuilder({ tree: tree({ data: [sourceIn] }), last: null }, { type: "add", group: "data" });
    state = reduceBuilder(state, { type: "match", group: "data", match: "any" });
    expect(applyBlocked(state)).toBe(true);
    expect(state.tree.match).toEqual({ data: "any" });
    state = reduceBuilder(state, { type: "remove", ref: { group: "data", index: 1 } });
    expect(state.last).toBeNull();
    expect(applyBlocked(state)).toBe(false);
  });

  it("removing an earlier row moves the last changed reference with its row", () => {
    expect(refAfterRemoval({ group: "data", index: 2 }, { group: "data", index: 0 })).toEqual({ group: "data", index: 1 });
    expect(refAfterRemoval({ group: "data", index: 0 }, { group: "data", index: 1 })).toEqual({ group: "data", index: 0 });
    expect(refAfterRemoval({ group: "attributes", index: 2 }, { group: "data", index: 0 })).toEqual({ group: "attributes", index: 2 });
  });
});

describe("the Add rule: every Add waits for all rows to be complete", () => {
  it.each([
    ["an empty tree", tree({}), false],
    ["complete rows only", tree({ data: [sourceIn], attributes: [attribute], campaigns: [campaign] }), false],
    ["an incomplete row in another group", tree({ data: [sourceIn], system_attributes: [noExpression] }), true],
    ["a fresh campaign row (no engagement yet)", tree({ campaigns: [{ ...campaign, expression: "" }] }), true],
  ])("%s", (_name, draft, blocked) => {
    expect(allRowsComplete(draft)).toBe(!blocked);
    expect(addBlocked({ tree: draft, last: null })).toBe(blocked);
  });
});

describe("Source and List are used once", () => {
  it("offers the fields other rows hold as taken, never the row's own", () => {
    const rows = [sourceIn, { field: "created_at", expression: "all_time", values: [] }, noValues];
    expect([...takenDataFields(rows, 1)].sort()).toEqual(["list", "source"]);
    expect([...takenDataFields(rows, 0)]).toEqual(["list"]);
    expect([...takenDataFields([sourceIn], 0)]).toEqual([]);
  });
});

describe("edits that touch dates stamp the browser's zone", () => {
  it("a date row sets timezone, a text row does not", () => {
    const state = { tree: tree({ system_attributes: [noExpression, noExpression] }), last: null };
    const dated = reduceBuilder(
      state,
      { type: "edit", ref: { group: "system_attributes", index: 0 }, row: { field: "created_at", expression: "", values: [] } },
      "America/Chicago",
    );
    expect(dated.tree.timezone).toBe("America/Chicago");
    const plain = reduceBuilder(
      state,
      { type: "edit", ref: { group: "system_attributes", index: 1 }, row: { ...noExpression, expression: "in" } },
      "UTC",
    );
    expect(plain.tree.timezone).toBeUndefined();
  });
});

describe("rowErrors", () => {
  it("takes the server's messages of one row only", () => {
    const errors = {
      "data.0.values": ["Choose at least one value."],
      "data.1.field": ["Unknown field."],
      "data.10.values": ["x"],
      name: ["y"],
    };
    expect(rowErrors(errors, { group: "data", index: 1 })).toEqual(["Unknown field."]);
    expect(rowErrors(errors, { group: "data", index: 0 })).toEqual(["Choose at least one value."]);
    expect(rowErrors(undefined, { group: "data", index: 0 })).toEqual([]);
  });
});
