import { z } from "zod";
import { defineJob } from "../shared/jobs";
import { rebuildSegments } from "./segment-build";

/**
 * Rebuilds segments (and their children) after their filters were saved, they were created, or the user asked
 * for a refresh ('Segments added to refresh queue'). Idempotent: a retry rebuilds again from the leads as they
 * are. Tells the asking user when done (`RefreshSegmentCompleted`), so open pages refetch.
 */
export const refreshSegmentsJob = defineJob({
  name: "segments.refresh",
  payload: z.object({
    teamId: z.number().int().positive(),
    userId: z.number().int().positive(),
    ids: z.array(z.number().int().positive()).min(1),
    isSubSegment: z.boolean().default(false),
  }),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireSeconds: 3600,
  heartbeatSeconds: 30,
  handler: async (deps, p) => {
    await rebuildSegments(deps.database.db, p.teamId, p.ids);
    await deps.live.toUser(p.userId, "RefreshSegmentCompleted", { is_sub_segment: p.isSubSegment });
  },
});
