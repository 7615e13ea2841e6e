import type { DncRule } from "@leadflow/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const dncRuleKeys = { all: ["dnc-rule"] as const };

/** The team's DNC freshness rule for marketing texts. */
export const dncRuleQuery = () =>
  queryOptions({
    queryKey: dncRuleKeys.all,
    queryFn: ({ signal }) => api.get<DncRule>("/dnc-rule", undefined, { signal }),
  });

export function useSaveDncRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DncRule) => api.put<{ message: string; data: DncRule }>("/dnc-rule", input),
    onSuccess: (answer) => {
      qc.setQueryData(dncRuleKeys.all, answer.data);
      // The lead page's Consent block marks phones the rule holds.
      return qc.invalidateQueries({ queryKey: ["leads"] });
    },
  });
}
