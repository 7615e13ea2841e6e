import type { Campaign, CampaignWaiting, WaitingReason } from "@leadflow/contracts";
import HourglassEmptyOutlinedIcon from "@mui/icons-material/HourglassEmptyOutlined";
import { Alert, Box, Chip, Paper, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { tn, useT } from "../../../lib/i18n";
import { PlanningProgressBar } from "./planning-progress";
import { campaignWaitingQuery, useWaitingLiveReload, WAITING_STATUSES } from "./waiting.api";

/** The figure's headline time: now, a time ahead, or nothing while a pause holds everything. */
export function nextText(next: string | null, t: ReturnType<typeof useT>, now = Date.now()): string {
  if (next === null) return t("campaigns.waiting.nextPaused");
  return Date.parse(next) <= now ? t("campaigns.waiting.nextNow") : t("campaigns.waiting.next", { date: formatDateTime(next) });
}

function ReasonRow({ reason }: { reason: WaitingReason }) {
  const t = useT();
  const ahead = reason.next_send_at !== null && Date.parse(reason.next_send_at) > Date.now();
  return (
    <Box
      component="li"
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "minmax(140px, auto) 1fr" }, columnGap: 1.5, rowGap: 0.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", alignSelf: "start" }}>
        <Chip size="small" variant="outlined" label={reason.label} />
        <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
          {formatNumber(reason.count)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {reason.description}
        {ahead && ` ${t("campaigns.waiting.reasonNext", { date: formatDateTime(reason.next_send_at) })}`}
      </Typography>
    </Box>
  );
}

/** The figure itself, for a loaded answer (tests render it directly). */
export function WaitingFigure({ waiting, records }: { waiting: CampaignWaiting; records?: number }) {
  const t = useT();
  return (
    <Paper variant="outlined" component="section" aria-label={t("campaigns.waiting.title")} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Stack direction="row" useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 1, rowGap: 0.25 }}>
        <HourglassEmptyOutlinedIcon fontSize="small" color="action" aria-hidden />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {tn("campaigns.waiting.count", waiting.waiting, { count: formatNumber(waiting.waiting) })}
        </Typography>
        {waiting.waiting > 0 && (
          <Typography variant="body2" color="text.secondary">
            {nextText(waiting.next_send_at, t)}
          </Typography>
        )}
      </Stack>
      {waiting.planning_progress ? (
        <PlanningProgressBar progress={waiting.planning_progress} records={records} />
      ) : (
        waiting.planning_since && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t("campaigns.waiting.planning")}
          </Typography>
        )
      )}
      {waiting.reasons.length > 0 && (
        <Stack component="ul" aria-label={t("campaigns.waiting.reasonsLabel")} spacing={1} sx={{ listStyle: "none", p: 0, m: 0, mt: 1.5 }}>
          {waiting.reasons.map((r) => (
            <ReasonRow key={`${r.kind}|${r.description}`} reason={r} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * What the campaign's planned messages wait for — quiet hours, the daily window, limits, lookups, funds — with the
 * next send time: on the campaign page and its Statistics tab, while the campaign is Active or Paused and something
 * waits (or its audience is still being planned).
 */
export function WaitingCard({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const enabled = WAITING_STATUSES.includes(campaign.status);
  const query = useQuery({ ...campaignWaitingQuery(campaign.id), enabled });
  useWaitingLiveReload([campaign.id], "campaign");
  if (!enabled) return null;
  if (query.isError)
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t("campaigns.waiting.loadError")}
      </Alert>
    );
  const w = query.data;
  if (!w || (w.waiting === 0 && !w.planning_since)) return null;
  return <WaitingFigure waiting={w} records={campaign.records} />;
}

/**
 * The Statistics tab's empty chart, when messages wait: "Nothing has been sent yet: 3 messages wait — Quiet hours (NY).
 * Next send 07-01-2026 01:00 PM." Null when nothing waits (the chart keeps its own words).
 */
export function useWaitingSentence(campaign: Campaign): string | null {
  const t = useT();
  const enabled = WAITING_STATUSES.includes(campaign.status);
  const w = useQuery({ ...campaignWaitingQuery(campaign.id), enabled }).data;
  if (!enabled || !w || w.waiting === 0) return null;
  return t("campaigns.waiting.chartEmpty", {
    waiting: tn("campaigns.waiting.count", w.waiting, { count: formatNumber(w.waiting) }),
    reason: w.reasons[0]?.label ?? "",
    next: nextText(w.next_send_at, t),
  });
}
