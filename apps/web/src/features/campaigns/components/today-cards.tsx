import type { CampaignTodayCounters } from "@leadflow/contracts";
import { Alert, Box, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { formatNumber } from "../../../components/data-table/format";
import { dataKey, type MessageKey, type t, useT } from "../../../lib/i18n";
import { type CardFilters, campaignCountersQuery } from "../api/campaigns.api";
import { formatMoney, formatShare } from "../model/format";
import type { PeriodParams } from "../model/period";

type Channel = CampaignTodayCounters["data"]["sms"];

interface Card {
  key: string;
  /** The product's title for today ("Sent Today"), and the figure's name for any other period ("Sent · This week"). */
  today: MessageKey;
  name: MessageKey;
  value: (c: Channel) => string;
  share?: (c: Channel) => number;
}

/** Each card: a title and one line per channel (value, and the share where the product shows one). */
const cards: Card[] = [
  { key: "sent", today: "campaigns.cards.sent", name: "campaigns.cards.sentName", value: (c) => formatNumber(c.sent) },
  {
    key: "delivered",
    today: "campaigns.cards.delivered",
    name: "campaigns.cards.deliveredName",
    value: (c) => formatNumber(c.delivered),
    share: (c) => c.delivered_percent,
  },
  {
    key: "clicks",
    today: "campaigns.cards.clicks",
    name: "campaigns.cards.clicksName",
    value: (c) => formatNumber(c.clicked),
    share: (c) => c.clicked_percent,
  },
  { key: "cost", today: "campaigns.cards.cost", name: "campaigns.cards.costName", value: (c) => formatMoney(c.cost) },
];

/** YYYY-MM-DD as the display date, MM-DD-YYYY. */
const displayDay = (d: string) => `${d.slice(5, 7)}-${d.slice(8, 10)}-${d.slice(0, 4)}`;

/** The period's words after a card's name: a named period's label, or the custom range's days; null for today. */
export function periodSuffix(period: PeriodParams, tr: typeof t): string | null {
  if ("period" in period) return period.period === "today" ? null : tr(dataKey("campaigns.period", period.period));
  const [from, to] = [displayDay(period.stat_from), displayDay(period.stat_to)];
  return from === to ? from : `${from} – ${to}`;
}

export const cardTitle = (card: Pick<Card, "today" | "name">, period: PeriodParams, tr: typeof t): string => {
  const suffix = periodSuffix(period, tr);
  return suffix === null ? tr(card.today) : `${tr(card.name)} · ${suffix}`;
};

function Line({ label, value, share }: { label: string; value: string; share?: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", justifyContent: "space-between" }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
        {value}
        {share !== undefined && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
            {formatShare(share)}
          </Typography>
        )}
      </Typography>
    </Stack>
  );
}

/**
 * Sent, Delivered, Clicks and Cost per SMS and email over the list's period: "Sent Today" … for today (the
 * default), "Sent · This week" … for another period. Maintained counters, zero until sending.
 */
export function TodayCards({ period, filters = {} }: { period: PeriodParams; filters?: CardFilters }) {
  const t = useT();
  const query = useQuery(campaignCountersQuery({ ...period, ...filters }));
  if (query.isError)
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t("campaigns.cards.error")}
      </Alert>
    );
  const data = query.data?.data;
  return (
    <Box sx={{ display: "grid", gap: 2, mb: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
      {cards.map((card) => (
        <Paper key={card.key} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5, overflowWrap: "anywhere" }}>
            {cardTitle(card, period, t)}
          </Typography>
          {data ? (
            <>
              <Line label={t("campaigns.cards.sms")} value={card.value(data.sms)} share={card.share?.(data.sms)} />
              <Line label={t("campaigns.cards.email")} value={card.value(data.email)} share={card.share?.(data.email)} />
            </>
          ) : (
            <>
              <Skeleton width="80%" />
              <Skeleton width="70%" />
            </>
          )}
        </Paper>
      ))}
    </Box>
  );
}
