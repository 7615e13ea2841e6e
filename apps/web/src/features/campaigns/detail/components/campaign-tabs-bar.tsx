import type { CampaignType } from "@leadflow/contracts";
import { Box, Stack } from "@mui/material";
import { useAccountPath } from "../../../../components/breadcrumbs/breadcrumbs";
import { RouteTabs } from "../../../../components/route-tabs/route-tabs";
import { useT } from "../../../../lib/i18n";
import { CampaignStatusChip } from "../../components/campaign-status-chip";
import { campaignPath, tabsFor } from "../model/campaign-tabs";
import type { statusChipView } from "../model/status-change";

interface CampaignTabsBarProps {
  campaignId: number;
  type: CampaignType;
  chip: ReturnType<typeof statusChipView>;
}

/** The status chip beside the scrollable tabs (spec 3 §2); each tab is a child route (see campaigns.routes). */
export function CampaignTabsBar({ campaignId, type, chip }: CampaignTabsBarProps) {
  const t = useT();
  const p = useAccountPath();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2 }}>
      <Box aria-live="polite" sx={{ flexShrink: 0 }}>
        <CampaignStatusChip status={chip.status} label={chip.label} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <RouteTabs tabs={tabsFor(type)} base={p(campaignPath(campaignId))} label={t("campaigns.detail.tabsLabel")} scrollable mb={0} />
      </Box>
    </Stack>
  );
}
