import { type ComplianceFile, ExportStatuses } from "@leadflow/contracts";
import DownloadIcon from "@mui/icons-material/DownloadOutlined";
import { Box, Button, Card, CardActions, CardContent, Chip, type ChipProps, Stack, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { dataKey, useT } from "../../../lib/i18n";
import { ComplianceFileProgress } from "./compliance-file-progress";

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

/** One compliance file beside the export files: its facts, its progress while written, Download once Completed. */
export function ComplianceFileCard({ file }: { file: ComplianceFile }) {
  const t = useT();
  const ready = file.status === ExportStatuses.completed && file.url !== null;
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[file.status] ?? "default"}
      label={t(dataKey("compliance.status", file.status))}
    />
  );
  return (
    <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }} data-compliance-file-id={file.id}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1, overflowWrap: "anywhere" }}>
          {file.filename}
        </Typography>
        <Fact label={t("compliance.leadsCount")}>{formatNumber(file.total_leads)}</Fact>
        <Fact label={t("compliance.completedLeads")}>{formatNumber(file.completed_leads)}</Fact>
        <Fact label={t("compliance.status")}>
          {file.error ? (
            <Tooltip title={file.error}>
              <span>{chip}</span>
            </Tooltip>
          ) : (
            chip
          )}
        </Fact>
        <Fact label={t("compliance.createdAt")}>{formatDateTime(file.created_at)}</Fact>
        {file.status === ExportStatuses.in_progress && (
          <Box sx={{ mt: 1.5 }}>
            <ComplianceFileProgress file={file} />
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
          {t("compliance.download")}
        </Button>
      </CardActions>
    </Card>
  );
}
