import { type ComplianceFile, ExportStatuses } from "@leadflow/contracts";
import DownloadIcon from "@mui/icons-material/DownloadOutlined";
import { Alert, Box, Button, LinearProgress, Stack, Typography } from "@mui/material";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";

/** Where a file stands: a bar while it is written, its Download once Completed, the reason once Failed. */
export function ComplianceFileProgress({ file }: { file: ComplianceFile }) {
  const t = useT();
  if (file.status === ExportStatuses.failed) return <Alert severity="error">{t("compliance.failed", { error: file.error ?? "" })}</Alert>;
  if (file.status === ExportStatuses.completed && file.url)
    return (
      <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
        <Alert severity="success" sx={{ alignSelf: "stretch" }}>
          {t("compliance.ready")} {t("compliance.listed")}
        </Alert>
        <Button component="a" href={file.url} download={file.filename} variant="contained" startIcon={<DownloadIcon />}>
          {t("compliance.download")}
        </Button>
      </Stack>
    );
  const label = t("compliance.progress", { done: formatNumber(file.completed_leads), total: formatNumber(file.total_leads) });
  const percent = file.total_leads > 0 ? Math.min(100, (100 * file.completed_leads) / file.total_leads) : 0;
  return (
    <Box>
      <LinearProgress
        variant={file.status === ExportStatuses.in_progress ? "determinate" : "indeterminate"}
        value={file.status === ExportStatuses.in_progress ? percent : undefined}
        aria-label={label}
      />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
