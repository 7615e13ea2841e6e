import { REVENUE_TOKEN } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { stripRevenueToken, withRevenueToken } from "./revenue-token";

const token = `revenue=${REVENUE_TOKEN}`;
const withLink = "Deal inside {{link}}";

describe("withRevenueToken", () => {
  it.each([
    ["adds it as the only parameter", "https://shop.io/a", `https://shop.io/a?${token}`],
    ["adds it after other parameters", "https://shop.io/a?utm=sms", `https://shop.io/a?utm=sms&${token}`],
    ["adds it once, however often applied", `https://shop.io/a?${token}`, `https://shop.io/a?${token}`],
  ])("with tracking on and the link in the message, %s", (_, redirect, expected) => {
    expect(withRevenueToken(redirect, true, withLink)).toBe(expected);
    expect(withRevenueToken(withRevenueToken(redirect, true, withLink), true, withLink)).toBe(expected);
  });

  it.each([
    ["alone", `https://shop.io/a?${token}`, "https://shop.io/a"],
    ["last", `https://shop.io/a?utm=sms&${token}`, "https://shop.io/a?utm=sms"],
    ["first", `https://shop.io/a?${token}&utm=sms`, "https://shop.io/a?utm=sms"],
    ["in the middle", `https://shop.io/a?x=1&${token}&y=2`, "https://shop.io/a?x=1&y=2"],
  ])("turning tracking off strips the token (%s)", (_, redirect, expected) => {
    expect(withRevenueToken(redirect, false, withLink)).toBe(expected);
    expect(stripRevenueToken(redirect)).toBe(expected);
  });

  it("removing the link placeholder strips the token even with tracking on", () => {
    expect(withRevenueToken(`https://shop.io/a?utm=sms&${token}`, true, "No link any more")).toBe("https://shop.io/a?utm=sms");
  });

  it("leaves an empty redirect empty", () => {
    expect(withRevenueToken("", true, withLink)).toBe("");
  });

  it("leaves other parameters alone when there is nothing to strip", () => {
    expect(withRevenueToken("https://shop.io/a?revenue=5", false, withLink)).toBe("https://shop.io/a?revenue=5");
  });
});
