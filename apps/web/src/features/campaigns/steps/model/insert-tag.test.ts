import { describe, expect, it } from "vitest";
import { insertAt } from "./insert-tag";

describe("insertAt", () => {
  it.each([
    ["at the caret, mid-text", "Hi there", 3, 3, { text: "Hi {{link}}there", caret: 11 }],
    ["at the start", "Hi", 0, 0, { text: "{{link}}Hi", caret: 8 }],
    ["at the end", "Hi ", 3, 3, { text: "Hi {{link}}", caret: 11 }],
    ["over a selection", "Hi NAME!", 3, 7, { text: "Hi {{link}}!", caret: 11 }],
    ["into an empty message", "", 0, 0, { text: "{{link}}", caret: 8 }],
  ])("puts the tag %s and the caret right after it", (_, text, start, end, expected) => {
    expect(insertAt(text, "{{link}}", start, end)).toEqual(expected);
  });

  it("goes to the end when the field reports no caret (never focused)", () => {
    expect(insertAt("Hello", "{{source}}")).toEqual({ text: "Hello{{source}}", caret: 15 });
    expect(insertAt("Hello", "{{source}}", null, null)).toEqual({ text: "Hello{{source}}", caret: 15 });
  });

  it("treats positions past the text or a reversed selection safely", () => {
    expect(insertAt("abc", "X", 10, 12)).toEqual({ text: "abcX", caret: 4 });
    expect(insertAt("abcdef", "X", 4, 2)).toEqual({ text: "abcdXef", caret: 5 });
  });

  it("keeps typing going after the tag: a second insert at the returned caret follows the first", () => {
    const first = insertAt("Hi !", "{{first_name}}", 3, 3);
    const second = insertAt(first.text, " {{last_4_digits}}", first.caret, first.caret);
    expect(second.text).toBe("Hi {{first_name}} {{last_4_digits}}!");
  });
});
