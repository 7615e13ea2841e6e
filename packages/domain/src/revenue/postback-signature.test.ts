import { describe, expect, it } from "vitest";
import { newPostbackSecret, newPostbackToken, signPostback, verifyPostbackSignature } from "./postback-signature";

const secret = "0f".repeat(32);
// Computed outside Node (Python's hmac module): the documented formula, not this file's code, fixes the value.
const known = "51f8d40a38c40df1de04cd5bda5e8ce4349fb55d2ef58dd8adcf7beaf2215968";

describe("postback signature", () => {
  it("is hex(HMAC-SHA256(secret, click_id + '.' + amount)) with the secret's text as the key", () => {
    expect(signPostback(secret, "abc123", "12.50")).toBe(known);
  });

  it.each([
    ["the signature", "abc123", "12.50", known, true],
    ["an upper-case signature", "abc123", "12.50", known.toUpperCase(), true],
    ["another amount", "abc123", "12.5", known, false],
    ["another click id", "abc124", "12.50", known, false],
    ["the parts joined without the dot", "abc12", "3.12.50", known, false],
    ["one changed character", "abc123", "12.50", `${known.slice(0, -1)}9`, false],
    ["a truncated signature", "abc123", "12.50", known.slice(0, 62), false],
    ["a longer signature", "abc123", "12.50", `${known}00`, false],
    ["no signature", "abc123", "12.50", "", false],
    ["a signature that is not hex", "abc123", "12.50", `${known.slice(0, -2)}zz`, false],
  ])("%s → %s", (_label, clickId, amount, sig, ok) => {
    expect(verifyPostbackSignature(secret, clickId, amount, sig)).toBe(ok);
  });

  it("refuses a missing signature and another tracking's secret", () => {
    expect(verifyPostbackSignature(secret, "abc123", "12.50", undefined)).toBe(false);
    expect(verifyPostbackSignature(secret, "abc123", "12.50", null)).toBe(false);
    expect(verifyPostbackSignature("1f".repeat(32), "abc123", "12.50", known)).toBe(false);
  });
});

describe("postback token and secret", () => {
  it("makes 24-character base62 tokens that do not repeat", () => {
    const tokens = Array.from({ length: 2000 }, () => newPostbackToken());
    for (const token of tokens) expect(token).toMatch(/^[0-9A-Za-z]{24}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Every character of the alphabet turns up: the skip of biased bytes leaves none out.
    expect(new Set(tokens.join("")).size).toBe(62);
  });

  it("makes a 32-byte hex secret", () => {
    const a = newPostbackSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newPostbackSecret()).not.toBe(a);
  });
});
