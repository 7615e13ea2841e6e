import { z } from "zod";

/*
 * The platform's plans: a monthly price in UAH and the limits a team on it works within.
 * Plans are rows of the `plans` table, not code; a limit of null is unlimited.
 */

/** What a plan counts and refuses past its limit. */
export const PlanLimitKinds = ["leads", "audiences", "sources", "lists"] as const;
export type PlanLimitKind = (typeof PlanLimitKinds)[number];

export const PlanLimits = z.object({
  leads: z.number().int().nullable(),
  audiences: z.number().int().nullable(),
  sources: z.number().int().nullable(),
  lists: z.number().int().nullable(),
  /** Free SMS parts the plan gives each month. */
  free_sms: z.number().int(),
  alpha_names: z.number().int().nullable(),
  manage_short_url_domains: z.boolean(),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

export const Plan = z.object({
  key: z.string(),
  name: z.string(),
  /** Monthly price in UAH. */
  price_uah: z.number(),
  limits: PlanLimits,
});
export type Plan = z.infer<typeof Plan>;

/** What the team holds now, against its plan's limits. */
export const PlanUsage = z.object({
  leads: z.number().int(),
  audiences: z.number().int(),
  sources: z.number().int(),
  lists: z.number().int(),
  free_sms_left: z.number().int(),
});
export type PlanUsage = z.infer<typeof PlanUsage>;

/** GET /api/plan: the team's plan and its usage. */
export const TeamPlan = z.object({ plan: Plan, usage: PlanUsage });
export type TeamPlan = z.infer<typeof TeamPlan>;

/** GET /api/plans: the price list, cheapest first. */
export const PlanList = z.object({ data: z.array(Plan) });
export type PlanList = z.infer<typeof PlanList>;
