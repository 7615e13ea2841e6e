import type { SendPreview, SendPreviewSkip, WaitingReason } from "@leadflow/contracts";
import { Alert, Box, Chip, Stack, Typography } from "@mui/material";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";

/** A figure of the four at the top: its count large, its name under it. */
function Figure({ label, value, tone }: { label: string; value: number; tone?: "warning" | "success" }) {
  return (
    <Box sx={{ p: 1.25, border: 1, borderColor: "divider", borderRadius: 1, minWidth: 0 }}>
      <Typography
        variant="h6"
        component="p"
        sx={{ fontVariantNumeric: "tabular-nums", lineHeight: 1.2, color: tone ? `${tone}.main` : undefined }}
      >
        {formatNumber(value)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function Reasons({ title, items }: { title: string; items: { key: string; label: string; count: number; detail?: string }[] }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" sx={{ mb: 0.75 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={0.75} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {items.map((r) => (
          <Box component="li" key={r.key} sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1, rowGap: 0.25 }}>
            <Chip size="small" variant="outlined" label={`${r.label} · ${formatNumber(r.count)}`} />
            {r.detail && (
              <Typography variant="body2" color="text.secondary">
                {r.detail}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

const waitItem = (r: WaitingReason, from: (date: string) => string) => ({
  key: `${r.kind}|${r.description}`,
  label: r.label,
  count: r.count,
  detail: r.next_send_at && Date.parse(r.next_send_at) > Date.now() ? from(formatDateTime(r.next_send_at)) : undefined,
});
const skipItem = (s: SendPreviewSkip) => ({ key: s.reason, label: s.label, count: s.count });

function Cost({ preview }: { preview: SendPreview }) {
  const t = useT();
  const sms = preview.channel === "sms";
  const { funds } = preview;
  const paidByBalance = funds.needed_upper_bound.amount > 0;
  return (
    <Box component="section" aria-label={t(sms ? "campaigns.preview.costTitle" : "campaigns.preview.costTitleEmail")}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t(sms ? "campaigns.preview.costTitle" : "campaigns.preview.costTitleEmail")}
      </Typography>
      {sms && preview.steps.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t("campaigns.preview.stepsCaption", { count: formatNumber(preview.sample_size) })}
        </Typography>
      )}
      {sms && preview.steps.length > 0 && (
        <Stack component="ul" aria-label={t("campaigns.preview.stepsLabel")} spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0, mb: 1 }}>
          {preview.steps.map((s) => (
            <Box component="li" key={s.id} sx={{ display: "flex", columnGap: 1.5, alignItems: "baseline", minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ flex: "1 1 auto", minWidth: 0 }}>
                {s.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: "none", fontVariantNumeric: "tabular-nums" }}>
                {t("campaigns.preview.stepParts", { parts: s.sample_parts.toLocaleString("en-US"), upper: s.counter_parts })}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      <Typography variant="body2">
        {sms
          ? t("campaigns.preview.parts", {
              estimated: formatNumber(preview.parts.estimated),
              upper: formatNumber(preview.parts.upper_bound),
            })
          : t("campaigns.preview.emails", { estimated: formatNumber(preview.parts.estimated) })}
      </Typography>
      <Typography variant="body2">
        {t("campaigns.preview.cost")}: <strong data-testid="preview-cost">{preview.cost.estimated.formatted}</strong>
        {preview.cost.upper_bound.amount > preview.cost.estimated.amount &&
          ` (${t("campaigns.preview.costUpTo", { amount: preview.cost.upper_bound.formatted })})`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {paidByBalance
          ? t("campaigns.preview.funds", { needed: funds.needed.formatted, balance: funds.balance.formatted })
          : t("campaigns.preview.fundsOwn")}
        {paidByBalance && funds.free_sms > 0 && ` ${t("campaigns.preview.freeSms", { count: formatNumber(funds.free_sms) })}`}
      </Typography>
      {funds.short && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t("campaigns.preview.short", { balance: funds.balance.formatted, needed: funds.needed.formatted })}
        </Alert>
      )}
    </Box>
  );
}

/** One campaign's preview: who gets it now, who waits and why, who is left out, and what it costs. */
export function PreviewSummary({ preview }: { preview: SendPreview }) {
  const t = useT();
  const from = (date: string) => t("campaigns.preview.from", { date });
  return (
    <Stack spacing={2}>
      {preview.blocked_reason && <Alert severity="error">{preview.blocked_reason}</Alert>}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(4, 1fr)" }, gap: 1 }}>
        <Figure label={t("campaigns.preview.recipients")} value={preview.recipients} />
        <Figure label={t("campaigns.preview.goNow")} value={preview.go_now} tone="success" />
        <Figure label={t("campaigns.preview.waiting")} value={preview.waiting} tone={preview.waiting ? "warning" : undefined} />
        <Figure label={t("campaigns.preview.skipped")} value={preview.skipped} />
      </Box>
      {preview.pace && preview.go_now > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("campaigns.preview.pace", {
            rate: formatNumber(preview.pace.per_minute),
            minutes: formatMinutes(preview.pace.minutes_for_now),
          })}
        </Typography>
      )}
      {preview.planned_before > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("campaigns.preview.plannedBefore", { count: formatNumber(preview.planned_before) })}
        </Typography>
      )}
      {preview.go_now + preview.waiting === 0 && preview.planned_before === 0 && !preview.blocked_reason && (
        <Alert severity="info">{t("campaigns.preview.nothing")}</Alert>
      )}
      <Reasons title={t("campaigns.preview.waitTitle")} items={preview.waiting_reasons.map((r) => waitItem(r, from))} />
      <Reasons title={t("campaigns.preview.skipTitle")} items={preview.skipped_reasons.map(skipItem)} />
      {preview.go_now + preview.waiting > 0 && <Cost preview={preview} />}
    </Stack>
  );
}

/** "42 minutes", "3 h 20 min", "2 days": how long the due messages take at the campaign's frequency. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  if (minutes < 48 * 60) {
    const h = Math.floor(minutes / 60);
    const m = Math.round(minutes - h * 60);
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  return `${Math.round(minutes / 1440)} days`;
}
