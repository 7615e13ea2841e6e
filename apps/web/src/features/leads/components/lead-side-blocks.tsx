import type { LeadDetail } from "@leadflow/contracts";
import { Box, Chip, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { formatNumber } from "../../../components/data-table/format";
import { useAccountPath } from "../../../lib/account-context";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { formatMoney } from "../model/format";
import { LeadCampaignsBlock } from "./lead-campaigns-block";
import { LeadCard } from "./lead-card";
import { LeadStatusChip } from "./lead-status-chip";

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack direction="row" sx={{ justifyContent: "space-between", gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
        {value}
      </Typography>
    </Stack>
  );
}

function ChipLinks({ items, empty }: { items: { key: string; label: string; to: string }[]; empty: string }) {
  const p = useAccountPath();
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
      {items.map((i) => (
        <Chip
          key={i.key}
          component={RouterLink}
          to={p(i.to)}
          clickable
          size="small"
          variant="outlined"
          label={i.label}
          sx={{ maxWidth: "100%" }}
        />
      ))}
    </Stack>
  );
}

/** The lead page's side: Lists, Campaigns, Status, Revenue, System Attributes. */
export function LeadSideBlocks({ lead }: { lead: LeadDetail }) {
  const t = useT();
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        alignContent: "start",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))", lg: "minmax(0, 1fr)" },
      }}
    >
      <LeadCard title={t("leads.status")}>
        <LeadStatusChip status={lead.status} label={lead.status_label} size="medium" />
      </LeadCard>
      <LeadCard title={t("leads.lists")}>
        <ChipLinks
          items={lead.lists.map((l) => ({
            key: String(l.id),
            label: `${l.source.name} › ${l.name}`,
            to: `sources/${l.source.id}/${l.id}`,
          }))}
          empty={t("leads.listsEmpty")}
        />
      </LeadCard>
      <LeadCard title={t("leads.campaigns")}>
        <LeadCampaignsBlock leadId={lead.id} />
      </LeadCard>
      <LeadCard title={t("leads.revenue")}>
        <Fact label={t("leads.lifetimeValue")} value={formatMoney(lead.lifetime_value)} />
        <Fact label={t("leads.totalConversations")} value={formatNumber(lead.total_conversations)} />
      </LeadCard>
      <LeadCard title={t("leads.systemAttributes")}>
        <Fact label={t("leads.createdAt")} value={formatDateTime(lead.created_at)} />
        <Fact label={t("leads.lastClicked")} value={lead.last_clicked_at ? formatDateTime(lead.last_clicked_at) : t("leads.never")} />
        <Fact label={t("leads.totalClicks")} value={formatNumber(lead.total_clicks)} />
      </LeadCard>
    </Box>
  );
}
