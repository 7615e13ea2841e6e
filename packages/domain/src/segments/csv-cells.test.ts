import { describe, expect, it } from "vitest";
import { CsvRowCounter, csvField, csvHeader, csvLine } from "./csv-cells";

describe("csvField (as COPY … FORMAT csv writes)", () => {
  it.each([
    [null, ""],
    ["", '""'],
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\r", '"cr\r"'],
    [" padded ", " padded "],
    ["'=SUM(A1)", "'=SUM(A1)"],
  ])("%j → %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it("joins a line with commas and ends it with LF", () => {
    expect(csvLine(["1", null, "x,y"])).toBe('1,,"x,y"\n');
  });

  it("escapes header names a spreadsheet would run", () => {
    expect(csvHeader(["ID", "=cmd", "-x", "Notes"])).toBe("ID,'=cmd,'-x,Notes\n");
  });
});

describe("CsvRowCounter", () => {
  it("counts rows across chunks, not the line breaks inside quoted values", () => {
    const csv = Buffer.from('1,"a\nb",x\n2,"say ""hi""\n",y\n3,,z\n');
    for (const size of [1, 3, 7, csv.length]) {
      const counter = new CsvRowCounter();
      for (let i = 0; i < csv.length; i += size) counter.add(csv.subarray(i, i + size));
      expect(counter.rows).toBe(3);
    }
  });
});
