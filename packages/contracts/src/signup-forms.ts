import { z } from "zod";
import { text } from "./common";

/*
 * Opt-in growth (docs/opt-in.md): a list's hosted sign-up form, double opt-in (a form's or a subscribe keyword's),
 * and the list's subscriber growth.
 */

export const SignupFormLimits = { title: 120, description: 1000, consentText: 2000, successMessage: 500, fields: 20, label: 80 } as const;

/** How long a double opt-in request waits for its YES. */
export const OPT_IN_CONFIRM_HOURS = 48;

/** Where `{{brand}}` stands for the team's brand name in the consent text and the SMS. */
export const DefaultConsentText =
  "By submitting this form, you agree to receive recurring automated marketing text messages from {{brand}} at the number provided. " +
  "Consent is not a condition of purchase. Msg frequency varies (up to 4 msgs/week). Msg & data rates may apply. " +
  "Reply STOP to opt out, HELP for help.";
export const DefaultSuccessMessage = "Thanks for signing up!";
/** The double opt-in request SMS. */
export const OptInRequestText =
  "{{brand}}: Reply YES to confirm your subscription to our texts. Msg & data rates may apply. Reply STOP to opt out.";
/** The answer to the YES that confirms. */
export const OptInConfirmedText =
  "{{brand}}: You're subscribed! Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.";

export const fillBrand = (template: string, brand: string) => template.replaceAll("{{brand}}", brand);

export const SignupFormField = z.object({
  attribute_id: z.coerce.number({ error: "The selected field is invalid." }).int().positive("The selected field is invalid."),
  label: text()
    .trim()
    .min(1, "Every field needs a label.")
    .max(SignupFormLimits.label, `A label may not be greater than ${SignupFormLimits.label} characters.`),
  required: z.boolean().default(false),
});
export type SignupFormField = z.infer<typeof SignupFormField>;

const optionalId = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.coerce
    .number({ error: "The selected gateway is invalid." })
    .int()
    .positive("The selected gateway is invalid.")
    .max(2_147_483_647)
    .nullable(),
);

/** PUT /api/lists/{id}/signup-form: creates the list's form or changes it. */
export const SaveSignupForm = z
  .object({
    title: text({ error: "The title is required." })
      .trim()
      .min(1, "The title is required.")
      .max(SignupFormLimits.title, `The title may not be greater than ${SignupFormLimits.title} characters.`),
    description: text()
      .trim()
      .max(SignupFormLimits.description, `The description may not be greater than ${SignupFormLimits.description} characters.`)
      .default(""),
    fields: z.array(SignupFormField).max(SignupFormLimits.fields, `A form may have at most ${SignupFormLimits.fields} fields.`).default([]),
    consent_text: text({ error: "The consent text is required." })
      .trim()
      .min(1, "The consent text is required.")
      .max(SignupFormLimits.consentText, `The consent text may not be greater than ${SignupFormLimits.consentText} characters.`),
    success_message: text()
      .trim()
      .min(1, "The success message is required.")
      .max(SignupFormLimits.successMessage, `The success message may not be greater than ${SignupFormLimits.successMessage} characters.`),
    double_opt_in: z.boolean().default(true),
    enabled: z.boolean().default(true),
    gateway_id: optionalId,
    from_number: text()
      .trim()
      .max(40)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.double_opt_in && (v.gateway_id === null || v.from_number === null))
      ctx.addIssue({ code: "custom", path: ["from_number"], message: "Choose the number the confirmation request is sent from." });
    const ids = v.fields.map((f) => f.attribute_id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["fields"], message: "A field may be on the form once." });
  });
export type SaveSignupForm = z.infer<typeof SaveSignupForm>;
export type SaveSignupFormInput = z.input<typeof SaveSignupForm>;

export const SignupForm = z.object({
  id: z.number().int(),
  list_id: z.number().int(),
  code: z.string(),
  /** The public page's address: the team's short domain (else the app's host) and `/f/{code}`. */
  url: z.string(),
  title: z.string(),
  description: z.string(),
  fields: z.array(SignupFormField),
  consent_text: z.string(),
  success_message: z.string(),
  double_opt_in: z.boolean(),
  enabled: z.boolean(),
  gateway_id: z.number().int().nullable(),
  from_number: z.string().nullable(),
  /** Requests waiting for YES, confirmed ones, and all submissions. */
  pending: z.number().int(),
  confirmed: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SignupForm = z.infer<typeof SignupForm>;
/** GET: the list's form, or null when it has none yet (with the defaults a new one starts from). */
export const SignupFormAnswer = z.object({
  data: SignupForm.nullable(),
  defaults: z.object({ title: z.string(), consent_text: z.string(), success_message: z.string() }),
});
export type SignupFormAnswer = z.infer<typeof SignupFormAnswer>;

export const OptInStates = ["pending", "confirmed", "cancelled", "expired"] as const;
export type OptInState = (typeof OptInStates)[number];
export const OptInStateLabels = {
  pending: "Waiting for YES",
  confirmed: "Confirmed",
  cancelled: "Opted out",
  expired: "Expired",
} as const satisfies Record<OptInState, string>;

export const OptInRequest = z.object({
  id: z.number(),
  phone: z.string(),
  origin: z.enum(["form", "keyword"]),
  state: z.enum(OptInStates),
  lead_id: z.number().nullable(),
  send_state: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type OptInRequest = z.infer<typeof OptInRequest>;
export const OptInRequestPage = z.object({ data: z.array(OptInRequest), next_cursor: z.number().nullable() });
export type OptInRequestPage = z.infer<typeof OptInRequestPage>;
export const OptInRequestsQuery = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100, "The limit may not be greater than 100.").default(20),
});
export type OptInRequestsQuery = z.infer<typeof OptInRequestsQuery>;

export const GrowthRanges = [30, 90] as const;
export const ListGrowthQuery = z.object({
  days: z.coerce
    .number({ error: "The range must be 30 or 90 days." })
    .refine((d) => (GrowthRanges as readonly number[]).includes(d), "The range must be 30 or 90 days.")
    .default(30),
});
export type ListGrowthQuery = z.infer<typeof ListGrowthQuery>;
export const GrowthDay = z.object({ day: z.string(), joined: z.number().int(), opted_out: z.number().int(), net: z.number().int() });
export type GrowthDay = z.infer<typeof GrowthDay>;
export const ListGrowth = z.object({
  days: z.array(GrowthDay),
  totals: z.object({ joined: z.number().int(), opted_out: z.number().int(), net: z.number().int() }),
});
export type ListGrowth = z.infer<typeof ListGrowth>;
