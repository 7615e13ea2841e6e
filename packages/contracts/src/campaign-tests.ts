import { z } from "zod";
import { StepLimits } from "./campaign-steps";
import { requiredString, text } from "./common";
import { SmsEncodings } from "./sms-length";

/*
 * Test SMS / Test Email of a step (docs/inbound.md, "Tests"): the editor's current message, rendered for a
 * lead of the audience (or sample values) and sent for real through the campaign's sender; the answer is an alert.
 */

/**
 * The placeholders the step editor's tag chips insert, besides lead attributes by slug (`{{first_name}}`)
 * and the random number (`randomPlaceholder`). The renderer (domain `render-message.ts`) reads the same names.
 */
export const MessagePlaceholders = {
  link: "{{link}}",
  source: "{{source}}",
  list: "{{list}}",
  last4: "{{last_4_digits}}",
  unsubscribeUrl: "{{unsubscribe_url}}",
} as const;
/** Bounds the editor offers for the random number: 100 to 5000 by 500 (docs/product/campaigns.md). */
export const RandomPlaceholderRange = { min: 100, max: 5000, step: 500 } as const;
export const randomPlaceholder = (min: number, max: number) => `{{random:${min}-${max}}}`;

const ids = {
  id: z.coerce.number({ error: "The campaign is required." }).int().positive().max(2_147_483_647),
  step_id: z.coerce.number({ error: "The step is required." }).int().positive().max(2_147_483_647),
};

/** POST /api/campaigns/test-sms. An empty `message` sends the step's saved one. */
export const TestSms = z.object({
  ...ids,
  phone: requiredString("The phone field is required.")
    .trim()
    .min(1, "The phone field is required.")
    .max(40, "The phone number is too long."),
  message: text().max(StepLimits.message, `The message may not be greater than ${StepLimits.message} characters.`).default(""),
});
export type TestSms = z.infer<typeof TestSms>;

/** POST /api/campaigns/test-email. Empty fields fall back to the step's saved ones. */
export const TestEmail = z.object({
  ...ids,
  to_email: requiredString("The email field is required.").trim().min(1, "The email field is required.").max(320, "The email is too long."),
  from_name: text().trim().max(191).nullish(),
  sender: text().trim().max(320).nullish(),
  subject: text().trim().max(998, "The subject is too long.").nullish(),
  message: text().max(StepLimits.emailBody, "The body is too long.").default(""),
});
export type TestEmail = z.infer<typeof TestEmail>;

/**
 * What became of the test (the send adapter's outcome): accepted by the provider, refused by it (its words),
 * throttled (not taken; try later) or unknown (it may or may not have it).
 */
export const TestSendOutcomes = ["accepted", "rejected", "throttled", "unknown"] as const;
export type TestSendOutcome = (typeof TestSendOutcomes)[number];

export const TestSendResult = z.object({
  /** The alert's words. */
  message: z.string(),
  outcome: z.enum(TestSendOutcomes),
  provider_id: z.string().optional(),
  /** The rendered text that was sent (the email's subject for email). */
  body: z.string(),
  /** SMS parts and encoding of the rendered text; email: 1 and null. */
  parts: z.number().int(),
  encoding: z.enum(SmsEncodings).nullable(),
  /** The audience lead the message was rendered for; null: sample values. */
  lead_id: z.number().int().nullable(),
});
export type TestSendResult = z.infer<typeof TestSendResult>;
