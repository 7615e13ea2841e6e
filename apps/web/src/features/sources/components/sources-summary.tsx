import type { SourcesTotal } from "@leadflow/contracts";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import PersonAddAltOutlinedIcon from "@mui/icons-material/PersonAddAltOutlined";
import TodayOutlinedIcon from "@mui/icons-material/TodayOutlined";
import { Box, Card, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatNumber } from "../../../components/data-table/format";
import { useT } from "../../../lib/i18n";
import { sourcesTotalQuery } from "../api/sources.api";

interface StatCardProps {
  icon: ReactNode;
  label: string;
  hint: string;
  value: number | undefined;
  loading: boolean;
}

function StatCard({ icon, label, hint, value, loading }: StatCardProps) {
  return (
    <Card
      sx={{ px: { xs: 2, md: 2.25 }, py: { xs: 1.25, sm: 1.5, md: 2.25 }, display: "flex", gap: 1.75, alignItems: "center", minWidth: 0 }}
    >
      <Box
        sx={{
          display: { xs: "none", md: "grid" },
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 2.5,
          placeItems: "center",
          bgcolor: "rgba(67, 83, 224, 0.08)",
          color: "primary.main",
        }}
      >
        {icon}
      </Box>
      {/* Phones: one line per figure (label left, value right); wider screens: a card per figure. */}
      <Stack
        direction={{ xs: "row", sm: "column" }}
        sx={{ minWidth: 0, flex: 1, justifyContent: "space-between", alignItems: { xs: "baseline", sm: "stretch" }, gap: { xs: 1, sm: 0 } }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }} noWrap>
          {label}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontVariantNumeric: "tabular-nums", lineHeight: 1.3, fontSize: { xs: "1.0625rem", md: "1.25rem" } }}
          noWrap
        >
          {loading ? <Skeleton width={80} /> : formatNumber(value)}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap title={hint} sx={{ display: { xs: "none", md: "block" } }}>
          {hint}
        </Typography>
      </Stack>
    </Card>
  );
}

/** The summary block: Total Leads, Unique Today, Total today (GET /sources/total). */
export function SourcesSummary() {
  const t = useT();
  const { data, isPending } = useQuery(sourcesTotalQuery());
  const cards: { key: keyof SourcesTotal; icon: ReactNode; label: string; hint: string }[] = [
    { key: "total_leads", icon: <GroupsOutlinedIcon />, label: t("sources.totalLeads"), hint: t("sources.totalLeadsHint") },
    { key: "unique_today", icon: <PersonAddAltOutlinedIcon />, label: t("sources.uniqueToday"), hint: t("sources.uniqueTodayHint") },
    { key: "added_today", icon: <TodayOutlinedIcon />, label: t("sources.totalToday"), hint: t("sources.totalTodayHint") },
  ];
  return (
    <Box
      component="section"
      aria-label={t("sources.title")}
      sx={{ display: "grid", gap: { xs: 1, sm: 1.5, md: 2 }, mb: 3, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" } }}
    >
      {cards.map((c) => (
        <StatCard key={c.key} icon={c.icon} label={c.label} hint={c.hint} value={data?.[c.key]} loading={isPending} />
      ))}
    </Box>
  );
}
