import { describe, expect, it } from "vitest";
import { normalizeKeywordWord, normalizeKeywordWords, SaveKeyword } from "./keywords";

describe("keyword words", () => {
  it.each([
    [" stop ", "STOP"],
    ["ｊｏｉｎ", "JOIN"],
    ["hello \t  world", "HELLO WORLD"],
    ["ﬁnd", "FIND"],
    ["café", "CAFÉ"],
  ])("%j → %j", (raw, expected) => {
    expect(normalizeKeywordWord(raw)).toBe(expected);
  });

  it("drops blanks and repeats, keeping the first order", () => {
    expect(normalizeKeywordWords(["b", " a", "B", "  ", "A "])).toEqual(["B", "A"]);
  });
});

describe("SaveKeyword", () => {
  it("reads * alone as every number and keeps the list and campaign only for their action", () => {
    const r = SaveKeyword.parse({
      values: { values: ["x"], phones: ["+12124567890", "*"] },
      action: "reply",
      response_message: " Hi ",
      list_id: 4,
      automation_campaign_id: 7,
    });
    expect(r).toMatchObject({ values: { phones: ["*"] }, response_message: "Hi", list_id: null, automation_campaign_id: null });
  });

  it("needs a message for Reply and a list for Subscribe", () => {
    const issues = (v: object) => SaveKeyword.safeParse(v).error?.issues.map((i) => i.path.join("."));
    expect(issues({ values: { values: ["x"] }, action: "reply" })).toEqual(["response_message"]);
    expect(issues({ values: { values: ["x"] }, action: "subscribe", list_id: "" })).toEqual(["list_id"]);
    expect(issues({ values: { values: ["x"] }, action: "unsubscribe" })).toBeUndefined();
  });
});
