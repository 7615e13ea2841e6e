import type { SystemProcess } from "@leadflow/contracts";
import DownloadIcon from "@mui/icons-material/DownloadOutlined";
import { Box, Chip, IconButton, LinearProgress, Stack, Tooltip, Typography } from "@mui/material";
import { fromNow } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { isInProgress } from "../api/processes.api";

const statusColor = { running: "primary", resolving: "info", completed: "success", failed: "error" } as const satisfies Record<
  SystemProcess["status"],
  "primary" | "info" | "success" | "error"
>;

export function ProcessRow({ process }: { process: SystemProcess }) {
  const t = useT();
  const running = isInProgress(process);
  return (
    <Box sx={{ py: 1.25 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={process.title}>
            {process.title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {fromNow(process.created_at)}
          </Typography>
        </Box>
        {process.download_url ? (
          <Tooltip title={t("header.download")}>
            <IconButton component="a" href={process.download_url} download size="small" color="primary" aria-label={t("header.download")}>
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <Chip size="small" variant="outlined" color={statusColor[process.status]} label={t(`process.${process.status}`)} />
        )}
      </Stack>
      {running && (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.75 }}>
          <LinearProgress
            sx={{ flex: 1 }}
            variant={process.progress === null ? "indeterminate" : "determinate"}
            value={process.progress ?? undefined}
            color={process.status === "resolving" ? "info" : "primary"}
          />
          {process.progress !== null && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ minWidth: 34, textAlign: "right", fontVariantNumeric: "tabular-nums" }}
            >
              {Math.round(process.progress)}%
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
