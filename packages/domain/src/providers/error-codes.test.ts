import { describe, expect, it } from "vitest";
import { providerErrorTitle } from "./error-codes";

describe("the Error column", () => {
  it.each([
    ["sms", "gateway1", "30007", null, "30007 — Carrier filtered the message"],
    ["sms", "sandbox", "30008", null, "30008 — Unknown error"],
    ["sms", "gateway1", "21610", "Opted out at the provider", "21610 — The recipient replied STOP"],
    ["email", "aws_ses", "Permanent:General", null, "Permanent:General — Hard bounce: the address does not accept mail"],
    ["email", "sandbox", "abuse", null, "abuse — Marked as spam"],
    ["sms", "gateway14", "invalid_number", null, "invalid_number — The number is not valid"],
    ["sms", "gateway1", "no_sender", null, "no_sender — No sender to send it from"],
    ["sms", "gateway10", "40300", "Opted out at the provider", "40300 — Opted out at the provider"],
    ["sms", "gateway10", "40999", null, "40999"],
    ["sms", "gateway1", null, "Landline", "Landline"],
    ["sms", "gateway1", null, null, null],
  ] as const)("%s %s %s reads %s", (kind, type, code, fallback, title) => {
    expect(providerErrorTitle(kind, type, code, fallback)).toBe(title === null ? null : title);
  });

  it("takes a Twilio code's meaning only for Twilio's kind of gateway", () => {
    expect(providerErrorTitle("sms", "gateway11", "30007", null)).toBe("30007");
  });
});
