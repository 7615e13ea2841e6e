import type { LeadRow, SegmentLeadsPage } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { useCallback } from "react";
import { useAccountPath } from "../../../lib/account-context";
import { tn, useT } from "../../../lib/i18n";
import { LeadsTable, useLeadsTable } from "../../leads";
import { RecalculatingChip } from "../components/recalculating-chip";
import { SEGMENT_LEADS_COLUMNS_KEY } from "../model/export-columns";
import { useSegmentOutlet } from "../model/segment-outlet";
import { segmentLeadPath } from "../model/segment-paths";

type SegmentMeta = SegmentLeadsPage["meta"];

/** GET /segments/{id}/leads answers the lead table's meta with the blacklisted count and the rebuild flag. */
const segmentMeta = (meta: object | undefined): SegmentMeta | undefined =>
  meta && "total_blacklisted" in meta ? (meta as SegmentMeta) : undefined;

/** A segment's leads: counts of leads and blacklisted leads, search, sorting, 50 per page, columns. */
export function SegmentLeadsTab() {
  const t = useT();
  const p = useAccountPath();
  const { segment } = useSegmentOutlet();
  const state = useLeadsTable({ segmentId: segment.id });
  const href = useCallback((row: LeadRow) => p(segmentLeadPath(segment, row.id)), [p, segment]);
  const meta = segmentMeta(state.query.data?.meta);
  const total = meta?.total ?? segment.total_leads;
  const blacklisted = meta?.total_blacklisted ?? segment.total_blacklisted;
  const approximate = meta?.total_is_estimate ? "~" : "";

  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, mb: 1.5 }} aria-live="polite">
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
          {approximate}
          {tn("audiences.leadsCount", total, { count: total.toLocaleString("en-US") })}
        </Typography>
        <Typography color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
          {tn("audiences.blacklistedCount", blacklisted, { count: blacklisted.toLocaleString("en-US") })}
        </Typography>
        {(meta?.is_recalculating ?? segment.is_recalculating) && <RecalculatingChip />}
      </Stack>
      <LeadsTable
        aria-label={t("audiences.leadsTableLabel")}
        state={state}
        href={href}
        storageKey={SEGMENT_LEADS_COLUMNS_KEY}
        selectable={false}
      />
    </>
  );
}
