import { describe, expect, it } from "vitest";
import { checkIgnoreTemplateEntry, compileIgnoreTemplate } from "./phone-ignore-template";

describe("checkIgnoreTemplateEntry", () => {
  it.each([
    ["555*", null],
    ["(555) 555-5555", null],
    ["+1 555 *", null],
    ["555-???-????", null],
    ["５５５*", null],
    ["*", "An entry needs at least 3 digits."],
    ["55*", "An entry needs at least 3 digits."],
    ["555-CALL", "Use digits, with * for any digits and ? for one digit (and + for an international number)."],
    ["1+555", "A + can only start the number."],
  ])("%j → %j", (entry, want) => {
    expect(checkIgnoreTemplateEntry(entry)).toBe(want);
  });
});

describe("compileIgnoreTemplate", () => {
  it("compiles once per array and skips invalid entries", () => {
    const entries = ["555*", "*", "abc", "+4420*", "+44*"];
    const a = compileIgnoreTemplate(entries);
    expect(a.map((p) => [p.entry, p.international, p.re.source])).toEqual([
      ["555*", false, "^555\\d*$"],
      ["+4420*", true, "^4420\\d*$"],
    ]);
    expect(compileIgnoreTemplate(entries)).toBe(a);
  });
});
