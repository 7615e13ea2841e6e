import { formatDollars, type SendPreview } from "@leadflow/contracts";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useQueries } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/errors";
import { formatNumber } from "../../../lib/format";
import { tn, useT } from "../../../lib/i18n";
import { sendPreviewQuery } from "./preview.api";
import { PreviewSummary } from "./preview-summary";

export interface SendPreviewDialogProps {
  open: boolean;
  /** The campaigns about to be set Active: one (the campaign page) or the list's selection. */
  ids: readonly number[];
  /** The status change is running: the buttons wait for it. */
  busy?: boolean;
  /** Sets Active the campaigns that can be (their ids). */
  onConfirm: (ids: number[]) => void;
  onClose: () => void;
}

const num = { fontVariantNumeric: "tabular-nums" } as const;

/** One campaign's figures in a line: recipients, now, waiting, not sent and the cost. */
function figuresLine(t: ReturnType<typeof useT>, f: { recipients: number; now: number; wait: number; skipped: number; cost: string }) {
  return t("campaigns.preview.line", {
    recipients: formatNumber(f.recipients),
    now: formatNumber(f.now),
    wait: formatNumber(f.wait),
    skipped: formatNumber(f.skipped),
    cost: f.cost,
  });
}

/** The list's selection: one line per campaign, and the totals. */
function BulkList({ previews }: { previews: SendPreview[] }) {
  const t = useT();
  const ok = previews.filter((p) => p.can_activate);
  const total = (f: (p: SendPreview) => number) => ok.reduce((n, p) => n + f(p), 0);
  const needed = total((p) => p.funds.needed.amount);
  const balance = previews[0]?.funds.balance;
  const blocked = previews.length - ok.length;
  return (
    <Stack spacing={1.5}>
      <Stack
        component="ul"
        aria-label={t("campaigns.preview.campaigns")}
        divider={<Divider component="li" />}
        sx={{ listStyle: "none", p: 0, m: 0 }}
      >
        {previews.map((p) => (
          <Box component="li" key={p.campaign_id} sx={{ py: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
              {p.name}
            </Typography>
            {p.blocked_reason ? (
              <Typography variant="body2" color="error">
                {p.blocked_reason}
              </Typography>
            ) : (
              <>
                <Typography variant="body2" sx={num}>
                  {figuresLine(t, {
                    recipients: p.recipients,
                    now: p.go_now,
                    wait: p.waiting,
                    skipped: p.skipped,
                    cost: p.cost.estimated.formatted,
                  })}
                </Typography>
                {p.waiting_reasons.length > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {p.waiting_reasons.map((r) => `${r.label} ${formatNumber(r.count)}`).join(" · ")}
                  </Typography>
                )}
              </>
            )}
          </Box>
        ))}
      </Stack>
      <Box sx={{ borderTop: 1, borderColor: "divider", pt: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t("campaigns.preview.total")}
        </Typography>
        <Typography variant="body2" sx={num}>
          {figuresLine(t, {
            recipients: total((p) => p.recipients),
            now: total((p) => p.go_now),
            wait: total((p) => p.waiting),
            skipped: total((p) => p.skipped),
            cost: formatDollars(total((p) => p.cost.estimated.amount)),
          })}
        </Typography>
      </Box>
      {blocked > 0 && <Alert severity="info">{tn("campaigns.preview.blockedCount", blocked, { count: formatNumber(blocked) })}</Alert>}
      {balance && needed > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("campaigns.preview.funds", { needed: formatDollars(needed), balance: balance.formatted })}
        </Typography>
      )}
      {balance && needed > balance.amount + 1e-9 && (
        <Alert severity="warning">{t("campaigns.preview.short", { balance: balance.formatted, needed: formatDollars(needed) })}</Alert>
      )}
    </Stack>
  );
}

/**
 * Send preview: before campaigns are set Active, what it would do — recipients, how many go now and how many wait and
 * why, who is left out, the SMS parts and cost, and whether the balance covers it — then Start sending (or Activate N
 * campaigns) performs the status change, Cancel leaves everything as it was.
 */
export function SendPreviewDialog({ open, ids, busy, onConfirm, onClose }: SendPreviewDialogProps) {
  const t = useT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("sm"));
  const queries = useQueries({ queries: ids.map((id) => ({ ...sendPreviewQuery(id), enabled: open })) });
  const loading = queries.some((q) => q.isPending);
  const failed = queries.find((q) => q.isError);
  const previews = queries.flatMap((q) => (q.data ? [q.data] : []));
  const ready = !loading && !failed;
  const activatable = previews.filter((p) => p.can_activate).map((p) => p.campaign_id);
  const single = ids.length === 1;
  const confirmLabel = single
    ? t("campaigns.preview.start")
    : tn("campaigns.preview.activate", activatable.length, { count: activatable.length });
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={narrow}
      aria-labelledby="send-preview-title"
    >
      <DialogTitle id="send-preview-title">
        {t("campaigns.preview.title")}
        {single && previews[0] && (
          <Typography component="span" variant="body1" color="text.secondary" sx={{ display: "block", wordBreak: "break-word" }}>
            {previews[0].name}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {loading && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", py: 3 }} role="status">
            <CircularProgress size={20} />
            <Typography color="text.secondary">{t("campaigns.preview.loading")}</Typography>
          </Stack>
        )}
        {failed && <Alert severity="error">{errorMessage(failed.error, t("campaigns.preview.loadError"))}</Alert>}
        {ready && single && previews[0] && <PreviewSummary preview={previews[0]} />}
        {ready && !single && <BulkList previews={previews} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t("common.cancel")}
        </Button>
        <Button
          variant="contained"
          onClick={() => onConfirm(activatable)}
          disabled={busy || !ready || activatable.length === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
