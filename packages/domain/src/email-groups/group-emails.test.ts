import { describe, expect, it } from "vitest";
import { checkGroupEmails } from "./group-emails";

describe("spam group emails", () => {
  it("normalises, keeps the first of duplicates and the order given", () => {
    expect(checkGroupEmails([" Seed@Example.com ", "mailto:trap@mail.test", "seed@example.com", "<other@Example.org>"])).toEqual({
      ok: true,
      emails: ["seed@example.com", "trap@mail.test", "other@example.org"],
    });
  });

  it("names every bad address on its index", () => {
    const check = checkGroupEmails(["ok@example.com", "no-at-sign", "   ", "x@localhost", "fine@example.net"]);
    expect(check).toEqual({
      ok: false,
      errors: {
        "emails.1": ['"no-at-sign" — The email address is not valid: it needs one @ and no spaces, like name@example.com.'],
        "emails.2": ["Email 3 is empty."],
        "emails.3": ['"x@localhost" — The email address\'s domain is not valid.'],
      },
    });
  });

  it("shortens a very long value in its message", () => {
    const check = checkGroupEmails([`${"a".repeat(300)}@example.com`]);
    expect(check.ok).toBe(false);
    const message = !check.ok ? check.errors["emails.0"]![0]! : "";
    expect(message).toContain(`"${"a".repeat(80)}…"`);
    expect(message.length).toBeLessThan(160);
  });
});
