import type { Segment } from "@leadflow/contracts";
import DownloadIcon from "@mui/icons-material/DownloadOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Button, Chip, CircularProgress, Tooltip } from "@mui/material";
import { useT } from "../../../lib/i18n";

/**
 * The segment's newest export: 'Generating file...' (disabled) while it is written, then a Download link.
 * ExportStatus events refetch the segment, so the notice moves on by itself.
 */
export function ExportNotice({ notice }: { notice: Segment["export"] }) {
  const t = useT();
  if (!notice) return null;
  switch (notice.type) {
    case "export-pending":
      return (
        <Button variant="outlined" size="small" disabled startIcon={<CircularProgress size={14} color="inherit" />}>
          {t("audiences.export.generating")}
        </Button>
      );
    case "export-completed":
      return notice.url ? (
        <Button variant="outlined" size="small" component="a" href={notice.url} download startIcon={<DownloadIcon />}>
          {t("audiences.export.download")}
        </Button>
      ) : null;
    case "export-failed":
      return (
        <Tooltip title={t("audiences.export.failedHint")}>
          <Chip
            component="span"
            size="small"
            color="error"
            variant="outlined"
            icon={<ErrorOutlineIcon />}
            label={t("audiences.export.failed")}
          />
        </Tooltip>
      );
  }
}
