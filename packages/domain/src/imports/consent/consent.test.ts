import { describe, expect, it } from "vitest";
import { parseCaptureTime } from "./capture-time";
import { consentFieldOf, suggestedConsentField } from "./consent-headers";
import { ConsentProblemMessages, checkConsent } from "./consent-values";

const NOW = Date.parse("2025-01-15T12:00:00Z");

describe("consent headings", () => {
  it.each([
    ["TrustedForm Cert URL", "trusted_form_cert_url"],
    ["xxTrustedFormCertUrl", "trusted_form_cert_url"],
    ["trusted_form_cert_url", "trusted_form_cert_url"],
    ["LeadiD", "leadid_token"],
    ["jornaya_leadid", "leadid_token"],
    ["Opt-in IP", "ip"],
    ["Opt-in Date", "captured_at"],
    ["Opt-in URL", "page_url"],
    ["TCPA Text", "language"],
    ["User Agent", "user_agent"],
    ["First Name", null],
    ["Phone", null],
  ] as const)("%s → %s", (heading, field) => {
    expect(consentFieldOf(heading)).toBe(field);
  });

  it("leaves a column with the team's attribute of the very same name on that attribute", () => {
    expect(suggestedConsentField("IP Address", "IP Address")).toBeNull();
    expect(suggestedConsentField("IP Address", "Address")).toBe("ip");
    expect(suggestedConsentField("IP Address", null)).toBe("ip");
  });
});

describe("capture times", () => {
  it.each([
    ["2024-05-01T14:30:00Z", "2024-05-01T14:30:00.000Z"],
    ["2024-05-01 14:30", "2024-05-01T14:30:00.000Z"],
    ["2024-05-01T14:30:00-04:00", "2024-05-01T18:30:00.000Z"],
    ["2024-05-01", "2024-05-01T00:00:00.000Z"],
    ["05/03/2024 09:15 AM", "2024-05-03T09:15:00.000Z"],
    ["05/03/2024 12:05 PM", "2024-05-03T12:05:00.000Z"],
    ["1714573800", "2024-05-01T14:30:00.000Z"],
    ["1714573800000", "2024-05-01T14:30:00.000Z"],
  ])("%s is %s", (text, iso) => {
    expect(new Date(parseCaptureTime(text)!).toISOString()).toBe(iso);
  });

  it.each(["2024-02-30", "13/01/2024", "yesterday", "2024-05-01T25:00", "05/03/2024 13:00 PM", "12345"])("%s is not one", (text) => {
    expect(parseCaptureTime(text)).toBeNull();
  });
});

describe("checkConsent", () => {
  const cert = `https://cert.trustedform.com/${"A".repeat(40)}`;

  it("keeps good values, normalised, and drops blanks", () => {
    const checked = checkConsent(
      {
        trusted_form_cert_url: cert,
        leadid_token: "0a1b2c3d-0000-4000-8000-000000000001",
        ip: "2001:db8::1",
        captured_at: "2024-05-01",
        seller: " ",
      },
      NOW,
    );
    expect(checked).toEqual({
      values: {
        trusted_form_cert_url: `https://cert.trustedform.com/${"a".repeat(40)}`,
        leadid_token: "0a1b2c3d-0000-4000-8000-000000000001",
        ip: "2001:db8::1",
        captured_at: "2024-05-01T00:00:00.000Z",
      },
      problems: [],
    });
  });

  it.each([
    ["trusted_form_cert_url", "https://evil.example.com/abc", ConsentProblemMessages.trusted_form_cert_url],
    ["trusted_form_cert_url", `http://cert.trustedform.com/${"a".repeat(40)}`, ConsentProblemMessages.trusted_form_cert_url],
    ["leadid_token", "not-a-token", ConsentProblemMessages.leadid_token],
    ["captured_at", "2025-01-15T12:10:00Z", ConsentProblemMessages.captured_at_future],
    ["captured_at", "soon", ConsentProblemMessages.captured_at],
    ["ip", "300.1.1.1", ConsentProblemMessages.ip],
    ["page_url", "javascript:alert(1)", ConsentProblemMessages.page_url],
    ["language", "x".repeat(2001), ConsentProblemMessages.too_long],
  ] as const)("refuses %s %s", (field, value, message) => {
    expect(checkConsent({ [field]: value, ip: field === "ip" ? value : "203.0.113.1" }, NOW)).toEqual({
      values: field === "ip" ? null : { ip: "203.0.113.1" },
      problems: [{ field, message }],
    });
  });

  it("takes a capture a few minutes ahead of our clock as clock skew", () => {
    expect(checkConsent({ captured_at: "2025-01-15T12:04:00Z" }, NOW).problems).toEqual([]);
  });
});
