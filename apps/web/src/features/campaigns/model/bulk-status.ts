import type { CampaignBatchResult, CampaignStatus } from "@leadflow/contracts";

export interface StatusOption {
  key: string;
  label: string;
}

/**
 * Set status offers the manual list minus the current status (spec 3 §4). With several campaigns selected, a status
 * is left out only when every one of them already has it.
 */
export function statusChoices(manual: readonly StatusOption[], current: readonly CampaignStatus[]): StatusOption[] {
  const all = current.length > 0 && current.every((s) => s === current[0]);
  return all ? manual.filter((o) => o.key !== current[0]) : [...manual];
}

export interface StatusToast {
  message: string;
  variant: "info" | "error";
}

/** Each info and each error of a batch status answer is its own toast (spec 3 §8). */
export function batchResultToasts(answer: CampaignBatchResult): StatusToast[] {
  return [
    ...answer.info.map((message) => ({ message, variant: "info" as const })),
    ...answer.errors.map((message) => ({ message, variant: "error" as const })),
  ];
}
