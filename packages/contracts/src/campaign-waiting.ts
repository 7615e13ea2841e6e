import { z } from "zod";

/*
 * What a campaign's planned messages wait for (GET /api/campaigns/:id/waiting), and the list's compact form
 * (GET /api/campaigns/waiting?ids=…): how many wait, why, and when the next one may go.
 */

/** Why planned messages wait; the order the campaign page lists them in when counts tie. */
export const WaitingReasonKinds = [
  "legal_window",
  "daily_window",
  "frequency",
  "daily_limit",
  "unverified",
  "funds",
  "paused",
  "delay",
  "sending",
] as const;
export type WaitingReasonKind = (typeof WaitingReasonKinds)[number];

export const WaitingReason = z.object({
  kind: z.enum(WaitingReasonKinds),
  /** Short, for a chip or a cell: "Quiet hours (NY)", "Germany: daily window", "Daily limit". */
  label: z.string(),
  /** A sentence: "Quiet hours: 8 am–9 pm in the recipient's time zone (federal)". */
  description: z.string(),
  count: z.number().int(),
  /** The first of them may go then; null while the campaign is paused. */
  next_send_at: z.string().nullable(),
});
export type WaitingReason = z.infer<typeof WaitingReason>;

/**
 * A planning under way: the recipients planned so far (the first step's ledger rows, skipped ones too: the campaign's
 * records) of the audience's size (its lists', sources' and segments' counts summed, so a lead in two counts twice).
 */
export const PlanningProgress = z.object({ planned: z.number(), total: z.number() });
export type PlanningProgress = z.infer<typeof PlanningProgress>;

export const CampaignWaiting = z.object({
  campaign_id: z.number().int(),
  /** Planned messages not yet taken by a dispatcher. */
  waiting: z.number().int(),
  next_send_at: z.string().nullable(),
  /** The audience is still being planned (more messages will join) since then; null when it is not. */
  planning_since: z.string().nullable(),
  /** How far the planning is; null when it is not under way. */
  planning_progress: PlanningProgress.nullable(),
  /** Most first. */
  reasons: z.array(WaitingReason),
});
export type CampaignWaiting = z.infer<typeof CampaignWaiting>;

/** The list counts what waits up to this many, as the log tabs count their rows. */
export const WAITING_BRIEF_CAP = 10_000;

/** At most a page of the campaign list, as `1,2,3`. */
export const CampaignWaitingQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, "The ids must be up to 100 campaign ids separated by commas.")
    .transform((v) => v.split(",").map(Number)),
});
export type CampaignWaitingQuery = z.infer<typeof CampaignWaitingQuery>;

/** A campaign's waiting figure as the list shows it under the progress: cheap at any size. */
export const CampaignWaitingBrief = z.object({
  id: z.number().int(),
  /** Counted up to WAITING_BRIEF_CAP; `waiting_is_capped` when there are more. */
  waiting: z.number().int(),
  waiting_is_capped: z.boolean(),
  /** When the next message may go, and what it waits for ("Quiet hours (NY)"); null with nothing waiting. */
  next_send_at: z.string().nullable(),
  reason: z.string().nullable(),
  planning: z.boolean(),
  planning_progress: PlanningProgress.nullable(),
});
export type CampaignWaitingBrief = z.infer<typeof CampaignWaitingBrief>;

/** The team's campaigns among the ids asked for (another team's are left out). */
export const CampaignWaitingBriefs = z.object({ data: z.array(CampaignWaitingBrief) });
export type CampaignWaitingBriefs = z.infer<typeof CampaignWaitingBriefs>;
