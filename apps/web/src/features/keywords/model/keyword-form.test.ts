import type { Keyword } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { EMPTY_KEYWORD_FORM, keywordFormFromRecord, keywordFormResolver, nextPhones, nextWords, toSaveRequest } from "./keyword-form";

const resolve = (values: typeof EMPTY_KEYWORD_FORM) =>
  keywordFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false, criteriaMode: "firstError" });

describe("keyword form", () => {
  it("adds words trimmed and upper case, a repeat once", () => {
    expect(nextWords(["JOIN", " join ", "promo "])).toEqual(["JOIN", "PROMO"]);
  });

  it.each([
    [["+12124567890"], ["+12124567890", "*"], ["*"]],
    [["*"], ["*", "+12124567890"], ["+12124567890"]],
    [["+1", "+2"], ["+2"], ["+2"]],
    [["*"], [], []],
  ])("numbers %j then %j → %j", (previous, next, expected) => {
    expect(nextPhones(previous, next)).toEqual(expected);
  });

  it("sends the list only for Subscribe and the campaign only for Trigger", () => {
    const values = {
      ...EMPTY_KEYWORD_FORM,
      words: ["JOIN"],
      list: { id: 4, name: "L" },
      automation_campaign_id: 9,
      gateway_id: 3 as const,
    };
    expect(toSaveRequest(values)).toEqual({
      values: { values: ["JOIN"], phones: ["*"] },
      gateway_id: 3,
      action: "reply",
      response_message: "",
      list_id: null,
      double_opt_in: false,
      automation_campaign_id: null,
    });
    expect(toSaveRequest({ ...values, action: "subscribe" }).list_id).toBe(4);
  });

  it("puts the contract's messages on the dialog's fields", async () => {
    const bad = await resolve({ ...EMPTY_KEYWORD_FORM, action: "subscribe", phones: [] });
    expect(Object.keys(bad.errors).sort()).toEqual(["list", "phones", "words"]);
    const good = await resolve({ ...EMPTY_KEYWORD_FORM, words: ["JOIN"], response_message: "Hi" });
    expect(good.errors).toEqual({});
  });

  it("opens a saved keyword as it is", () => {
    const k: Keyword = {
      id: 1,
      values: { values: ["JOIN"], phones: ["+12124567890"] },
      is_system: false,
      gateway: { id: 2, name: "Twilio" },
      response_message: "Hi",
      action: "subscribe",
      list: { id: 5, name: "VIP" },
      double_opt_in: false,
      automation_campaign_id: null,
      created_at: "2026-01-01T00:00:00Z",
    };
    expect(keywordFormFromRecord(k)).toEqual({
      words: ["JOIN"],
      phones: ["+12124567890"],
      gateway_id: 2,
      action: "subscribe",
      list: { id: 5, name: "VIP" },
      double_opt_in: false,
      automation_campaign_id: null,
      response_message: "Hi",
    });
  });
});
