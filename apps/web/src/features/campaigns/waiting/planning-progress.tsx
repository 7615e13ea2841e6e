import type { PlanningProgress } from "@leadflow/contracts";
import { Box, LinearProgress, Typography } from "@mui/material";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";

/**
 * How far a planning is, from the answer and the campaign's live records (each committed slice moves them over the
 * channel before the figure reloads): the larger of the two planned counts, of an audience never shown below it (a
 * lead in two lists counts twice in the size).
 */
export function planningFigures(p: PlanningProgress, records = 0): { planned: number; total: number; percent: number } {
  const planned = Math.max(p.planned, records);
  const total = Math.max(p.total, planned);
  return { planned, total, percent: total > 0 ? Math.min(100, (planned / total) * 100) : 0 };
}

/** "Planning… 250,000 of 1,000,000 recipients" over a bar; `dense`: the list's cell. */
export function PlanningProgressBar({ progress, records, dense }: { progress: PlanningProgress; records?: number; dense?: boolean }) {
  const t = useT();
  const { planned, total, percent } = planningFigures(progress, records);
  const text = t("campaigns.waiting.planningProgress", { planned: formatNumber(planned), total: formatNumber(total) });
  return (
    <Box sx={{ mt: dense ? 0.25 : 1, maxWidth: dense ? 220 : 480 }}>
      <Typography
        variant={dense ? "caption" : "body2"}
        color="text.secondary"
        component="div"
        sx={{ fontVariantNumeric: "tabular-nums", lineHeight: 1.3 }}
      >
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={text}
        sx={{ mt: 0.5, height: dense ? 3 : 6, borderRadius: 3, bgcolor: "action.hover" }}
      />
    </Box>
  );
}
