import { z } from "zod";
import { text } from "./common";
import type { SystemKeywordAction } from "./keywords";
import { smsLength } from "./sms-length";

/*
 * The team's messaging profile: the brand and the help contact its STOP, START and HELP answers name (the CTIA
 * Messaging Principles ask that every one of them says who is texting, and HELP how to reach a person). The system
 * keywords' texts are templates with `{{brand}}` and `{{contact}}`; this file fills them, for the inbound handler
 * and for the settings card's live preview alike, so the preview is what is sent.
 */

export const TeamMessagingLimits = { brandName: 40, helpContact: 60 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
const WEB = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const PHONE = /^\+?[\d\s().-]+$/;
/** Short codes (5 digits) up to E.164's 15. */
const PHONE_DIGITS = { min: 5, max: 15 } as const;

/** A phone number, an email address or a web address: something a person reads and can reach someone at. */
export function isHelpContact(value: string): boolean {
  if (EMAIL.test(value) || WEB.test(value)) return true;
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** Blank, absent and null all mean "not set" (then the team's name, or its first admin's email, stands in). */
const optional = (field: string, tidy: (v: string) => string) =>
  text({ error: `The ${field} must be text.` })
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : tidy(v)));

/** PUT /api/sms-keywords/messaging. */
export const SaveTeamMessaging = z.object({
  brand_name: optional("brand name", (v) => v.trim().replace(/\s+/g, " ")).pipe(
    z
      .string()
      .max(TeamMessagingLimits.brandName, `The brand name may not be greater than ${TeamMessagingLimits.brandName} characters.`)
      .nullable(),
  ),
  help_contact: optional("help contact", (v) => v.trim()).pipe(
    z
      .string()
      .max(TeamMessagingLimits.helpContact, `The help contact may not be greater than ${TeamMessagingLimits.helpContact} characters.`)
      .refine(isHelpContact, "Enter a phone number, an email address or a web address.")
      .nullable(),
  ),
});
export type SaveTeamMessaging = z.infer<typeof SaveTeamMessaging>;
export type SaveTeamMessagingInput = z.input<typeof SaveTeamMessaging>;

const Templates = z.object({ stop: z.string(), start: z.string(), help: z.string() });
export type AnswerTemplates = z.infer<typeof Templates>;

export const TeamMessaging = z.object({
  brand_name: z.string().nullable(),
  help_contact: z.string().nullable(),
  /** The answers as they are sent now; empty when the operator turned that answer off. */
  stop_preview: z.string(),
  help_preview: z.string(),
  start_preview: z.string(),
  /** What stands in for an unset brand (the team's name) and contact (the first team admin's email, if any). */
  default_brand: z.string(),
  default_contact: z.string().nullable(),
  /** The system texts the previews fill, so a form can preview values before they are saved. */
  templates: Templates,
});
export type TeamMessaging = z.infer<typeof TeamMessaging>;

/** Who an answer says is texting, and where to reach them (null: the HELP answer leaves its contact sentence out). */
export interface AnswerSender {
  brand: string;
  contact: string | null;
}

/** The sender of a team's answers: its own values, else its defaults. */
export const answerSender = (
  saved: { brand_name: string | null; help_contact: string | null },
  defaults: { default_brand: string; default_contact: string | null },
): AnswerSender => ({
  brand: saved.brand_name ?? defaults.default_brand,
  contact: saved.help_contact ?? defaults.default_contact,
});

// The sentence that holds `{{contact}}` ("Help at {{contact}}. "), from its first word to its end and the space after.
const CONTACT_SENTENCE = /(?:[^.!?:\s][^.!?:]*)?\{\{contact\}\}[^.!?]*[.!?]?\s*/g;
const BRAND_LEAD = /\{\{brand\}\}\s*:?\s*/g;
const PLACEHOLDER = /\{\{(brand|contact)\}\}/g;

