import { describe, expect, it } from "vitest";
import { formatBytes, isAcceptedFile, listOptionsFor, targetProblem, withChosen } from "./import-target";
import { addValues, entryProblem, sameValues } from "./phone-template";

describe("isAcceptedFile", () => {
  it.each([
    ["leads.csv", true],
    ["LEADS.TSV", true],
    ["book.xlsx", true],
    ["feed.xml", true],
    ["book.xls", false],
    ["notes.txt", false],
    ["csv", false],
  ])("%s → %s", (name, ok) => expect(isAcceptedFile(name)).toBe(ok));
});

describe("targetProblem", () => {
  it.each([
    [null, null, "noSource"],
    [{ id: null, name: "  " }, { id: 1, name: "L" }, "noSource"],
    [{ id: 1, name: "S" }, null, "noList"],
    [{ id: null, name: "New source" }, { id: null, name: "New list" }, null],
    [{ id: 1, name: "S" }, { id: 2, name: "L" }, null],
  ] as const)("%j + %j → %s", (source, list, expected) => expect(targetProblem(source, list)).toBe(expected));
});

describe("listOptionsFor", () => {
  const seen = new Map([[1, [{ id: 10, name: "A" }]]]);
  it("offers an existing source's lists", () => expect(listOptionsFor({ id: 1, name: "S" }, seen)).toEqual([{ id: 10, name: "A" }]));
  it("offers nothing for a source still to be created", () => expect(listOptionsFor({ id: null, name: "S" }, seen)).toEqual([]));
  it("offers nothing for a source not seen yet", () => expect(listOptionsFor({ id: 2, name: "S" }, seen)).toEqual([]));
});

describe("withChosen", () => {
  const options = [{ id: 1, name: "A" }];
  it.each([
    [null, [1]],
    [{ id: 1, name: "A" }, [1]],
    [{ id: null, name: "New" }, [1]],
    [{ id: 9, name: "Far away" }, [9, 1]],
  ] as const)("%j → ids %j", (chosen, ids) => expect(withChosen(options, chosen).map((o) => o.id)).toEqual(ids));
});

describe("formatBytes", () => {
  it.each([
    [512, "512 B"],
    [1536, "1.5 KB"],
    [20 * 1024 * 1024, "20 MB"],
  ])("%i → %s", (n, s) => expect(formatBytes(n)).toBe(s));
});

describe("phone template entries (the server's rule)", () => {
  it.each([
    ["555*", null],
    ["(555) 555-5555", null],
    ["+1 555 *", null],
    ["555-???-????", null],
    ["５５５*", null],
    ["*", "tooFewDigits"],
    ["55*", "tooFewDigits"],
    ["555-CALL", "characters"],
    ["1+555", "plusPosition"],
  ])("%j → %j", (entry, problem) => expect(entryProblem(entry)).toBe(problem));

  const validate = (v: string) => (entryProblem(v) ? `bad ${v}` : null);
  it("adds several pasted values, keeping spaces inside a number and skipping duplicates", () =>
    expect(addValues(["555*"], "555*, (212) 555-0100\n+1888*", { validate })).toEqual({
      values: ["555*", "(212) 555-0100", "+1888*"],
      error: null,
    }));
  it("stops at the first refused value", () =>
    expect(addValues([], "777*; abc; 888*", { validate })).toEqual({ values: ["777*"], error: "bad abc" }));
  it("answers the same array when nothing changed", () => {
    const current = ["555*"];
    expect(addValues(current, "555*").values).toBe(current);
  });
  it.each([
    [["a", "b"], ["b", "a"], true],
    [["a"], ["a", "b"], false],
    [["a", "c"], ["a", "b"], false],
  ])("%j same as %j: %s", (a, b, same) => expect(sameValues(a, b)).toBe(same));
});
