import { Box, LinearProgress, Typography } from "@mui/material";
import { clampPercent } from "../../../components/data-table/format";
import { formatShare } from "../model/format";

/** Progress %: a small bar and the figure (processed / (records × steps), capped at 100 by the contract). */
export function ProgressCell({ value }: { value: number }) {
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: "minmax(40px, 1fr) auto",
        alignItems: "center",
        columnGap: 1,
        minWidth: { xs: 64, sm: 90 },
      }}
    >
      <LinearProgress variant="determinate" value={clampPercent(value)} aria-hidden sx={{ height: 4, bgcolor: "action.hover" }} />
      <Typography variant="caption" sx={{ fontVariantNumeric: "tabular-nums", fontWeight: 600 }}>
        {formatShare(value)}
      </Typography>
    </Box>
  );
}
