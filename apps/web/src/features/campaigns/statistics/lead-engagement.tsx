import type { CampaignLeadEngagement, LeadEngagementKind } from "@leadflow/contracts";
import { Alert, Box, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import { clampPercent } from "../../../components/data-table/format";
import { errorMessage } from "../../../lib/errors";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { formatShare } from "../model/format";

const COLORS: Record<LeadEngagementKind, string> = {
  clicked: "primary.main",
  opened: "info.main",
  replied: "secondary.main",
  unsubscribed: "warning.main",
  converted: "success.main",
  never_engaged: "grey.400",
};

type Steps = CampaignLeadEngagement["steps"];

/** The filter's choices: every step, and a split's parts named under it. */
function stepLabel(steps: Steps, id: number, t: ReturnType<typeof useT>): string {
  const step = steps.find((s) => s.id === id);
  if (!step) return String(id);
  const parent = step.parent_step_id === null ? undefined : steps.find((s) => s.id === step.parent_step_id);
  return parent ? t("campaigns.statistics.leads.part", { parent: parent.name, name: step.name }) : step.name;
}

/**
 * The Lead Engagement Statistic: of the leads sent to, how many clicked, opened (email), replied,
 * unsubscribed, converted and never engaged, as bars with the count and the share; filtered by a step or a part.
 */
export function LeadEngagement({
  query,
  stepId,
  onStep,
}: {
  query: UseQueryResult<CampaignLeadEngagement>;
  stepId: number | null;
  onStep: (id: number | null) => void;
}) {
  const t = useT();
  const data = query.data;
  const steps = data?.steps ?? [];
  return (
    <Paper variant="outlined" component="section" aria-label={t("campaigns.statistics.leads.title")} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      {/* Title over the filter: the block sits in a narrow column beside the summary on wide screens. */}
      <Stack spacing={1.5} sx={{ mb: 1.5 }}>
        <Box>
          <Typography variant="subtitle1" component="h3">
            {t("campaigns.statistics.leads.title")}
          </Typography>
          {data && (
            <Typography variant="caption" color="text.secondary">
              {t("campaigns.statistics.leads.sentTo", { count: formatNumber(data.sent_to) })}
            </Typography>
          )}
        </Box>
        <TextField
          select
          size="small"
          label={t("campaigns.statistics.leads.filter")}
          value={stepId === null ? "" : String(stepId)}
          onChange={(e) => onStep(e.target.value === "" ? null : Number(e.target.value))}
          fullWidth
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t("campaigns.statistics.leads.allSteps")}</MenuItem>
          {steps.map((s) => (
            <MenuItem key={s.id} value={String(s.id)} sx={{ pl: s.parent_step_id === null ? 2 : 4 }}>
              {stepLabel(steps, s.id, t)}
            </MenuItem>
          ))}
          {/* A step in the URL before its list arrives keeps the select quiet. */}
          {stepId !== null && !steps.some((s) => s.id === stepId) && (
            <MenuItem value={String(stepId)} sx={{ display: "none" }}>
              {stepId}
            </MenuItem>
          )}
        </TextField>
      </Stack>
      {query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : !data ? (
        <Stack spacing={1.5}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="rounded" height={28} />
          ))}
        </Stack>
      ) : (
        <Stack spacing={1.25} component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
          {data.items.map((item) => (
            <Box component="li" key={item.key} data-engagement={item.key}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "baseline" }}>
                <Typography variant="body2">{t(`campaigns.statistics.leads.${item.key}`)}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
                  {formatNumber(item.count)}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
                    {formatShare(item.percent)}
                  </Typography>
                </Typography>
              </Stack>
              <Box sx={{ mt: 0.5, height: 8, borderRadius: 4, bgcolor: "action.hover", overflow: "hidden" }}>
                <Box sx={{ height: 1, width: `${clampPercent(item.percent)}%`, bgcolor: COLORS[item.key], borderRadius: 4 }} />
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
