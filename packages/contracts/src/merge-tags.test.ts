import { describe, expect, it } from "vitest";
import { mergeTagProblems, withFallback } from "./merge-tags";

describe("withFallback", () => {
  it.each([
    ["Ann", "there", "Ann"],
    ["", "there", "there"],
    ["   ", "there", "there"],
    ["", undefined, ""],
    [" ", "", " "],
  ])("%j with %j is %j", (value, fallback, expected) => {
    expect(withFallback(value, fallback)).toBe(expected);
  });
});

describe("mergeTagProblems", () => {
  it("accepts tags with and without fallbacks", () => {
    expect(mergeTagProblems("Hi {{first_name|there}}, {{source}} {{link}} {{random:1-9}} {{a b}}")).toEqual([]);
  });
  it("refuses an empty fallback", () => {
    expect(mergeTagProblems("Hi {{first_name|}}")).toEqual([
      "The fallback of {{first_name|}} is empty: write what a lead without a first_name sees, or remove the |.",
    ]);
    expect(mergeTagProblems("Hi {{first_name|  }}")).toHaveLength(1);
  });
  it("refuses a fallback on our own links", () => {
    expect(mergeTagProblems("{{link|x}}")).toEqual(["{{link}} takes no fallback: Leadflow always fills it. Write {{link}}."]);
  });
  it.each([
    "{{first_name|a|b}}",
    "{{first_name|a}b}}",
    "{{first_name|a{b}}",
    "{{first_name|a\nb}}",
    `{{first_name|${"x".repeat(101)}}}`,
    "{{x|open",
  ])("refuses %j, which is no tag", (text) => {
    expect(mergeTagProblems(text)[0]).toMatch(/is not a tag Leadflow can fill/);
  });
});
