import { describe, expect, it } from "vitest";
import { SharedStringTable } from "./xlsx-string-table";

describe("SharedStringTable", () => {
  it("gives back every string as pushed, across buffer growth, and '' for a missing index", () => {
    const table = new SharedStringTable();
    const values = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? `Zoë ${i} 北京` : i % 3 === 1 ? "" : `+1212555${i}`));
    for (const v of values) table.push(v);
    expect(table.length).toBe(values.length);
    for (const i of [0, 1, 2, 999, 12_345, 19_999]) expect(table.get(i)).toBe(values[i]);
    expect(table.get(20_000)).toBe("");
    expect(table.get(-1)).toBe("");
    expect(table.get(Number.NaN)).toBe("");
  });
});
