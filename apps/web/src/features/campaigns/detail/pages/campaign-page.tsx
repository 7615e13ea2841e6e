import type { Campaign } from "@leadflow/contracts";
import { Box, Skeleton } from "@mui/material";
import { Navigate, Outlet, useLocation } from "react-router";
import { type Crumb, useBreadcrumbs } from "../../../../components/breadcrumbs/breadcrumbs";
import { EntityGate, useEntityQuery } from "../../../../components/entity-gate/entity-gate";
import { HeaderSkeleton } from "../../../../components/page-state/page-state";
import { useAccountPath } from "../../../../lib/account-context";
import { useT } from "../../../../lib/i18n";
import { campaignQuery } from "../../api/campaigns.api";
import { useCampaignsLiveUpdates } from "../../api/campaigns-live";
import { WaitingCard } from "../../waiting/waiting-card";
import { ActionsMenu } from "../components/actions-menu";
import { CampaignHeader } from "../components/campaign-header";
import { CampaignTabsBar } from "../components/campaign-tabs-bar";
import { useCampaignActions } from "../components/use-campaign-actions";
import type { CampaignOutlet } from "../model/campaign-outlet";
import { campaignPath, tabOfPath } from "../model/campaign-tabs";

function PageSkeleton() {
  return (
    <>
      <HeaderSkeleton counts={0} />
      <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) 340px", lg: "minmax(0, 1fr) 400px" },
        }}
      >
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    </>
  );
}

/** The page around a campaign the gate has loaded: header and menu, the status chip beside the tabs, the tab. */
function CampaignView({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const p = useAccountPath();
  const { pathname } = useLocation();
  const actions = useCampaignActions(campaign);
  const base = p(campaignPath(campaign.id));
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : "";

  // Open at of an SMS campaign, or a path that names no tab: the Campaign tab (the initial tab follows the path).
  if (!tabOfPath(campaign.type, rest)) return <Navigate to={base} replace />;
  const outlet: CampaignOutlet = { campaign, edit: actions.edit, editHint: actions.editHint };
  return (
    <>
      <CampaignHeader
        campaign={campaign}
        actions={<ActionsMenu items={actions.items} label={t("campaigns.detail.actions")} ariaLabel={t("campaigns.detail.actionsLabel")} />}
      />
      {/* What its messages wait for, under the header on every tab: a quiet campaign says why. */}
      <WaitingCard campaign={campaign} />
      <CampaignTabsBar campaignId={campaign.id} type={campaign.type} chip={actions.chip} archived={campaign.archived} />
      <Outlet context={outlet} />
      {actions.dialogs}
    </>
  );
}

/** A campaign (`campaigns/{id}` and its tab paths): Campaigns › name, 'Campaign not found' for a bad id. */
export function CampaignPage() {
  const t = useT();
  const p = useAccountPath();
  const campaign = useEntityQuery("campaignId", campaignQuery);
  // The status chip and the records move as the campaign sends.
  useCampaignsLiveUpdates();
  const crumbs: Crumb[] = [{ label: t("campaigns.title"), to: "campaigns" }];
  if (campaign.data) crumbs.push({ label: campaign.data.name });
  useBreadcrumbs(crumbs);

  return (
    <EntityGate
      entity={campaign}
      skeleton={<PageSkeleton />}
      notFound={{
        title: t("campaigns.detail.notFound"),
        text: t("campaigns.detail.notFoundText"),
        backTo: p("campaigns"),
        backLabel: t("campaigns.detail.backToCampaigns"),
      }}
    >
      {(current) => <CampaignView key={current.id} campaign={current} />}
    </EntityGate>
  );
}
