import type { ExportSegment, ExportSegmentResponse, SegmentExport } from "@leadflow/contracts";
import { ExportStatuses } from "@leadflow/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

export const exportKeys = {
  all: ["exports"] as const,
  list: () => [...exportKeys.all, "list"] as const,
};

/** Settings → Export Files: the team's newest 100 files. */
export const segmentExportsQuery = () =>
  queryOptions({
    queryKey: exportKeys.list(),
    queryFn: async ({ signal }) => (await api.get<{ data: SegmentExport[] }>("/segments/exports", undefined, { signal })).data,
  });

export type ExportSegmentInput = z.input<typeof ExportSegment> & { segmentId: number };

/** POST /segments/{id}/export; the answer carries the product's message and the New export. */
export function useExportSegment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ segmentId, ...input }: ExportSegmentInput) =>
      api.post<z.infer<typeof ExportSegmentResponse>>(`/segments/${segmentId}/export`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

export const isExportRunning = (e: Pick<SegmentExport, "status">) =>
  e.status === ExportStatuses.new || e.status === ExportStatuses.in_progress;
