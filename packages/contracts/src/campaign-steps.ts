import { z } from "zod";
import { requiredString, text } from "./common";
import { mergeTagProblems } from "./merge-tags";
import { ACKNOWLEDGED_CHECK_KEY_MAX, ACKNOWLEDGED_CHECKS_MAX } from "./message-checks";
import { SmsEncodings } from "./sms-length";

/*
 * Campaign steps (docs/product/campaigns.md): sms, email or split (1–50 parts, each an sms or email step),
 * with a delay after the previous step. One discriminated union validates the step editor and the API.
 */

export const StepTypes = ["sms", "email", "split"] as const;
export type StepType = (typeof StepTypes)[number];
export const StepTypeLabels = { sms: "SMS", email: "Email", split: "Split" } as const satisfies Record<StepType, string>;

export const DelayPeriods = ["min", "hours", "days"] as const;
export type DelayPeriod = (typeof DelayPeriods)[number];
export const DelayPeriodLabels = { min: "min", hours: "hours", days: "days" } as const satisfies Record<DelayPeriod, string>;

export const StepStatuses = { pending: "pending", sending: "sending", completed: "completed" } as const;
export type StepStatus = keyof typeof StepStatuses;
export const StepStatusLabels = { pending: "Pending", sending: "Sending", completed: "Completed" } as const satisfies Record<
  StepStatus,
  string
>;

export const EmailSenderTypes = ["email", "domain", "group"] as const;
export const SplitPartLimits = { min: 1, max: 50, default: 2 } as const;
export const StepLimits = { name: 191, message: 10_000, emailBody: 500_000, delay: 100_000, url: 2048, expireDays: 3650 } as const;

/** The placeholder that makes the link options apply (docs/product/campaigns.md). */
export const LINK_PLACEHOLDER = "{{link}}";
/** What tracking revenue adds to redirect_to; turning it off strips it. */
export const REVENUE_TOKEN = "{revenue_token}";

const optionalId = z.preprocess(
  (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
  z.number({ error: "The selection is invalid." }).int().positive().max(2_147_483_647).nullable(),
);
const url = z
  .string()
  .trim()
  .max(StepLimits.url)
  .refine((u) => u === "" || /^https?:\/\/[^\s]+$/i.test(u), "The link must start with http:// or https://.")
  .nullish()
  .transform((v) => v || null);
const flag = z.boolean().default(false);

/** A message's tags must be ones Leadflow can fill: a broken fallback is refused, not sent as typed (merge-tags.ts). */
const tagged = <T extends z.ZodType<string | null | undefined>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const message of typeof value === "string" ? mergeTagProblems(value) : []) ctx.addIssue({ code: "custom", message });
  });

/** The pre-send warnings the user acknowledged for this step, by finding (message-checks.ts). */
const acknowledgedChecks = z
  .array(z.string().trim().min(1).max(ACKNOWLEDGED_CHECK_KEY_MAX), { error: "The acknowledged checks must be a list of keys." })
  .max(ACKNOWLEDGED_CHECKS_MAX, `A step keeps at most ${ACKNOWLEDGED_CHECKS_MAX} acknowledged checks.`)
  .nullish()
  .transform((v) => (v?.length ? [...new Set(v)] : null));

const StepBase = z.object({
  name: requiredString("The name field is required.")
    .trim()
    .min(1, "The name field is required.")
    .max(StepLimits.name, `The name may not be greater than ${StepLimits.name} characters.`),
  delay: z.coerce
    .number({ error: "The delay must be a whole number." })
    .int("The delay must be a whole number.")
    .min(0, "The delay may not be negative.")
    .max(StepLimits.delay, `The delay may not be greater than ${StepLimits.delay}.`)
    .default(0),
  delay_time_period: z.enum(DelayPeriods, { error: "The delay unit must be min, hours or days." }).default("min"),
});

/** SMS extras (docs/product/campaigns.md): link options, triggers, welcome message, revenue tracking. */
export const SmsStepInput = StepBase.extend({
  type: z.literal("sms"),
  message: tagged(text().max(StepLimits.message, `The message may not be greater than ${StepLimits.message} characters.`)).default(""),
  redirect_to: url,
  short_url_domain_id: optionalId.default(null),
  expire_link: flag,
  expire_link_days: z.coerce.number().int().min(1, "Expire link days must be at least 1.").max(StepLimits.expireDays).nullish(),
  redirect_link_for_expire: url,
  expire_link_after_first_click: flag,
  redirect_link_after_first_click: url,
  is_filtering_state_phone_number: flag,
  state_attribute_id: optionalId.default(null),
  redirect_link_for_state_filtered: url,
  is_block_desktop_traffic: flag,
  redirect_link_for_block_desktop_traffic: url,
  is_2fa_link_view: flag,
  two_fa_automation_campaign_id: optionalId.default(null),
  click_automation_campaign_id: optionalId.default(null),
  tmo_limit_automation_campaign_id: optionalId.default(null),
  need_send_welcome_message: flag,
  welcome_message_text: tagged(text().max(StepLimits.message).nullish()),
  is_tracking_revenue: flag,
  acknowledged_checks: acknowledgedChecks,
});

