import type { CampaignStatistic } from "@leadflow/contracts";
import { Box, Paper, Skeleton, Typography } from "@mui/material";
import { formatNumber } from "../../../lib/format";
import { type MessageKey, tn, useT } from "../../../lib/i18n";
import { formatShare } from "../model/format";

type Channel = CampaignStatistic["channel"];
type Tone = "gain" | "loss" | undefined;

export interface SummaryCard {
  key: string;
  label: MessageKey;
  value: (s: CampaignStatistic) => string;
  share?: (s: CampaignStatistic) => number;
  /** A second line under the figure. */
  note?: (s: CampaignStatistic, t: (k: MessageKey, v?: Record<string, string | number>) => string) => string | null;
  tone?: (s: CampaignStatistic) => Tone;
  /** Only for this channel (opens, bounces and complaints are email's; carriers block SMS). */
  only?: Channel;
  /** Left out while it has nothing to say (a rule the campaign does not use). */
  hidden?: (s: CampaignStatistic) => boolean;
}

const count = (key: keyof CampaignStatistic, label: MessageKey, extra: Partial<SummaryCard> = {}): SummaryCard => ({
  key,
  label,
  value: (s) => formatNumber(s[key] as number),
  ...extra,
});

/** Under Clicked: the clicks the redirect did not count and why, most first ("3 clicks not counted: 2 Bot, 1 Link preview"). */
function filteredClicksNote(s: CampaignStatistic): string | null {
  const f = s.filtered_clicks;
  if (!f || f.total === 0) return null;
  const reasons = f.by_reason.map((r) => `${formatNumber(r.count)} ${r.label}`).join(", ");
  return tn("campaigns.statistics.summary.filteredClicks", f.total, { count: formatNumber(f.total), reasons });
}

/** Under Skipped for consent: what was missing, most first ("2 No consent record, 1 Reassigned number"). */
function consentSkipsNote(s: CampaignStatistic): string | null {
  const c = s.consent_skips;
  if (!c || c.total === 0) return null;
  return c.by_reason.map((r) => `${formatNumber(r.count)} ${r.label}`).join(", ");
}

/** The summary block's cards in reading order: money, then delivery, then what held messages back. */
export const SUMMARY_CARDS: readonly SummaryCard[] = [
  { key: "cost", label: "campaigns.statistics.summary.cost", value: (s) => s.cost_formatted },
  {
    key: "revenue",
    label: "campaigns.statistics.summary.revenue",
    value: (s) => s.revenue_formatted,
    note: (s, t) =>
      s.total_revenue_formatted !== s.revenue_formatted
        ? t("campaigns.statistics.summary.totalRevenue", { amount: s.total_revenue_formatted })
        : null,
  },
  {
    key: "profit",
    label: "campaigns.statistics.summary.profit",
    value: (s) => s.profit_formatted,
    tone: (s) => (s.profit > 0 ? "gain" : s.profit < 0 ? "loss" : undefined),
  },
  count("sent", "campaigns.statistics.summary.sent"),
  count("delivered", "campaigns.statistics.summary.delivered", { share: (s) => s.delivered_percent }),
  count("opened", "campaigns.statistics.summary.opened", { share: (s) => s.opened_percent, only: "email" }),
  count("clicked", "campaigns.statistics.summary.clicked", { share: (s) => s.clicked_percent, note: filteredClicksNote }),
  count("errors", "campaigns.statistics.summary.errors", {
    note: (s, t) =>
      s.total_errors !== s.errors ? t("campaigns.statistics.summary.totalErrors", { count: formatNumber(s.total_errors) }) : null,
  }),
  count("spam_count", "campaigns.statistics.summary.spam"),
  count("unsubscribed", "campaigns.statistics.summary.unsubscribed", { share: (s) => s.unsubscribed_percent }),
  count("cool_offs", "campaigns.statistics.summary.coolOffs"),
  count("cool_offs_inactive_device", "campaigns.statistics.summary.coolOffsInactiveDevice", { only: "sms" }),
  count("daily_limit", "campaigns.statistics.summary.dailyLimit"),
  count("blocked", "campaigns.statistics.summary.blocked", { only: "sms" }),
  count("inactive_device", "campaigns.statistics.summary.inactiveDevice", { only: "sms" }),
  count("cancelled", "campaigns.statistics.summary.cancelled"),
  {
    key: "consent_skips",
    label: "campaigns.statistics.summary.consentSkips",
    value: (s) => formatNumber(s.consent_skips?.total ?? 0),
    note: consentSkipsNote,
    hidden: (s) => !s.consent_skips?.total,
  },
  count("bounces", "campaigns.statistics.summary.bounces", { only: "email" }),
  count("complaints", "campaigns.statistics.summary.complaints", { only: "email" }),
  { key: "revenue_by_bot", label: "campaigns.statistics.summary.revenueByBot", value: (s) => s.revenue_by_bot_formatted },
  { key: "revenue_by_expired", label: "campaigns.statistics.summary.revenueByExpired", value: (s) => s.revenue_by_expired_formatted },
  {
    key: "revenue_by_state_filter",
    label: "campaigns.statistics.summary.revenueByStateFilter",
    value: (s) => s.revenue_by_state_filter_formatted,
  },
  count("total_conversations", "campaigns.statistics.summary.conversations"),
];

export const cardsFor = (channel: Channel) => SUMMARY_CARDS.filter((c) => !c.only || c.only === channel);

/** The summary block: a grid of labelled figures that wraps down to two columns on a phone. */
export function SummaryCards({ statistic, channel }: { statistic: CampaignStatistic | undefined; channel: Channel }) {
  const t = useT();
  const cards = cardsFor(channel);
  return (
    <Box component="section" aria-label={t("campaigns.statistics.summary.title")} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t("campaigns.statistics.summary.title")}
      </Typography>
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(auto-fill, minmax(170px, 1fr))" } }}>
        {cards
          .filter((card) => !(statistic && card.hidden?.(statistic)))
          .map((card) => {
            const tone = statistic && card.tone?.(statistic);
            const note = statistic && card.note?.(statistic, t);
            return (
              <Paper key={card.key} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary" component="div" noWrap title={t(card.label)}>
                  {t(card.label)}
                </Typography>
                {statistic ? (
                  <>
                    <Typography
                      variant="h6"
                      component="div"
                      data-figure={card.key}
                      sx={{
                        fontVariantNumeric: "tabular-nums",
                        lineHeight: 1.3,
                        overflowWrap: "anywhere",
                        color: tone === "gain" ? "success.main" : tone === "loss" ? "error.main" : undefined,
                      }}
                    >
                      {card.value(statistic)}
                      {card.share && (
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.75 }}>
                          {formatShare(card.share(statistic))}
                        </Typography>
                      )}
                    </Typography>
                    {note && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {note}
                      </Typography>
                    )}
                  </>
                ) : (
                  <Skeleton width="60%" sx={{ fontSize: "1.25rem" }} />
                )}
              </Paper>
            );
          })}
      </Box>
    </Box>
  );
}
