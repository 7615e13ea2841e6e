import type { TeamMessaging } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { brandShortened, messagingFormResolver, messagingFormValues, previewAnswers } from "./messaging-form";

const messaging: TeamMessaging = {
  brand_name: null,
  help_contact: null,
  stop_preview: "",
  help_preview: "",
  start_preview: "",
  default_brand: "Jo's team",
  default_contact: "jo@acme.test",
  templates: {
    stop: "{{brand}}: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
    start: "{{brand}}: You are resubscribed. Reply HELP for help, STOP to opt out.",
    help: "{{brand}}: Help at {{contact}}. Msg&data rates may apply. Reply STOP to opt out.",
  },
};

const resolve = (values: { brand_name: string; help_contact: string }) =>
  messagingFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false, criteriaMode: "firstError" });

describe("messaging form", () => {
  it("previews the defaults while the fields are empty, and the typed values as soon as they are typed", () => {
    const empty = previewAnswers(messaging, messagingFormValues(messaging));
    expect(empty.help.text).toBe("Jo's team: Help at jo@acme.test. Msg&data rates may apply. Reply STOP to opt out.");
    const typed = previewAnswers(messaging, { brand_name: " Acme ", help_contact: "acme.test" });
    expect([typed.stop.text, typed.help.text, typed.start.text]).toEqual([
      "Acme: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
      "Acme: Help at acme.test. Msg&data rates may apply. Reply STOP to opt out.",
      "Acme: You are resubscribed. Reply HELP for help, STOP to opt out.",
    ]);
    expect(brandShortened(typed.stop, messaging, { brand_name: " Acme ", help_contact: "" })).toBe(false);
  });

  it("tells when the brand had to be cut, and leaves out a contact sentence without a contact", () => {
    const noAdmin = { ...messaging, default_contact: null, default_brand: `Acme ${"Flowers ".repeat(12)}Inc` };
    const values = { brand_name: "", help_contact: "" };
    const answers = previewAnswers(noAdmin, values);
    expect(answers.help.text).toMatch(/^Acme Flowers.*: Msg&data rates may apply\. Reply STOP to opt out\.$/);
    expect(brandShortened(answers.stop, noAdmin, values)).toBe(true);
    expect(answers.stop.fits).toBe(true);
  });

  it("checks the fields with the contract's messages and sends blanks as unset", async () => {
    expect(await resolve({ brand_name: "  ", help_contact: "" })).toEqual({ values: { brand_name: null, help_contact: null }, errors: {} });
    const bad = await resolve({ brand_name: "Acme", help_contact: "call Bob" });
    expect(bad.errors.help_contact?.message).toBe("Enter a phone number, an email address or a web address.");
  });
});
