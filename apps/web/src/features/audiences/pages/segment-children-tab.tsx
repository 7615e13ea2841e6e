import type { Segment } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Button } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { useAccountPath } from "../../../lib/account-context";
import { tn, useT } from "../../../lib/i18n";
import { childSegmentsQuery } from "../api/segments.api";
import { childSegmentColumns } from "../components/segment-columns";
import { useSegmentOutlet } from "../model/segment-outlet";
import { segmentLeadsPath } from "../model/segment-paths";

/** Sub-segments 15 per page (docs/product/audiences-lookups-settings.md). */
const PAGE_SIZES = [15, 50, 100] as const;

/** An audience's segments: name, created date, leads, revenue; a row opens the segment's leads. */
export function SegmentChildrenTab() {
  const t = useT();
  const p = useAccountPath();
  const { segment, createSegment } = useSegmentOutlet();
  const table = useTableUrlState({ limit: 15, limits: PAGE_SIZES });
  const query = useQuery(childSegmentsQuery(segment.id, table.request));
  const href = (s: Segment) => p(segmentLeadsPath(s));

  return (
    <DataTable
      aria-label={t("audiences.segments.tableLabel")}
      columns={childSegmentColumns}
      context={{ href }}
      query={query}
      state={table}
      pageSizes={PAGE_SIZES}
      rowHref={href}
      emptyText={t("audiences.segments.empty")}
      searchPlaceholder={t("audiences.segments.searchPlaceholder")}
      countLabel={(n) => tn("audiences.segments.count", n, { count: n.toLocaleString("en-US") })}
      toolbarActions={
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={createSegment}>
          {t("audiences.createSegment")}
        </Button>
      }
    />
  );
}
