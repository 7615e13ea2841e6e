import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useT } from "../../../../lib/i18n";
import type { LeadTrail } from "../../../leads";
import { campaignQuery } from "../../api/campaigns.api";

/** A lead opened from a campaign's Leads tab: Campaigns › the campaign › the lead. */
export const campaignLeadTrail: LeadTrail = {
  backLabel: "campaigns.detail.backToCampaign",
  useCrumbs(back) {
    const t = useT();
    const campaignId = Number(useParams().campaignId);
    const campaign = useQuery({ ...campaignQuery(campaignId), enabled: Number.isSafeInteger(campaignId) && campaignId > 0 });
    return [{ label: t("campaigns.title"), to: "campaigns" }, ...(campaign.data ? [{ label: campaign.data.name, to: back }] : [])];
  },
};
