import type { SystemProcess } from "@leadflow/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const processKeys = { all: ["processes"] as const };

export const processesQuery = () =>
  queryOptions({
    queryKey: processKeys.all,
    queryFn: async () => (await api.get<{ data: SystemProcess[] }>("/processes")).data,
  });

/** 'Clear' keeps only running and resolving processes; the answer is the remaining list. */
export function useClearProcesses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<{ data: SystemProcess[] }>("/processes")).data,
    onSuccess: (data) => qc.setQueryData(processKeys.all, data),
  });
}

export const isInProgress = (p: SystemProcess) => p.status === "running" || p.status === "resolving";
export const hasDownload = (p: SystemProcess): p is SystemProcess & { download_url: string } => !!p.download_url;
