import type { LeadRow } from "@leadflow/contracts";
import { useCallback } from "react";
import { useAccountPath } from "../../../../components/breadcrumbs/breadcrumbs";
import { useT } from "../../../../lib/i18n";
import { LeadsTable, useLeadsTable } from "../../../leads";
import { useCampaignOutlet } from "../model/campaign-outlet";
import { campaignPath } from "../model/campaign-tabs";

/** Hidden columns of a campaign's leads are remembered apart from the other lead tables'. */
export const CAMPAIGN_LEADS_COLUMNS_KEY = "leadflow.columns.campaign-leads";

/**
 * The campaign's audience (spec 3 §2 Leads tab): the leads of its segments, sources and lists with search, sorting,
 * keyset paging, the status filter and remembered columns; a row opens the lead under the campaign in a new window,
 * so the lead page keeps the way back. No checkboxes: the lead bulk actions select over the team's leads, not an
 * audience's, so ticking "all matching" here would reach beyond the campaign.
 */
export function CampaignLeadsTab() {
  const t = useT();
  const p = useAccountPath();
  const { campaign } = useCampaignOutlet();
  const state = useLeadsTable({ campaignId: campaign.id });
  const href = useCallback((row: LeadRow) => p(campaignPath(campaign.id, `leads/${row.id}`)), [p, campaign.id]);
  return (
    <LeadsTable
      aria-label={t("campaigns.detail.leads.tableLabel")}
      state={state}
      href={href}
      storageKey={CAMPAIGN_LEADS_COLUMNS_KEY}
      selectable={false}
      newWindow
    />
  );
}
