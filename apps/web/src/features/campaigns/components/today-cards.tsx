import type { CampaignTodayCounters } from "@leadflow/contracts";
import { Alert, Box, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { formatNumber } from "../../../components/data-table/format";
import { type MessageKey, useT } from "../../../lib/i18n";
import { campaignCountersQuery } from "../api/campaigns.api";
import { formatMoney, formatShare } from "../model/format";

type Channel = CampaignTodayCounters["data"]["sms"];

/** Each card: a title and one line per channel (value, and the share where the spec gives one). */
const cards: { key: string; title: MessageKey; value: (c: Channel) => string; share?: (c: Channel) => number }[] = [
  { key: "sent", title: "campaigns.cards.sent", value: (c) => formatNumber(c.sent) },
  { key: "delivered", title: "campaigns.cards.delivered", value: (c) => formatNumber(c.delivered), share: (c) => c.delivered_percent },
  { key: "clicks", title: "campaigns.cards.clicks", value: (c) => formatNumber(c.clicked), share: (c) => c.clicked_percent },
  { key: "cost", title: "campaigns.cards.cost", value: (c) => formatMoney(c.cost) },
];

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

/** Sent, Delivered, Clicks and Cost today, per SMS and email (spec 3 §2): maintained counters, zero until sending. */
export function TodayCards() {
  const t = useT();
  const query = useQuery(campaignCountersQuery());
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
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {t(card.title)}
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
