import { z } from "zod";
import { ListQuery, pageOf, requiredString } from "./common";

/*
 * Settings → Rules (docs/product/audiences-lookups-settings.md, docs/sending.md): cool-offs that hold a message back,
 * and the two rules that move a campaign's frequency. Each type has its own params, validated by the type's own schema.
 */

/** 1 Sms Cool Off, 2 SMS Inactive Device, 3 Email Cool Off, 4 Reset Frequency, 5 Increase Frequency. */
export const RuleTypes = {
  sms_cool_off: 1,
  sms_inactive_device: 2,
  email_cool_off: 3,
  reset_frequency: 4,
  increase_frequency: 5,
} as const;
export type RuleType = (typeof RuleTypes)[keyof typeof RuleTypes];
export const RuleTypeList = [1, 2, 3, 4, 5] as const satisfies readonly RuleType[];

/** The product's names (docs/product/audiences-lookups-settings.md), verbatim. */
export const RuleTypeLabels = {
  1: "Sms Cool Off",
  2: "SMS Inactive Device",
  3: "Email Cool Off",
  4: "Reset Frequency",
  5: "Increase Frequency",
} as const satisfies Record<RuleType, string>;

/**
 * Coverage: which campaigns a rule applies to. The product names only the default, the user's own account ("other
 * values not shown"), so that is the one value.
 */
export const RuleCoverages = { own_account: 1 } as const;
export type RuleCoverage = (typeof RuleCoverages)[keyof typeof RuleCoverages];
export const RuleCoverageLabels = { 1: "Only my account" } as const satisfies Record<RuleCoverage, string>;
/** Reset and Increase Frequency act on the campaign itself: always stored with coverage 1. */
export const FixedCoverageTypes = [4, 5] as const satisfies readonly RuleType[];
export const hasFixedCoverage = (type: RuleType) => (FixedCoverageTypes as readonly number[]).includes(type);

/** The upper bounds of each number: a year for cool-offs, a day for a period, rates a gateway could reach. */
export const RuleLimits = {
  smsCoolOffMinutes: 525_600,
  inactiveDeviceDays: 365,
  emailCoolOffHours: 8_760,
  frequencyPerMinute: 100_000,
  frequencyPeriodMinutes: 1_440,
  profitPercent: 10_000,
  increasePercent: 1_000,
} as const;

const label = (key: string) => key.replace(/_/g, " ");

/** An integer field of the dialog: empty becomes 0, anything else must be a whole number in range. */
function count(key: string, max: number) {
  return z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? 0 : typeof v === "string" ? v.trim() : v),
    z.coerce
      .number({ error: `The ${label(key)} must be a number.` })
      .int(`The ${label(key)} must be a whole number.`)
      .min(0, `The ${label(key)} may not be negative.`)
      .max(max, `The ${label(key)} may not be greater than ${max.toLocaleString("en-US")}.`),
  );
}

/** "9:5 pm" is not a time; "9:05 pm" is read as "09:05 PM", the form the rule is stored and shown in. */
export const RESET_TIME_PATTERN = /^(0?[1-9]|1[0-2]):([0-5]\d)\s*([AP]M)$/;
export function normalizeResetTime(raw: string): string | null {
  const m = RESET_TIME_PATTERN.exec(raw.trim().toUpperCase());
  return m ? `${m[1]!.padStart(2, "0")}:${m[2]} ${m[3]}` : null;
}
const resetTime = requiredString("The reset time field is required.").transform((v, ctx) => {
  const time = normalizeResetTime(v);
  if (time) return time;
  ctx.addIssue({ code: "custom", message: "The reset time must be in hh:mm AM/PM format, e.g. 09:00 AM." });
  return z.NEVER;
});

export const SmsCoolOffParams = z.object({ period: count("period", RuleLimits.smsCoolOffMinutes) });
export const InactiveDeviceParams = z.object({ period: count("period", RuleLimits.inactiveDeviceDays) });
export const EmailCoolOffParams = z.object({ period: count("period", RuleLimits.emailCoolOffHours) });
export const ResetFrequencyParams = z.object({
  frequency_count: count("frequency_count", RuleLimits.frequencyPerMinute),
  frequency_period: count("frequency_period", RuleLimits.frequencyPeriodMinutes),
  reset_time: resetTime,
});
export const IncreaseFrequencyParams = z.object({
  profit_percent: count("profit_percent", RuleLimits.profitPercent),
  increase_percent: count("increase_percent", RuleLimits.increasePercent),
  max_frequency: count("max_frequency", RuleLimits.frequencyPerMinute),
});

