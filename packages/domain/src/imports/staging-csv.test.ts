import { describe, expect, it } from "vitest";
import type { StagedRow } from "./import-rows";
import { STAGING_COLUMNS, stagingCsv } from "./staging-csv";

const row = (line: number, over: Partial<StagedRow> = {}): StagedRow => ({
  line,
  grp: line,
  phones: [`+1212555${String(line).padStart(4, "0")}`],
  phonesRaw: [`(212) 555-${String(line).padStart(4, "0")}`],
  emails: [],
  attrIds: [3, 4],
  vals: ["Ann", `Smith ${line}`],
  fail: null,
  invalidPhones: 0,
  ignoredPhones: 0,
  phone: "(212) 555",
  email: null,
  consent: null,
  consentError: null,
  ...over,
});

describe("stagingCsv", () => {
  it("writes one line per row, values as attrs, the written phone and email only for failed rows", () => {
    const [csv, ...more] = stagingCsv(7, 2, [
      row(1),
      row(2, { attrIds: [3, 4, 3], vals: ["a", "b", "c"], emails: ["x@y.z"] }),
      row(3, {
        grp: null,
        phones: [],
        phonesRaw: [],
        attrIds: [],
        vals: [],
        fail: { status: "failed", reason: "invalid_phone", message: "Bad" },
      }),
    ]);
    expect(more).toEqual([]);
    expect(csv!.split("\n")).toEqual([
      '7,2,1,1,"{""+12125550001""}","{""(212) 555-0001""}",{},"{""3"":[""Ann""],""4"":[""Smith 1""]}",0,0,,,,,,,',
      '7,2,2,2,"{""+12125550002""}","{""(212) 555-0002""}","{""x@y.z""}","{""3"":[""a"",""c""],""4"":[""b""]}",0,0,,,,,,,',
      '7,2,3,,{},{},{},{},0,0,"failed","invalid_phone","Bad","(212) 555",,,',
      "",
    ]);
    expect(csv!.split("\n")[0]!.match(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/g)).toHaveLength(STAGING_COLUMNS.length - 1);
  });

  it("escapes what JSON and csv need, and drops what jsonb refuses", () => {
    const [csv] = stagingCsv(1, 1, [
      row(1, { attrIds: [5, 5, 5, 5], vals: ['say "hi"', "back\\slash", "tab\tand\nnewline", "nul\0 lone \ud800 end"] }),
    ]);
    const field = /,"(\{""5"".*\})",0,0,/s.exec(csv!)![1]!.replaceAll('""', '"');
    expect(JSON.parse(field)).toEqual({ "5": ['say "hi"', "back\\slash", "tab\tand\nnewline", "nul lone \ufffd end"] });
  });

  it("writes a row's consent values as jsonb and its refused ones as text", () => {
    const [csv] = stagingCsv(1, 1, [
      row(1, {
        consent: { ip: "203.0.113.7", language: 'I agree to "calls"' },
        consentError: "The consent IP is not an IPv4 or IPv6 address.",
      }),
    ]);
    const line = csv!.split("\n")[0]!;
    expect(
      line.endsWith(
        ',"{""ip"":""203.0.113.7"",""language"":""I agree to \\""calls\\""""}","The consent IP is not an IPv4 or IPv6 address."',
      ),
    ).toBe(true);
  });

  it("cuts a big batch into pieces at row boundaries", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row(i + 1, { vals: ["Ann", "x".repeat(60)] }));
    const pieces = stagingCsv(1, 1, rows);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) {
      expect(p.endsWith("\n")).toBe(true);
      expect(p.length).toBeLessThan(70 * 1024);
    }
    expect(pieces.join("").split("\n")).toHaveLength(3001);
  });
});