export const EmailStepInput = StepBase.extend({
  type: z.literal("email"),
  message: tagged(text().max(StepLimits.emailBody, "The body is too long.")).default(""),
  redirect_to: url,
  short_url_domain_id: optionalId.default(null),
  sender_type: z.enum(EmailSenderTypes, { error: "The sender type must be email, domain or group." }).default("email"),
  sender_email: z.email("The sender email is invalid.").nullish().or(z.literal("")),
  sender_username: text().trim().max(191).nullish(),
  sender_domain: text().trim().max(253).nullish(),
  sender_email_group_id: optionalId.default(null),
  from_name: text().trim().max(191).nullish(),
  sender: text().trim().max(320).nullish(),
  subject: tagged(text().trim().max(998, "The subject is too long.").nullish()),
  pre_header: tagged(text().trim().max(255).nullish()),
  is_tracking_opens: flag,
  clicks_tracking_version: z.coerce.number().int().min(0).max(10).nullish(),
});

/** A part of a split: an sms or email step; `id` keeps an existing part when a split is edited. */
const PartInput = z.discriminatedUnion("type", [
  SmsStepInput.extend({ id: z.number().int().positive().optional() }),
  EmailStepInput.extend({ id: z.number().int().positive().optional() }),
]);

export const SplitStepInput = StepBase.extend({
  type: z.literal("split"),
  parts: z
    .array(PartInput, { error: "A split step needs its parts." })
    .min(SplitPartLimits.min, `A split step has at least ${SplitPartLimits.min} part.`)
    .max(SplitPartLimits.max, `A split step has at most ${SplitPartLimits.max} parts.`),
});

/** POST /api/campaigns/{id}/campaign-steps and PUT /api/campaign-steps/{id}. */
export const SaveStep = z.discriminatedUnion("type", [SmsStepInput, EmailStepInput, SplitStepInput], {
  error: "The step type must be sms, email or split.",
});
export type SaveStep = z.infer<typeof SaveStep>;
export type SaveStepPart = z.infer<typeof PartInput>;
export type SmsStepInput = z.infer<typeof SmsStepInput>;
export type EmailStepInput = z.infer<typeof EmailStepInput>;

/** The SMS-only and email-only extras kept in `options` (the rest are columns). */
export const SmsStepOptionKeys = [
  "expire_link",
  "expire_link_days",
  "redirect_link_for_expire",
  "expire_link_after_first_click",
  "redirect_link_after_first_click",
  "is_filtering_state_phone_number",
  "state_attribute_id",
  "redirect_link_for_state_filtered",
  "is_block_desktop_traffic",
  "redirect_link_for_block_desktop_traffic",
  "is_2fa_link_view",
  "need_send_welcome_message",
  "welcome_message_text",
  "is_tracking_revenue",
  "acknowledged_checks",
] as const satisfies readonly (keyof SmsStepInput)[];
export const EmailStepOptionKeys = [
  "sender_type",
  "sender_email",
  "sender_username",
  "sender_domain",
  "sender_email_group_id",
  "from_name",
  "sender",
  "pre_header",
  "is_tracking_opens",
  "clicks_tracking_version",
] as const satisfies readonly (keyof EmailStepInput)[];

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────

export const StepSmsLength = z.object({
  encoding: z.enum(SmsEncodings),
  characters: z.number().int(),
  parts: z.number().int(),
  /** False: tags or a link make the figures an upper bound ("up to"). */
  exact: z.boolean(),
});

const StepCommon = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  parent_step_id: z.number().int().nullable(),
  position: z.number().int(),
  type: z.enum(StepTypes),
  type_label: z.string(),
  name: z.string(),
  status: z.enum(["pending", "sending", "completed"]),
  status_label: z.string(),
  started_at: z.string().nullable(),
  delay: z.number().int(),
  delay_time_period: z.enum(DelayPeriods),
  delay_label: z.string(),
  message: z.string(),
  subject: z.string().nullable(),
  redirect_to: z.string().nullable(),
  short_url_domain_id: z.number().int().nullable(),
  short_url_domain_label: z.string().nullable(),
  click_automation_campaign_id: z.number().int().nullable(),
  two_fa_automation_campaign_id: z.number().int().nullable(),
  tmo_limit_automation_campaign_id: z.number().int().nullable(),
  /** The SMS and email extras not stored as columns, as saved. */
  options: z.record(z.string(), z.unknown()),
  /** SMS steps: the shared counter's reading of the message (with the step's short domain). */
  sms: StepSmsLength.nullable(),
});
export const StepPart = StepCommon;
export const CampaignStep = StepCommon.extend({ steps: z.array(StepCommon) });
export type CampaignStep = z.infer<typeof CampaignStep>;
export const CampaignStepList = z.object({ data: z.array(CampaignStep) });
export type CampaignStepList = z.infer<typeof CampaignStepList>;
export const CampaignStepSaved = z.object({ message: z.string(), data: CampaignStep });
export type CampaignStepSaved = z.infer<typeof CampaignStepSaved>;

export const StepMessages = {
  created: "Step has been created.",
  updated: "Step has been updated.",
  deleted: "Step has been deleted.",
  copied: "Step has been copied.",
} as const;
