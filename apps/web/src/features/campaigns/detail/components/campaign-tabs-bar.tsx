import type { CampaignType } from "@leadflow/contracts";
import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import { Box, Chip, Stack } from "@mui/material";
import { RouteTabs } from "../../../../components/route-tabs/route-tabs";
import { useAccountPath } from "../../../../lib/account-context";
import { useT } from "../../../../lib/i18n";
import { CampaignStatusChip } from "../../components/campaign-status-chip";
import { campaignPath, tabsFor } from "../model/campaign-tabs";
import type { statusChipView } from "../model/status-change";

interface CampaignTabsBarProps {
  campaignId: number;
  type: CampaignType;
  chip: ReturnType<typeof statusChipView>;
  /** An archived campaign says so beside its status: the list hides it unless Archived is on. */
  archived?: boolean;
}

/** The status chip beside the scrollable tabs; each tab is a child route (see campaigns.routes). */
export function CampaignTabsBar({ campaignId, type, chip, archived = false }: CampaignTabsBarProps) {
  const t = useT();
  const p = useAccountPath();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2 }}>
      <Stack direction="row" spacing={0.75} aria-live="polite" sx={{ flexShrink: 0, alignItems: "center" }}>
        <CampaignStatusChip status={chip.status} label={chip.label} />
        {archived && (
          <Chip
            size="small"
            variant="outlined"
            icon={<ArchiveOutlinedIcon />}
            label={t("campaigns.detail.archived")}
            data-testid="campaign-archived"
          />
        )}
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <RouteTabs tabs={tabsFor(type)} base={p(campaignPath(campaignId))} label={t("campaigns.detail.tabsLabel")} scrollable mb={0} />
      </Box>
    </Stack>
  );
}
