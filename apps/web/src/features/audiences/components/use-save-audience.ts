import type { Segment } from "@leadflow/contracts";
import { useCloneSegment, useCreateSegment, useSaveSegmentFilters, useUpdateSegment } from "../api/segments.api";
import type { SavePlan } from "../model/audience-dialog";

/** The clone was made but its filters were refused: the dialog goes on as an edit of the copy. */
export class PartialCloneError extends Error {
  constructor(
    readonly clone: Segment,
    readonly cloneMessage: string,
    readonly reason: unknown,
  ) {
    super(cloneMessage);
    this.name = "PartialCloneError";
  }
}

/** Runs a dialog's save plan; resolves to the saved segment and the server's message. */
export function useSaveAudience() {
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const clone = useCloneSegment();
  const saveFilters = useSaveSegmentFilters();

  const run = async (plan: SavePlan): Promise<{ segment: Segment; message: string }> => {
    switch (plan.kind) {
      case "create": {
        const answer = await create.mutateAsync(plan.body);
        return { segment: answer.data, message: answer.message };
      }
      case "update": {
        const answer = await update.mutateAsync({ id: plan.id, ...plan.body });
        return { segment: answer.data, message: answer.message };
      }
      case "clone": {
        const copy = await clone.mutateAsync({ id: plan.id, ...plan.body });
        if (!plan.filters) return { segment: copy.data, message: copy.message };
        try {
          const answer = await saveFilters.mutateAsync({ id: copy.data.id, filters: plan.filters });
          return { segment: answer.data, message: copy.message };
        } catch (e) {
          throw new PartialCloneError(copy.data, copy.message, e);
        }
      }
    }
  };

  const busy = create.isPending || update.isPending || clone.isPending || saveFilters.isPending;
  return { run, busy };
}
