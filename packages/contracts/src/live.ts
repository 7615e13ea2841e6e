import { z } from "zod";

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
  RefreshSegmentCompleted: z.object({ is_sub_segment: z.boolean() }),
  LookupData: z.object({
    id: z.number().int(),
    status: z.number().int(),
    percent: z.number(),
    count: z.number(),
    time_left: z.string().nullable(),
    /** Beyond the spec's four fields: the scope's size is known only once the job snapshots it, and its cost grows. */
    total_count: z.number().optional(),
    cost: z.number().optional(),
    reused_count: z.number().optional(),
    failed_count: z.number().optional(),
    service_items_count: z.number().optional(),
    service_cost: z.number().optional(),
  }),
} as const;
export type LiveEventName = keyof typeof LiveEvents;
export type LiveEventPayload<E extends LiveEventName> = z.infer<(typeof LiveEvents)[E]>;
export const userChannel = (userId: number) => `private-user.${userId}`;

export const LiveConfig = z.object({ key: z.string(), cluster: z.string(), path: z.string() });
export type LiveConfig = z.infer<typeof LiveConfig>;
