import { type CampaignBatchResult, type CampaignStatus, canMoveCampaign } from "@leadflow/contracts";

export interface StatusOption {
  key: string;
  label: string;
}

/**
 * Set status offers the manual list minus the current status. With several campaigns selected, a status
 * is left out only when every one of them already has it.
 */
export function statusChoices(manual: readonly StatusOption[], current: readonly CampaignStatus[]): StatusOption[] {
  const all = current.length > 0 && current.every((s) => s === current[0]);
  return all ? manual.filter((o) => o.key !== current[0]) : [...manual];
}

/** A selected campaign as the list row gives it: its status, and its start (Active with a start ahead is Scheduled). */
export interface SelectedCampaign {
  status: CampaignStatus;
  started_at?: string | null;
}

/**
 * The list's bulk Set status: only the moves the one table of moves (`canMoveCampaign`) allows for every selected
 * campaign — a Completed campaign is offered Active, never a Draft it would refuse. Active on a campaign whose start
 * lies ahead is the move to Scheduled, as the server makes it. Nothing known of the selection (off this page): the
 * whole list, and the server says why per campaign.
 */
export function bulkStatusChoices(
  manual: readonly StatusOption[],
  selected: readonly SelectedCampaign[],
  now = Date.now(),
): StatusOption[] {
  if (selected.length === 0) return [...manual];
  const target = (key: string, c: SelectedCampaign) =>
    (key === "active" && c.started_at && Date.parse(c.started_at) > now ? "scheduled" : key) as CampaignStatus;
  return manual.filter((o) =>
    selected.every((c) => {
      const next = target(o.key, c);
      return next !== c.status && canMoveCampaign(c.status, next);
    }),
  );
}

export interface StatusToast {
  message: string;
  variant: "info" | "error";
}

/** Each info and each error of a batch status answer is its own toast (docs/product/campaigns.md). */
export function batchResultToasts(answer: CampaignBatchResult): StatusToast[] {
  return [
    ...answer.info.map((message) => ({ message, variant: "info" as const })),
    ...answer.errors.map((message) => ({ message, variant: "error" as const })),
  ];
}
