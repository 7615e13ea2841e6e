import type { ComplianceFile, LeadSelection } from "@leadflow/contracts";
import { ExportStatuses } from "@leadflow/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const complianceKeys = {
  all: ["compliance-files"] as const,
  list: () => [...complianceKeys.all, "list"] as const,
  one: (id: number) => [...complianceKeys.all, "one", id] as const,
};

export const isComplianceRunning = (f: Pick<ComplianceFile, "status">) =>
  f.status === ExportStatuses.new || f.status === ExportStatuses.in_progress;

/** Settings → Export Files: the team's newest compliance files. */
export const complianceFilesQuery = () =>
  queryOptions({
    queryKey: complianceKeys.list(),
    queryFn: async ({ signal }) => (await api.get<{ data: ComplianceFile[] }>("/compliance-files", undefined, { signal })).data,
  });

/** One file, while the dialog follows it. */
export const complianceFileQuery = (id: number) =>
  queryOptions({
    queryKey: complianceKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<{ data: ComplianceFile }>(`/compliance-files/${id}`, undefined, { signal })).data,
  });

/** POST /compliance-files with a lead page's one id or the table's selection. */
export function useStartComplianceFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (selection: LeadSelection) => api.post<{ message: string; data: ComplianceFile }>("/compliance-files", { selection }),
    onSuccess: () => qc.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}
