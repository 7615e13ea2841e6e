import { z } from "zod";
import { WaitingReason } from "./campaign-waiting";

/*
 * What setting a campaign Active would do (GET /api/campaigns/:id/send-preview): its recipients, how many go at once
 * and how many wait and why, what would skip them, the SMS parts and cost by the counter and by rendering real leads,
 * and the money it needs against the team's balance.
 */

/** Recipients who would be skipped, by reason (the Skipped Logs' words). */
export const SendPreviewSkip = z.object({ reason: z.string(), label: z.string(), count: z.number().int() });
export type SendPreviewSkip = z.infer<typeof SendPreviewSkip>;

/** One step of the campaign: its parts per message by the counter (an upper bound) and by rendering the sample. */
export const SendPreviewStep = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  type: z.enum(["sms", "email", "split"]),
  /** The most parts the counter allows for a message of the step (a split: its longest part). Email: 1. */
  counter_parts: z.number().int(),
  /** Parts per message over the rendered sample (mean), and the most any rendered message took. */
  sample_parts: z.number(),
  sample_parts_max: z.number().int(),
  /** The short link's length counted for `{{link}}`: the step's short domain, else the app's host. */
  link_host: z.string().nullable(),
});
export type SendPreviewStep = z.infer<typeof SendPreviewStep>;

export const SendPreviewMoney = z.object({ amount: z.number(), formatted: z.string() });

export const SendPreview = z.object({
  campaign_id: z.number().int(),
  name: z.string(),
  channel: z.enum(["sms", "email"]),
  /** Whether the campaign can be set Active now, and why not (the Set status answer's words). */
  can_activate: z.boolean(),
  blocked_reason: z.string().nullable(),
  /** Audience members the campaign would plan (its lists', sources' and segments' leads, each once). */
  recipients: z.number().int(),
  /** Of them, already planned by an earlier start: their messages go on as they are. */
  planned_before: z.number().int(),
  /** Would go at once (at the campaign's pace). */
  go_now: z.number().int(),
  /** Would wait, by reason, each with the time the first of them may go. */
  waiting: z.number().int(),
  waiting_reasons: z.array(WaitingReason),
  /** Would not be sent, by reason. */
  skipped: z.number().int(),
  skipped_reasons: z.array(SendPreviewSkip),
  /** The campaign's frequency: messages per minute, and the minutes those due at once take at it; null: no limit. */
  pace: z.object({ per_minute: z.number(), minutes_for_now: z.number() }).nullable(),
  steps: z.array(SendPreviewStep),
  /** Leads rendered for the sample figures. */
  sample_size: z.number().int(),
  /** SMS parts (email: emails) for every step of every recipient who would be sent. */
  parts: z.object({ upper_bound: z.number().int(), estimated: z.number().int() }),
  /** What the messages cost at their gateways' prices. */
  cost: z.object({ upper_bound: SendPreviewMoney, estimated: SendPreviewMoney }),
  /** Money on the platform's gateways (a team's own gateway bills it through its provider). */
  funds: z.object({
    needed: SendPreviewMoney,
    needed_upper_bound: SendPreviewMoney,
    balance: SendPreviewMoney,
    free_sms: z.number().int(),
    /** The balance does not cover the estimate: the campaign would pause for insufficient funds part way. */
    short: z.boolean(),
  }),
});
export type SendPreview = z.infer<typeof SendPreview>;
