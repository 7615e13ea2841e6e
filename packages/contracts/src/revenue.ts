import { z } from "zod";
import { PageMeta, requiredString } from "./common";

// ── Settings → Revenue Tracking (/api/revenues/tracking) ─────────────────────────────────────────────────────

export const RevenueTracking = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The URL a partner calls on a conversion, with the `{click_id}` and `{amount}` macros left for them to fill. */
  postback_url: z.string(),
  /** Dollars taken through this tracking's postbacks. */
  revenue: z.number(),
  total_conversations: z.number().int(),
});
export type RevenueTracking = z.infer<typeof RevenueTracking>;

/** All of the team's trackings at once (the page has no paging or search); `meta` says how many. */
export const RevenueTrackingList = z.object({ data: z.array(RevenueTracking), meta: PageMeta });
export type RevenueTrackingList = z.infer<typeof RevenueTrackingList>;

export const RevenueTrackingName = requiredString("The name field is required.")
  .trim()
  .min(1, "The name field is required.")
  .max(191, "The name may not be greater than 191 characters.");

/** POST /api/revenues/tracking and PUT /api/revenues/tracking/{id}: only the name is the user's. */
export const SaveRevenueTracking = z.object({ name: RevenueTrackingName });
export type SaveRevenueTracking = z.infer<typeof SaveRevenueTracking>;

export const RevenueTrackingSaved = z.object({ message: z.string(), data: RevenueTracking });
export type RevenueTrackingSaved = z.infer<typeof RevenueTrackingSaved>;

/** GET /api/revenues/tracking/{id}/secret: the HMAC key partners sign postbacks with (docs/revenue.md). */
export const RevenueTrackingSecret = z.object({ secret: z.string() });
export type RevenueTrackingSecret = z.infer<typeof RevenueTrackingSecret>;

export const RevenueTrackingMessages = {
  created: "Tracking created.",
  updated: "Tracking updated.",
  deleted: "Tracking deleted.",
} as const;

// ── The postback URL partners call (/postback/{token}, docs/revenue.md) ──────────────────────────────────────

/** The macros as the partner filled them in; every value is checked by the postback itself (clear 4xx messages). */
export const PostbackQuery = z.object({
  click_id: z.string().optional(),
  amount: z.string().optional(),
  sig: z.string().optional(),
  transaction_id: z.string().optional(),
});
export type PostbackQuery = z.infer<typeof PostbackQuery>;

export const PostbackParams = z.object({ token: z.string().max(64) });

export const PostbackStatuses = ["attributed", "pending", "duplicate"] as const;

/** 200 attributed or duplicate (nothing added again), 202 pending: stored, attributed once the click is recorded. */
export const PostbackAnswer = z.object({
  status: z.enum(PostbackStatuses),
  conversion_id: z.number(),
  message: z.string(),
});
export type PostbackAnswer = z.infer<typeof PostbackAnswer>;

export const PostbackMessages = {
  attributed: "Conversion recorded.",
  pending: "Conversion stored: it is added to the message, lead and campaign once the click is recorded.",
  duplicate: "This conversion was recorded before; nothing was added.",
} as const satisfies Record<(typeof PostbackStatuses)[number], string>;
