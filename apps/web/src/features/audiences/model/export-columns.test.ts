import { describe, expect, it } from "vitest";
import type { DataTableColumn } from "../../../components/data-table/types";
import { visibleAttributeIds } from "./export-columns";

type Row = Record<string, never>;
const columns: DataTableColumn<Row>[] = [
  { key: "id", header: "ID" },
  { key: "updated_at", header: "Updated" },
  { key: "attr:1", header: "Phone", hideable: false },
  { key: "attr:2", header: "Email", hideable: false },
  { key: "attr:5", header: "First name" },
  { key: "attr:8", header: "City", defaultHidden: true },
  { key: "attr:6", header: "State" },
  { key: "revenue", header: "Revenue" },
];

describe("visibleAttributeIds", () => {
  it("without a stored choice: every attribute column in table order, less the hidden by default", () => {
    expect(visibleAttributeIds(columns, null)).toEqual([1, 2, 5, 6]);
  });

  it("leaves out the attributes the person hid, never Phone or Email", () => {
    expect(visibleAttributeIds(columns, JSON.stringify(["attr:5", "attr:1", "revenue", "attr:99"]))).toEqual([1, 2, 8, 6]);
  });

  it("an empty stored choice shows everything", () => {
    expect(visibleAttributeIds(columns, "[]")).toEqual([1, 2, 5, 8, 6]);
  });

  it("a broken stored value falls back to the defaults", () => {
    expect(visibleAttributeIds(columns, "{not json")).toEqual([1, 2, 5, 6]);
  });
});
