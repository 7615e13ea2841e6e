import type { Campaign } from "@leadflow/contracts";
import { useOutletContext } from "react-router";

/** What the campaign page hands its tabs: the campaign, and the page's one Edit Campaign dialog. */
export interface CampaignOutlet {
  campaign: Campaign;
  /** Opens Edit Campaign; null while the campaign's status locks editing. */
  edit: (() => void) | null;
  /** Why Edit is off, for its tooltip. */
  editHint?: string;
}

export const useCampaignOutlet = () => useOutletContext<CampaignOutlet>();
