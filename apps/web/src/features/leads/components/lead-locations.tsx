import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import ListAltOutlinedIcon from "@mui/icons-material/ListAltOutlined";
import { Chip, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { leadCampaignsQuery, leadSegmentsQuery, leadSourcesQuery } from "../api/leads.api";
import { type LocationChip, locationChips } from "../model/locations";
import { LeadCard } from "./lead-card";

const ICONS = {
  list: <ListAltOutlinedIcon />,
  audience: <GroupsOutlinedIcon />,
  campaign: <CampaignOutlinedIcon />,
} as const satisfies Record<LocationChip["kind"], React.ReactNode>;

/** 'Locations': chips to the lead's audiences, sources and lists, and campaigns. */
export function LeadLocations({ leadId }: { leadId: number }) {
  const t = useT();
  const p = useAccountPath();
  const sources = useQuery(leadSourcesQuery(leadId));
  const segments = useQuery(leadSegmentsQuery(leadId));
  const campaigns = useQuery(leadCampaignsQuery(leadId));
  const loading = sources.isPending || segments.isPending || campaigns.isPending;
  const failed = sources.isError && segments.isError && campaigns.isError;
  const chips = locationChips(sources.data?.data, segments.data?.data, campaigns.data?.data);

  return (
    <LeadCard title={t("leads.locations")} id="lead-locations">
      {loading ? (
        <Stack direction="row" spacing={1}>
          <Skeleton variant="rounded" width={160} height={24} />
          <Skeleton variant="rounded" width={120} height={24} />
        </Stack>
      ) : failed ? (
        <Typography variant="body2" color="error">
          {t("leads.sideError")}
        </Typography>
      ) : chips.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("leads.locationsEmpty")}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {chips.map((c) => (
            <Chip
              key={c.key}
              component={RouterLink}
              to={p(c.to)}
              clickable
              size="small"
              variant="outlined"
              icon={ICONS[c.kind]}
              label={c.label}
              aria-label={`${t(`leads.locations.${c.kind}`)}: ${c.label}`}
              sx={{ maxWidth: "100%" }}
            />
          ))}
        </Stack>
      )}
    </LeadCard>
  );
}