/**
 * A template with the brand and the contact put in, as they are: without a contact its sentence goes (no "Help at ."),
 * without a brand its "{{brand}}: " lead. One pass, so a brand that reads `{{contact}}` stays that text.
 */
export function fillAnswer(template: string, brand: string, contact: string | null): string {
  let t = contact?.trim() ? template : template.replace(CONTACT_SENTENCE, "");
  if (!brand.trim()) t = t.replace(BRAND_LEAD, "");
  return t.replace(PLACEHOLDER, (_, name: string) => (name === "brand" ? brand.trim() : (contact?.trim() ?? ""))).trim();
}

const fitsOnePart = (message: string) => smsLength(message, { placeholders: false }).parts <= 1;

/** Letters Unicode does not decompose, and typographic punctuation, by their plain forms. */
const PLAIN: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Œ: "OE",
  œ: "oe",
  ı: "i",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "…": "...",
};

/** The brand in the GSM-7 alphabet: accents dropped ("Łódź" → "Lodz" where Unicode can), other such characters left out. */
function gsmBrand(brand: string): string {
  let out = "";
  for (const c of brand) {
    if (fitsGsm(c)) out += c;
    else {
      const plain = PLAIN[c] ?? c.normalize("NFKD").replace(/\p{M}/gu, "");
      if (plain && fitsGsm(plain)) out += plain;
    }
  }
  return out.replace(/\s+/g, " ").trim();
}
const fitsGsm = (s: string) => smsLength(s, { placeholders: false }).encoding === "GSM-7";

/** The brand's first `n` words, without the comma or "&" a cut leaves at its end. */
function firstWords(brand: string, n: number): string {
  const words = brand.split(" ");
  return n >= words.length
    ? brand
    : words
        .slice(0, n)
        .join(" ")
        .replace(/[^\p{L}\p{N})]+$/u, "");
}

export interface RenderedAnswer {
  text: string;
  /** The brand as it was put in: the team's own, or shortened so the answer fits. */
  brand: string;
  /** The answer is one SMS part. */
  fits: boolean;
}

/**
 * A system answer for the team, in ONE SMS part. The rule, when the brand makes it longer than a part (GSM-7: 160
 * characters; Unicode: 70): the brand loses its last words, one at a time, until the answer fits — a cut at a word
 * boundary, no ellipsis. At each length the brand's own letters come first, then the same words in the GSM-7
 * alphabet (accents dropped), because one letter outside it makes the whole answer Unicode, and no default answer
 * fits 70. The first word always stays. When nothing fits (an operator's own long text) the answer goes with the
 * whole brand, in more parts: a confirmation that names its sender beats a shorter one.
 */
export function renderSystemAnswer(template: string, sender: AnswerSender): RenderedAnswer {
  const brand = sender.brand.trim().replace(/\s+/g, " ");
  const full = fillAnswer(template, brand, sender.contact);
  if (!template.includes("{{brand}}") || fitsOnePart(full)) return { text: full, brand, fits: fitsOnePart(full) };
  const gsm = gsmBrand(brand);
  for (let n = brand.split(" ").length; n >= 1; n--) {
    for (const candidate of [firstWords(brand, n), gsm && firstWords(gsm, n)]) {
      if (!candidate) continue;
      const message = fillAnswer(template, candidate, sender.contact);
      if (fitsOnePart(message)) return { text: message, brand: candidate, fits: true };
    }
  }
  return { text: full, brand, fits: false };
}

/** The three answers for the team (an empty template stays empty: that answer is not sent). */
export function renderTeamAnswers(templates: AnswerTemplates, sender: AnswerSender): Record<SystemKeywordAction, RenderedAnswer> {
  const render = (template: string) =>
    template.trim() ? renderSystemAnswer(template, sender) : { text: "", brand: sender.brand, fits: true };
  return { stop: render(templates.stop), start: render(templates.start), help: render(templates.help) };
}
