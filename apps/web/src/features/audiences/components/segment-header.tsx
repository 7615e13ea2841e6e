import type { Segment } from "@leadflow/contracts";
import AutorenewIcon from "@mui/icons-material/Autorenew";
import PauseCircleOutlineIcon from "@mui/icons-material/PauseCircleOutlineOutlined";
import { Chip, Stack, Tooltip } from "@mui/material";
import { PageHeader } from "../../../components/page-header/page-header";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { ExportNotice } from "./export-notice";
import { RecalculatingChip } from "./recalculating-chip";

/** 'Update dynamically' on, or a static segment that changes only on Refresh. */
function DynamicChip({ dynamic }: { dynamic: boolean }) {
  const t = useT();
  return (
    <Tooltip title={t(dynamic ? "audiences.dynamicHint" : "audiences.staticHint")}>
      <Chip
        component="span"
        size="small"
        variant="outlined"
        color={dynamic ? "success" : "default"}
        icon={dynamic ? <AutorenewIcon /> : <PauseCircleOutlineIcon />}
        label={t(dynamic ? "audiences.dynamic" : "audiences.static")}
      />
    </Tooltip>
  );
}

/**
 * A segment's header, the same for an audience and a child segment: name, its flags and the export notice, counts
 * (leads, blacklisted, segments of an audience); the actions are the page's context menu (useSegmentMenu).
 */
export function SegmentHeader({ segment }: { segment: Segment }) {
  const t = useT();
  const counts = [
    { label: t("audiences.leads"), value: segment.total_leads },
    { label: t("audiences.blacklisted"), value: segment.total_blacklisted },
    ...(segment.parent_id ? [] : [{ label: t("audiences.segmentsCount"), value: segment.segments_count }]),
  ];
  return (
    <PageHeader
      title={segment.name}
      subtitle={
        <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mt: 0.5 }}>
          <DynamicChip dynamic={!segment.ignore_new_leads} />
          {segment.is_recalculating && <RecalculatingChip />}
          <span>{t("audiences.createdAt", { date: formatDateTime(segment.created_at) })}</span>
          {/* The newest export is the segment's state, not an action: beside the other states, off the actions' row. */}
          <ExportNotice notice={segment.export} />
        </Stack>
      }
      counts={counts}
    />
  );
}
