import { describe, expect, it } from "vitest";
import { escapeFormula, unescapeFormula } from "../../shared/formula-escape";
import { prepareBatch } from "../import-rows";

describe("formula escape", () => {
  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+15551234567", "'+15551234567"],
    ["-5", "'-5"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["'=x", "''=x"],
    ["''-1", "'''-1"],
  ])("escapes %j as %j and reads it back", (value, cell) => {
    expect(escapeFormula(value)).toBe(cell);
    expect(unescapeFormula(cell)).toBe(value);
  });

  it.each(["plain", "5-1", "a=b", "'quoted", "'", "''", "", " =x", "Smith's"])("leaves %j alone both ways", (value) => {
    expect(escapeFormula(value)).toBe(value);
    expect(unescapeFormula(value)).toBe(value);
  });

  it("reads other tools' escaped cells (one apostrophe before a trigger)", () => {
    expect(unescapeFormula("'+1 (555) 123-4567")).toBe("+1 (555) 123-4567");
    expect(unescapeFormula("'@home")).toBe("@home");
  });
});

describe("prepareBatch on an exported file's cells", () => {
  const plan = [
    { col: 0, kind: "phone" as const, attributeId: 1, name: "Phone" },
    { col: 1, kind: "email" as const, attributeId: 2, name: "Email" },
    { col: 2, kind: "string" as const, attributeId: 3, name: "Formula" },
    { col: 3, kind: "string" as const, attributeId: 4, name: "Delta" },
  ];
  const prepare = (cells: string[]) => prepareBatch([{ line: 2, cells }], plan, { ignoreTemplate: [] }).rows[0]!;

  it("stages the phone, email and values the export escaped as they were", () => {
    expect(prepare(["'+12125550123", "'@x@example.com", "'=SUM(A1)", "'-5"])).toMatchObject({
      fail: null,
      phones: ["+12125550123"],
      phonesRaw: ["+12125550123"],
      vals: ["=SUM(A1)", "-5"],
    });
  });

  it("reads +15551234567 back as written (phone validation then refuses its 555 area code, as for any file)", () => {
    expect(prepare(["'+15551234567", "a@example.com", "", ""])).toMatchObject({ phone: "+15551234567", emails: ["a@example.com"] });
  });
});
