import { ExportStatuses, type SegmentExport } from "@leadflow/contracts";
import DownloadIcon from "@mui/icons-material/DownloadOutlined";
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  type ChipProps,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { dataKey, useT } from "../../../lib/i18n";

const STATUS_COLORS: Record<number, ChipProps["color"]> = {
  [ExportStatuses.new]: "default",
  [ExportStatuses.in_progress]: "primary",
  [ExportStatuses.completed]: "success",
  [ExportStatuses.failed]: "error",
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center", minHeight: 28 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ typography: "body2", fontWeight: 600, textAlign: "right", minWidth: 0 }}>{children}</Box>
    </Stack>
  );
}

/** One export file: its facts, a progress bar while it is written, and Download once it is Completed. */
export function ExportFileCard({ file }: { file: SegmentExport }) {
  const t = useT();
  const running = file.status === ExportStatuses.in_progress;
  const ready = file.status === ExportStatuses.completed && file.url !== null;
  const percent = file.total_rows > 0 ? Math.min(100, (100 * file.completed_rows) / file.total_rows) : 0;
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[file.status] ?? "default"}
      label={t(dataKey("exports.status", file.status))}
    />
  );
  return (
    <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }} data-export-id={file.id}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1, wordBreak: "break-all" }}>
          {file.filename}
        </Typography>
        <Fact label={t("exports.rows")}>{formatNumber(file.total_rows)}</Fact>
        <Fact label={t("exports.completedRows")}>{formatNumber(file.completed_rows)}</Fact>
        <Fact label={t("exports.segmentName")}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={file.segment.name}>
            {file.segment.name}
          </Typography>
        </Fact>
        <Fact label={t("exports.status")}>
          {file.error ? (
            <Tooltip title={file.error}>
              <span>{chip}</span>
            </Tooltip>
          ) : (
            chip
          )}
        </Fact>
        <Fact label={t("exports.createdAt")}>{formatDateTime(file.created_at)}</Fact>
        {running && (
          <Box sx={{ mt: 1.5 }}>
            <LinearProgress
              variant={file.total_rows > 0 ? "determinate" : "indeterminate"}
              value={file.total_rows > 0 ? percent : undefined}
              aria-label={t("exports.progress", { done: formatNumber(file.completed_rows), total: formatNumber(file.total_rows) })}
            />
            <Typography variant="caption" color="text.secondary">
              {t("exports.progress", { done: formatNumber(file.completed_rows), total: formatNumber(file.total_rows) })}
            </Typography>
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component="a"
          href={ready ? file.url! : undefined}
          download={ready ? file.filename : undefined}
          disabled={!ready}
          variant="contained"
          size="small"
          startIcon={<DownloadIcon />}
        >
          {t("exports.download")}
        </Button>
      </CardActions>
    </Card>
  );
}
