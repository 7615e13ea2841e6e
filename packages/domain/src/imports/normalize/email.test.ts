import { describe, expect, it } from "vitest";
import { type EmailRejectReason, normalizeEmail } from "./email";

describe("normalizeEmail", () => {
  it.each([
    ["john@example.com", "john@example.com"],
    ["  John.Doe@Example.COM \t", "john.doe@example.com"],
    ["JOHN+leads@EXAMPLE.co.uk", "john+leads@example.co.uk"],
    ["mailto:Jane@Example.com", "jane@example.com"],
    ["<jane@example.com>", "jane@example.com"],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ["user@bücher.de", "user@bücher.de"],
    ["ПОЧТА@пример.рф", "почта@пример.рф"],
    ["user@xn--bcher-kva.de", "user@xn--bcher-kva.de"],
    ["trailing@example.com.", "trailing@example.com"],
    [`${"a".repeat(64)}@example.com`, `${"a".repeat(64)}@example.com`],
  ])("%j → %j", (raw, email) => {
    expect(normalizeEmail(raw)).toEqual({ ok: true, email });
  });

  it.each<[string, EmailRejectReason]>([
    ["", "empty"],
    ["   ", "empty"],
    ["john", "invalid_format"],
    ["john@@example.com", "invalid_format"],
    ["a@b@example.com", "invalid_format"],
    ["@example.com", "invalid_format"],
    ["john doe@example.com", "invalid_format"],
    ["john..doe@example.com", "invalid_format"],
    [".john@example.com", "invalid_format"],
    ['"john"@example.com', "invalid_format"],
    ["John Doe <john@example.com>", "invalid_format"],
    ["<img src=x onerror=alert(1)>@x.com", "invalid_format"],
    ["john@", "invalid_domain"],
    ["john@localhost", "invalid_domain"],
    ["john@example", "invalid_domain"],
    ["john@example.c", "invalid_domain"],
    ["john@1.2.3.4", "invalid_domain"],
    ["john@-example.com", "invalid_domain"],
    ["john@exa_mple.com", "invalid_domain"],
    ["john@example..com", "invalid_domain"],
    [`${"a".repeat(65)}@example.com`, "local_part_too_long"],
    [`john@${"a".repeat(250)}.com`, "too_long"],
  ])("%j → %s", (raw, reason) => {
    const r = normalizeEmail(raw);
    expect(r).toMatchObject({ ok: false, reason });
    if (!r.ok) expect(r.message).toMatch(/^The (part of the )?email address/);
  });

  it("refuses a 50,000-character value in well under 5 ms", () => {
    for (const raw of [`${"a".repeat(50_000)}@example.com`, `${" ".repeat(49_990)}a@b.com`, "@".repeat(50_000)]) {
      const started = performance.now();
      expect(normalizeEmail(raw)).toMatchObject({ ok: false, reason: "too_long" });
      expect(performance.now() - started).toBeLessThan(5);
    }
  });
});
