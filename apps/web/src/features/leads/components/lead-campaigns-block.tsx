import type { LeadCampaign } from "@leadflow/contracts";
import { Chip, Link, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { leadCampaignsQuery } from "../api/leads.api";
import { formatMoney } from "../model/format";
import { MessageStateLabels } from "../model/timeline";

/** One campaign: its name (a link) and the lead's figures there — latest message's state, last sent, click, revenue. */
function CampaignLine({ campaign }: { campaign: LeadCampaign }) {
  const t = useT();
  const p = useAccountPath();
  const facts = [
    t(MessageStateLabels[campaign.state]),
    campaign.sent_at ? t("leads.campaign.lastSent", { date: formatDateTime(campaign.sent_at) }) : null,
    campaign.revenue > 0 ? t("leads.campaign.revenue", { amount: formatMoney(campaign.revenue) }) : null,
  ].filter(Boolean);
  return (
    <Stack component="li" sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: "center", minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={p(`campaigns/${campaign.id}`)}
          variant="body2"
          underline="hover"
          sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        >
          {campaign.name}
        </Link>
        {campaign.clicked && <Chip size="small" color="success" variant="outlined" label={t("leads.campaign.clicked")} />}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {facts.join(" · ")}
      </Typography>
    </Stack>
  );
}

/** The Campaigns side block: the campaigns the lead has messages in, latest sent first. */
export function LeadCampaignsBlock({ leadId }: { leadId: number }) {
  const t = useT();
  const campaigns = useQuery(leadCampaignsQuery(leadId));
  if (campaigns.isPending) return <Skeleton variant="rounded" width={120} height={24} />;
  if (campaigns.isError)
    return (
      <Typography variant="body2" color="error">
        {t("leads.sideError")}
      </Typography>
    );
  if (campaigns.data.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t("leads.campaignsEmpty")}
      </Typography>
    );
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: "none" }}>
      {campaigns.data.data.map((c) => (
        <CampaignLine key={c.id} campaign={c} />
      ))}
    </Stack>
  );
}
