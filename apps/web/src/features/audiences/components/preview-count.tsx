import { EmptySegmentFilters, type PreviewSegment } from "@leadflow/contracts";
import PeopleOutlineIcon from "@mui/icons-material/PeopleAltOutlined";
import { Box, CircularProgress, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { segmentPreviewQuery } from "../api/segments.api";

export interface PreviewCountProps {
  /** The tree last applied (null: nothing applied yet). */
  applied: PreviewSegment | null;
  /** The draft has changes the count does not include yet. */
  stale: boolean;
}

/** "12,345 leads match" for the applied filters, under the builder (POST /segments/preview). */
export function PreviewCount({ applied, stale }: PreviewCountProps) {
  const t = useT();
  const preview = useQuery({ ...segmentPreviewQuery(applied ?? { filters: EmptySegmentFilters }), enabled: !!applied });

  let line: ReactNode;
  if (!applied) line = <Typography color="text.secondary">{t("audiences.preview.applyHint")}</Typography>;
  else if (preview.isPending)
    line = (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <CircularProgress size={16} />
        <Typography color="text.secondary">{t("audiences.preview.counting")}</Typography>
      </Stack>
    );
  else if (preview.isError) line = <Typography color="error">{errorMessage(preview.error, t("audiences.preview.error"))}</Typography>;
  else {
    const { total, total_blacklisted } = preview.data;
    line = (
      <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
          {tn("audiences.preview.match", total, { count: total.toLocaleString("en-US") })}
        </Typography>
        {total_blacklisted > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t("audiences.preview.blacklisted", { count: total_blacklisted.toLocaleString("en-US") })}
          </Typography>
        )}
        {preview.isFetching && <CircularProgress size={14} aria-label={t("audiences.preview.counting")} />}
      </Stack>
    );
  }

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: "flex", gap: 1.5, alignItems: "center", px: 2, py: 1.5, borderRadius: 2, bgcolor: "action.hover" }}
    >
      <PeopleOutlineIcon color="primary" />
      <Box sx={{ minWidth: 0 }}>
        {line}
        {applied && stale && (
          <Typography variant="caption" color="text.secondary">
            {t("audiences.preview.stale")}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
