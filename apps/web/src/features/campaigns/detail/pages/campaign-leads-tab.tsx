import type { LeadRow } from "@leadflow/contracts";
import { useCallback } from "react";
import { useContextMenu } from "../../../../components/context-menu/context-menu";
import { useAccountPath } from "../../../../lib/account-context";
import { useT } from "../../../../lib/i18n";
import { LeadsTable, useLeadBulkActions, useLeadsTable } from "../../../leads";
import { useCampaignOutlet } from "../model/campaign-outlet";
import { campaignPath } from "../model/campaign-tab-list";

/** Hidden columns of a campaign's leads are remembered apart from the other lead tables'. */
export const CAMPAIGN_LEADS_COLUMNS_KEY = "leadflow.columns.campaign-leads";

/**
 * The campaign's audience: the leads of its segments, sources and lists with search, sorting,
 * keyset paging, the status filter, remembered columns and selection with the lead bulk actions (Set status, Delete
 * Selection; "all matching" means the audience's leads that match); a row opens the lead under the campaign in a new
 * window, so the lead page keeps the way back.
 */
export function CampaignLeadsTab() {
  const t = useT();
  const p = useAccountPath();
  const { campaign } = useCampaignOutlet();
  const state = useLeadsTable({ campaignId: campaign.id });
  const bulk = useLeadBulkActions(state);
  useContextMenu(bulk.menuItems);
  const href = useCallback((row: LeadRow) => p(campaignPath(campaign.id, `leads/${row.id}`)), [p, campaign.id]);
  return (
    <>
      <LeadsTable
        aria-label={t("campaigns.detail.leads.tableLabel")}
        state={state}
        href={href}
        storageKey={CAMPAIGN_LEADS_COLUMNS_KEY}
        newWindow
      />
      {bulk.dialogs}
    </>
  );
}
