import type { Campaign } from "@leadflow/contracts";
import { Alert } from "@mui/material";
import type { ReactNode } from "react";
import { PageHeader } from "../../../../components/page-header/page-header";
import { formatDateTime } from "../../../../lib/format";
import { useT } from "../../../../lib/i18n";

/**
 * A campaign's name with its type and dates; at the right the "Campaign actions" menu and what a tab adds to the page's
 * context menu (the Leads tab's bulk actions on its selection).
 */
export function CampaignHeader({ campaign, actions }: { campaign: Campaign; actions: ReactNode }) {
  const t = useT();
  const facts = [
    campaign.type_label,
    t("campaigns.detail.createdAt", { date: formatDateTime(campaign.created_at) }),
    ...(campaign.started_at && campaign.is_started ? [t("campaigns.detail.startedAt", { date: formatDateTime(campaign.started_at) })] : []),
    ...(campaign.links_expired_at ? [t("campaigns.detail.linksExpiredAt", { date: formatDateTime(campaign.links_expired_at) })] : []),
  ];
  return (
    <>
      <PageHeader title={campaign.name} subtitle={facts.join(" · ")} actions={actions} />
      {/* Why the engine set the status (auto-fail, out of funds): the campaign page says it where the status shows. */}
      {campaign.status_reason && (
        <Alert severity={campaign.status === "failed" ? "error" : "warning"} sx={{ mb: 2 }}>
          {campaign.status_reason}
        </Alert>
      )}
    </>
  );
}