/** Each type's params and the unit of each: the dialog's adornments and the table's text. */
export const RuleParamUnits = {
  1: { period: "minutes" },
  2: { period: "days" },
  3: { period: "hours" },
  4: { frequency_count: "per minute", frequency_period: "minutes", reset_time: "hh:mm AM/PM" },
  5: { profit_percent: "%", increase_percent: "%", max_frequency: "per minute" },
} as const satisfies Record<RuleType, Record<string, string>>;

export type SmsCoolOffParams = z.infer<typeof SmsCoolOffParams>;
export type ResetFrequencyParams = z.infer<typeof ResetFrequencyParams>;
export type IncreaseFrequencyParams = z.infer<typeof IncreaseFrequencyParams>;

const name = requiredString("The name field is required.")
  .trim()
  .min(1, "The name field is required.")
  .max(191, "The name may not be greater than 191 characters.");
const isActive = z.boolean({ error: "The active field must be true or false." }).default(true);
const coverage = z.coerce
  .number({ error: "The selected coverage is invalid." })
  .pipe(z.literal(1, { error: "The selected coverage is invalid." }))
  .default(1);
/** Whatever is sent, Reset and Increase Frequency are stored with coverage 1. */
const fixedCoverage = z
  .unknown()
  .optional()
  .transform((): RuleCoverage => 1);

const option = <T extends RuleType, P extends z.ZodType>(type: T, params: P, cover: typeof coverage | typeof fixedCoverage) =>
  // A missing params object reads as every field empty: numbers 0, the reset time "required".
  z.object({ type: z.literal(type), name, is_active: isActive, coverage: cover, params: params.prefault({} as z.input<P>) });

/**
 * POST /api/rules and PUT /api/rules/{id}: one option per type, so each type's params are checked by its own schema
 * (the type cannot change on update: the domain answers 422 on `type`).
 */
export const SaveRule = z.discriminatedUnion(
  "type",
  [
    option(1, SmsCoolOffParams, coverage),
    option(2, InactiveDeviceParams, coverage),
    option(3, EmailCoolOffParams, coverage),
    option(4, ResetFrequencyParams, fixedCoverage),
    option(5, IncreaseFrequencyParams, fixedCoverage),
  ],
  {
    error: (issue) => {
      if (issue.code !== "invalid_union") return undefined;
      const input = issue.input as { type?: unknown } | undefined;
      return input?.type === undefined || input.type === null || input.type === ""
        ? "The type field is required."
        : "The selected type is invalid.";
    },
  },
);
export type SaveRule = z.infer<typeof SaveRule>;
export type SaveRuleInput = z.input<typeof SaveRule>;

const base = {
  id: z.number().int(),
  name: z.string(),
  type_label: z.string(),
  is_active: z.boolean(),
  coverage: z.number().int(),
  created_at: z.string(),
};

/** A rule as the API answers it: `params` has exactly the type's fields. */
export const Rule = z.discriminatedUnion("type", [
  z.object({ ...base, type: z.literal(1), params: z.object({ period: z.number().int() }) }),
  z.object({ ...base, type: z.literal(2), params: z.object({ period: z.number().int() }) }),
  z.object({ ...base, type: z.literal(3), params: z.object({ period: z.number().int() }) }),
  z.object({
    ...base,
    type: z.literal(4),
    params: z.object({ frequency_count: z.number().int(), frequency_period: z.number().int(), reset_time: z.string() }),
  }),
  z.object({
    ...base,
    type: z.literal(5),
    params: z.object({ profit_percent: z.number().int(), increase_percent: z.number().int(), max_frequency: z.number().int() }),
  }),
]);
export type Rule = z.infer<typeof Rule>;
export const RulePage = pageOf(Rule);
export type RulePage = z.infer<typeof RulePage>;

export const RuleSortKeys = ["name", "type", "is_active", "coverage", "created_at", "id"] as const;

/** A query-string boolean that refuses what it cannot read ("yes" is not silently true). */
const QueryBoolean = z
  .preprocess(
    (v) => (typeof v === "boolean" ? String(v) : v),
    z.enum(["true", "false", "1", "0"], { error: "The is active filter must be true or false." }),
  )
  .transform((v) => v === "true" || v === "1");

/** GET /api/rules: paged (50 by default), optionally of one type and/or only active or inactive rules. */
export const ListRulesQuery = ListQuery.extend({
  type: z.coerce
    .number({ error: "The selected type is invalid." })
    .pipe(z.literal(RuleTypeList, { error: "The selected type is invalid." }))
    .optional(),
  is_active: QueryBoolean.optional(),
});
export type ListRulesQuery = z.infer<typeof ListRulesQuery>;
