import { z } from "zod";
import { type CampaignStatus, CampaignStatusList } from "./campaigns";

/** Events pushed on `private-user.{id}`; the name is the Pusher event name the browser binds to. */
export const LiveEvents = {
  UserMessage: z.object({ message: z.string(), level: z.enum(["info", "success", "warning", "error"]).optional() }),
  ImportStatus: z.object({
    id: z.number().int().optional(),
    type: z.string(),
    client_original_name: z.string(),
    processed: z.number(),
    current: z.number(),
    total: z.number(),
  }),
  ExportStatus: z.object({ id: z.number().int(), status: z.number().int(), url: z.string().nullable().optional() }),
  /** A compliance file's progress (leads written, about once a second) and its link once Completed. */
  ComplianceFileStatus: z.object({
    id: z.number().int(),
    status: z.number().int(),
    completed_leads: z.number().int(),
    total_leads: z.number().int(),
    url: z.string().nullable(),
  }),
  RefreshSegmentCompleted: z.object({ is_sub_segment: z.boolean() }),
  LookupData: z.object({
    id: z.number().int(),
    status: z.number().int(),
    percent: z.number(),
    count: z.number(),
    time_left: z.string().nullable(),
    /**
     * Beyond the four basic fields (status, time_left, percent, count): the scope's size is known only once the job
     * snapshots it, and its cost grows.
     */
    total_count: z.number().optional(),
    cost: z.number().optional(),
    reused_count: z.number().optional(),
    failed_count: z.number().optional(),
    service_items_count: z.number().optional(),
    service_cost: z.number().optional(),
  }),
  /** A campaign's status moved (a person, its schedule, completion, auto-fail): the list's and the page's chip. */
  CampaignStatus: z.object({
    id: z.number().int(),
    status: z.enum(CampaignStatusList as [CampaignStatus, ...CampaignStatus[]]),
    status_label: z.string(),
    /** Beyond the three: why the engine set it (auto-fail's threshold, out of funds), shown on the page; null otherwise. */
    status_reason: z.string().nullable().optional(),
  }),
  /**
   * A campaign's figures as it sends, at most twice a second: records, processed and progress are all-time (as the
   * list shows them), and so are sent, delivered, failed and cost.
   */
  CampaignProgress: z.object({
    id: z.number().int(),
    records: z.number(),
    processed_count: z.number(),
    /** processed / (records × steps), 0–100. */
    progress: z.number(),
    sent: z.number(),
    delivered: z.number(),
    /** The list's Errors column (the counters' `errors`). */
    failed: z.number(),
    cost: z.number(),
    /** The counted revenue (postbacks): Revenue and Profit move when a conversion is attributed. */
    revenue: z.number().optional(),
    /**
     * Beyond the basic fields: the same figures within the server's UTC day, so the list on its default period (today)
     * moves too, and the day itself, so the browser knows which of its periods include it.
     */
    today: z
      .object({
        day: z.string(),
        sent: z.number(),
        delivered: z.number(),
        failed: z.number(),
        cost: z.number(),
        revenue: z.number().optional(),
      })
      .optional(),
  }),
  /** A thread moved (a reply came in, one was sent, it was read, assigned, closed): the inbox, its badge and the open thread refresh. */
  ConversationActivity: z.object({ conversation_id: z.number().int() }),
} as const;
export type LiveEventName = keyof typeof LiveEvents;
export type LiveEventPayload<E extends LiveEventName> = z.infer<(typeof LiveEvents)[E]>;
export const userChannel = (userId: number) => `private-user.${userId}`;

export const LiveConfig = z.object({ key: z.string(), cluster: z.string(), path: z.string() });
export type LiveConfig = z.infer<typeof LiveConfig>;
