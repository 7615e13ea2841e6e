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

  // How fast a refusal is, is B11's business (bench/src/validation); here, that the guards stand where they should.
  it("refuses a value over 1,024 characters before reading it: padding around a good address is not trimmed", () => {
    const padded = (length: number) => `${" ".repeat(length - "a@b.com".length)}a@b.com`;
    expect(normalizeEmail(padded(1024))).toEqual({ ok: true, email: "a@b.com" });
    expect(normalizeEmail(padded(1025))).toMatchObject({ ok: false, reason: "too_long" });
    for (const raw of [`${"a".repeat(50_000)}@example.com`, padded(50_000), "@".repeat(50_000)]) {
      expect(normalizeEmail(raw)).toMatchObject({ ok: false, reason: "too_long" });
    }
  });

  it("hands the pattern checks at most 254 characters, the local part's at most 64", () => {
    // 64 + "@" + three labels of 63, 63 and the rest + ".com".
    const address = (length: number) => `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(length - 197)}.com`;
    expect(normalizeEmail(address(254))).toEqual({ ok: true, email: address(254) });
    expect(normalizeEmail(address(255))).toMatchObject({ ok: false, reason: "too_long" });
    expect(normalizeEmail(`${"a.".repeat(40)}a@example.com`)).toMatchObject({ ok: false, reason: "local_part_too_long" });
  });
});
