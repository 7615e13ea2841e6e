import { describe, expect, it } from "vitest";
import { newLinkCode } from "./link-code";
import { type MessageValues, renderMessage } from "./render-message";

const values: MessageValues = {
  link: "https://go.example.com/AbCdEfGhIj",
  unsubscribeUrl: "https://app.example.com/u/XyZ",
  source: "Web",
  list: "April",
  phone: "+12015550123",
  attributes: { first_name: "Ann", city: "", phone: "+12015550123", prénom: "Zoé", source: "attribute wins?" },
};
/** Always the lower bound plus 7, so a test can see which bounds were used. */
const fixed = (min: number) => min + 7;

describe("renderMessage", () => {
  it.each([
    ["Hi {{first_name}}!", "Hi Ann!"],
    ["{{link}} from {{source}} / {{list}}", "https://go.example.com/AbCdEfGhIj from Web / April"],
    ["ends in {{last_4_digits}}", "ends in 0123"],
    ["code {{random:100-5000}}", "code 107"],
    ["reversed {{random:5000-100}}", "reversed 107"],
    ["no value: [{{city}}]", "no value: []"],
    ["unicode slug {{prénom}}", "unicode slug Zoé"],
    ["built-in wins: {{source}}", "built-in wins: Web"],
    ["unknown {{nickname}} stays", "unknown {{nickname}} stays"],
    ["not a placeholder {{ first_name }} {first_name} {{}}", "not a placeholder {{ first_name }} {first_name} {{}}"],
    ["{{unsubscribe_url}}", "https://app.example.com/u/XyZ"],
    ["twice {{first_name}} {{first_name}}", "twice Ann Ann"],
    ["", ""],
  ])("%j → %j", (template, expected) => {
    expect(renderMessage(template, values, fixed)).toBe(expected);
  });

  it("does not fill a value that looks like a placeholder", () => {
    const sneaky = { ...values, attributes: { first_name: "{{link}}" } };
    expect(renderMessage("Hi {{first_name}}", sneaky, fixed)).toBe("Hi {{link}}");
  });

  it("draws random numbers inside the bounds by default", () => {
    for (let i = 0; i < 200; i++) {
      const n = Number(renderMessage("{{random:100-110}}", values));
      expect(n).toBeGreaterThanOrEqual(100);
      expect(n).toBeLessThanOrEqual(110);
    }
  });

  it("falls back to no digits for a phone without any", () => {
    expect(renderMessage("[{{last_4_digits}}]", { ...values, phone: "" }, fixed)).toBe("[]");
  });
});

describe("newLinkCode", () => {
  it("is 10 or 11 base62 characters and differs per call", () => {
    const codes = new Set(Array.from({ length: 500 }, () => newLinkCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{10,11}$/);
    expect([...codes].some((c) => c.length === 10)).toBe(true);
    expect([...codes].some((c) => c.length === 11)).toBe(true);
  });
});
