import FileDownloadIcon from "@mui/icons-material/FileDownloadOutlined";
import { Box, Skeleton, Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { type Crumb, useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { EntityGate, useEntityQuery } from "../../../components/entity-gate/entity-gate";
import { PageHeader } from "../../../components/page-header/page-header";
import { DeleteError } from "../../../components/page-state/delete-error";
import { HeaderSkeleton } from "../../../components/page-state/page-state";
import { useAccountPath } from "../../../lib/account-context";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { ComplianceFileDialog } from "../../compliance";
import { ConversationButton } from "../../conversations";
import { leadQuery, useDeleteLead } from "../api/leads.api";
import { LeadAttributesCard } from "../components/lead-attributes-card";
import { LeadConsentBlock } from "../components/lead-consent-block";
import { LeadLocations } from "../components/lead-locations";
import { LeadSideBlocks } from "../components/lead-side-blocks";
import { LeadStatusChip } from "../components/lead-status-chip";
import { LeadTimeline } from "../components/lead-timeline";
import { useLeadMenu } from "../components/use-lead-menu";
import { useLeadTrail } from "../model/lead-trail";
import { leadReturnPath } from "../model/return-path";

const noCrumbs = (): Crumb[] => [];

function PageSkeleton() {
  return (
    <>
      <HeaderSkeleton counts={0} />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 320px" } }}>
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={280} />
      </Box>
    </>
  );
}

/** A lead (docs/product/accounts-sources-leads.md), at /leads/{leadId} or under the list it was opened from. */
export function LeadPage() {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const params = useParams();
  const lead = useEntityQuery("leadId", leadQuery);
  const [confirming, setConfirming] = useState(false);
  const [compliance, setCompliance] = useState(false);
  const back = leadReturnPath(params);
  const remove = useDeleteLead(() => {
    enqueueSnackbar(t("leads.deleted"), { variant: "success" });
    navigate(p(back), { replace: true });
  });

  // Under a list, the trail is the list's: Data › source › list › lead; under an audience or a campaign, the one
  // its route carries.
  const list = params.listId ? lead.data?.lists.find((l) => String(l.id) === params.listId) : undefined;
  const trail = useLeadTrail();
  const trailCrumbs = (trail?.useCrumbs ?? noCrumbs)(back);
  const title = t("leads.lead", { id: lead.id ?? params.leadId ?? "" });
  const crumbs: Crumb[] =
    back === "leads"
      ? [{ label: t("leads.title"), to: "leads" }, { label: title }]
      : trail
        ? [...trailCrumbs, { label: title }]
        : list
          ? [
              { label: t("sources.breadcrumb"), to: "sources" },
              { label: list.source.name, to: `sources/${list.source.id}` },
              { label: list.name, to: back },
              { label: title },
            ]
          : [{ label: t("sources.breadcrumb"), to: "sources" }, { label: title }];
  useBreadcrumbs(crumbs);

  const menu = useLeadMenu(lead.data, () => {
    remove.reset();
    setConfirming(true);
  });
  useContextMenu(
    lead.data
      ? [
          ...menu.items,
          { key: "compliance", label: t("leads.consent.download"), icon: <FileDownloadIcon />, onClick: () => setCompliance(true) },
        ]
      : menu.items,
  );

  return (
    <EntityGate
      entity={lead}
      skeleton={<PageSkeleton />}
      notFound={{
        title: t("leads.notFound"),
        text: t("leads.notFoundText"),
        backTo: p(back),
        backLabel: t(back === "leads" ? "leads.backToLeads" : (trail?.backLabel ?? "leads.backToList")),
      }}
    >
      {(data) => (
        <>
          <PageHeader
            title={
              <Stack direction="row" spacing={1.5} component="span" sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
                <span>{title}</span>
                <LeadStatusChip status={data.status} label={data.status_label} />
              </Stack>
            }
            subtitle={
              <>
                {t("leads.updatedAt")}: {formatDateTime(data.updated_at)}
              </>
            }
            actions={<ConversationButton leadId={data.id} disabled={!data.lead_values.some((v) => v.kind === "phone")} />}
          />
          {/* Phones: attributes, locations, side blocks, then the log. Wide screens: the side blocks in a column of their own. */}
          <Box
            sx={{
              display: "grid",
              gap: 2,
              alignItems: "start",
              gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 320px" },
              gridTemplateAreas: {
                xs: '"attrs" "locs" "consent" "side" "log"',
                lg: '"attrs side" "locs side" "consent side" "log side"',
              },
              gridTemplateRows: { lg: "auto auto auto 1fr" },
              "& > *": { minWidth: 0 },
            }}
          >
            <Box sx={{ gridArea: "attrs" }}>
              <LeadAttributesCard lead={data} />
            </Box>
            <Box sx={{ gridArea: "locs" }}>
              <LeadLocations leadId={data.id} />
            </Box>
            <Box sx={{ gridArea: "consent" }}>
              <LeadConsentBlock leadId={data.id} onDownload={() => setCompliance(true)} />
            </Box>
            <Box sx={{ gridArea: "side" }}>
              <LeadSideBlocks lead={data} />
            </Box>
            <Box sx={{ gridArea: "log" }}>
              <LeadTimeline leadId={data.id} />
            </Box>
          </Box>

          <ConfirmDialog
            open={confirming}
            message={
              <Stack spacing={1}>
                <Typography>{t("leads.deleteConfirm", { id: data.id })}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t("leads.deleteWarning")}
                </Typography>
              </Stack>
            }
            loading={remove.isPending}
            error={remove.error ? <DeleteError title={t("leads.removeError")} error={remove.error} /> : undefined}
            onConfirm={() => remove.mutate(data.id)}
            onClose={() => setConfirming(false)}
          />
          {menu.dialogs}
          <ComplianceFileDialog open={compliance} onClose={() => setCompliance(false)} selection={{ ids: [data.id] }} count={1} />
        </>
      )}
    </EntityGate>
  );
}
