import { Chip, CircularProgress, Tooltip } from "@mui/material";
import { useT } from "../../../lib/i18n";

/** Shown while a segment's members are rebuilt (its count is not updated meanwhile). */
export function RecalculatingChip() {
  const t = useT();
  return (
    <Tooltip title={t("audiences.recalculatingHint")}>
      <Chip
        component="span"
        size="small"
        variant="outlined"
        color="info"
        icon={<CircularProgress size={12} color="inherit" aria-hidden />}
        label={t("audiences.recalculating")}
        sx={{ height: 22, "& .MuiChip-icon": { ml: 0.75 } }}
      />
    </Tooltip>
  );
}
