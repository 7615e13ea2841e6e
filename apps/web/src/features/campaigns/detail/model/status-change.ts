import type { CampaignBatchResult, CampaignStatus } from "@leadflow/contracts";
import { batchResultToasts } from "../../model/bulk-status";

export interface StatusAlert {
  message: string;
  variant: "success" | "info" | "error";
}

export interface StatusChangeSteps {
  /** PUT /campaigns/batch-status for this campaign; settles once the campaign has been read again. */
  send: () => Promise<CampaignBatchResult>;
  /** The chip shows 'Updating...' while this is on. */
  setUpdating: (on: boolean) => void;
  alert: (alert: StatusAlert) => void;
  /** Shown when the answer carries neither info nor errors. */
  doneText: string;
  /** The server's message for a failed call. */
  failText: (error: unknown) => string;
}

/**
 * One manual status change: the chip says 'Updating...' while it runs; each info and error of the
 * answer is its own alert; a failed call alerts the server's message. The chip shows the status as the server has it
 * afterwards, so on failure it is the earlier one again. True when the status was set.
 */
export async function runStatusChange(steps: StatusChangeSteps): Promise<boolean> {
  steps.setUpdating(true);
  try {
    const answer = await steps.send();
    const alerts = batchResultToasts(answer);
    for (const alert of alerts) steps.alert(alert);
    if (alerts.length === 0) steps.alert({ message: steps.doneText, variant: "success" });
    return answer.errors.length === 0;
  } catch (e) {
    steps.alert({ message: steps.failText(e), variant: "error" });
    return false;
  } finally {
    steps.setUpdating(false);
  }
}

/** What the status chip shows: the campaign's status, or 'Updating...' over it while a change runs. */
export function statusChipView(
  campaign: { status: CampaignStatus; status_label: string },
  updating: boolean,
  updatingText: string,
): { status: CampaignStatus; label: string } {
  return { status: campaign.status, label: updating ? updatingText : campaign.status_label };
}
