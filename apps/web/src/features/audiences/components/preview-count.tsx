import { EmptySegmentFilters, type PreviewSegment } from "@leadflow/contracts";
import PeopleOutlineIcon from "@mui/icons-material/PeopleAltOutlined";
import { Box, CircularProgress, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { segmentPreviewQuery } from "../api/segments.api";
import { previewFigure } from "../model/audience-dialog";

export interface PreviewCountProps {
  /** The tree last applied (null: nothing applied yet). */
  applied: PreviewSegment | null;
  /** The draft has changes the count does not include yet. */
  stale: boolean;
}

// The figure and what follows it wrap as words do; a gap (not a margin) so a wrapped part starts flush left.
const LINE = { display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 1, rowGap: 0.5 } as const;
const FIGURE = { fontWeight: 600, fontVariantNumeric: "tabular-nums" } as const;

/** A spinner inside the figure's text, held to its last word (a no-break space) so a narrow line never strands it. */
function Spinner({ label }: { label: string }) {
  return (
    <>
      {"\u00a0"}
      <CircularProgress size={14} aria-label={label} sx={{ ml: 0.5, verticalAlign: "-2px" }} />
    </>
  );
}

/** The two asks for one applied tree: the quick capped count first, the exact one only when that was capped. */
export const previewInputs = (applied: PreviewSegment | null) => {
  const base = applied ?? { filters: EmptySegmentFilters };
  return { quick: { ...base, count: "capped" as const }, exact: { ...base, count: "exact" as const } };
};

/**
 * "12,345 leads match" for the applied filters, under the builder (POST /segments/preview): the quick answer
 * first, and when it is not the exact figure — "More than 100,000 leads match" or "About 480,000 leads match" —
 * a spinner until the exact count lands.
 */
export function PreviewCount({ applied, stale }: PreviewCountProps) {
  const t = useT();
  const inputs = previewInputs(applied);
  const quick = useQuery({ ...segmentPreviewQuery(inputs.quick), enabled: !!applied });
  const exact = useQuery({ ...segmentPreviewQuery(inputs.exact), enabled: !!applied && quick.data?.exact === false });
  const figure = previewFigure(quick.data, { data: exact.data, failed: exact.isError });
  const count = (n: number) => n.toLocaleString("en-US");

  let line: ReactNode;
  if (!applied) line = <Typography color="text.secondary">{t("audiences.preview.applyHint")}</Typography>;
  else if (quick.isError) line = <Typography color="error">{errorMessage(quick.error, t("audiences.preview.error"))}</Typography>;
  else if (!figure)
    line = (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <CircularProgress size={16} />
        <Typography color="text.secondary">{t("audiences.preview.counting")}</Typography>
      </Stack>
    );
  else if (figure.kind !== "exact")
    line = (
      <Box sx={LINE}>
        <Typography sx={FIGURE}>
          {t(figure.kind === "about" ? "audiences.preview.about" : "audiences.preview.moreThan", { count: count(figure.total) })}
          {figure.counting && <Spinner label={t("audiences.preview.exactCounting")} />}
        </Typography>
        {figure.failed && (
          <Typography variant="body2" color="error">
            {t("audiences.preview.exactFailed")}
          </Typography>
        )}
      </Box>
    );
  else {
    line = (
      <Box sx={LINE}>
        <Typography sx={FIGURE}>
          {tn("audiences.preview.match", figure.total, { count: count(figure.total) })}
          {(quick.isFetching || exact.isFetching) && <Spinner label={t("audiences.preview.counting")} />}
        </Typography>
        {figure.blacklisted > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t("audiences.preview.blacklisted", { count: count(figure.blacklisted) })}
          </Typography>
        )}
      </Box>
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
