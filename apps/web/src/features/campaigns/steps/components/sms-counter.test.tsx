import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SmsCounter } from "./sms-counter";

/** The counter's own text, as a person reads it. */
const counter = (message: string, partPrice: number | null = 0.01) => {
  const html = renderToStaticMarkup(<SmsCounter message={message} partPrice={partPrice} />);
  return /data-testid="sms-counter"[^>]*>([^<]*)</.exec(html)?.[1];
};

describe("SmsCounter", () => {
  it("counts GSM-7 up to 160 characters as one part, and 161 as two", () => {
    expect(counter("a".repeat(160))).toBe("160 characters · 1 part · GSM-7 · $0.01");
    expect(counter("a".repeat(161))).toBe("161 characters · 2 parts · GSM-7 · $0.02");
    expect(counter("a".repeat(307))).toBe("307 characters · 3 parts · GSM-7 · $0.03");
  });

  it("counts UCS-2 up to 70 characters as one part, and 71 as two, saying why", () => {
    expect(counter("ж".repeat(70))).toBe("70 characters · 1 part · UCS-2 · $0.01");
    expect(counter("ж".repeat(71))).toBe("71 characters · 2 parts · UCS-2 · $0.02");
    expect(renderToStaticMarkup(<SmsCounter message="Привет" partPrice={null} />)).toContain("Unicode because of П р и в е");
  });

  it("counts the link placeholder as the short link it becomes, at most", () => {
    expect(counter("{{link}}")).toBe("up to 40 characters · up to 1 part · GSM-7 · up to $0.01");
    expect(renderToStaticMarkup(<SmsCounter message="{{link}}" partPrice={0.01} shortDomain="go.io" />)).toContain("25 characters");
  });

  it("leaves the cost out while the campaign has no price, and shows a part's fractions of a cent", () => {
    expect(counter("Hello", null)).toBe("5 characters · 1 part · GSM-7");
    expect(counter("a".repeat(161), 0.0079)).toBe("161 characters · 2 parts · GSM-7 · $0.0158");
    expect(counter("", 0.01)).toBe("0 characters · 0 parts · GSM-7 · $0.00");
    expect(counter("a".repeat(161), 1.5)).toBe("161 characters · 2 parts · GSM-7 · $3.00");
  });

  it("says up to when a lead's value or a fallback sizes the message, and exact figures otherwise", () => {
    expect(counter("Hi {{first_name|there}}")).toBe("up to 17 characters · up to 1 part · GSM-7 · up to $0.01");
    expect(counter("Code {{random:100-999}}")).toBe("8 characters · 1 part · GSM-7 · $0.01");
  });
});
