import MemoryIcon from "@mui/icons-material/MemoryOutlined";
import { Badge, Box, Button, CircularProgress, Divider, IconButton, Popover, Stack, Tooltip, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useLiveEvent } from "../../../lib/live";
import { hasDownload, isInProgress, processesQuery, useClearProcesses } from "../api/processes.api";
import { ProcessRow } from "./process-row";

const MAX_DOWNLOADS = 5;

/** The header's 'System Processes': running work with progress and the latest download links. */
export function ProcessesPopover({ pollMs }: { pollMs: number | false }) {
  const t = useT();
  const p = useAccountPath();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const processes = useQuery({ ...processesQuery(), refetchInterval: pollMs });
  const clear = useClearProcesses();
  const refetch = processes.refetch;
  useLiveEvent("ImportStatus", () => void refetch());
  useLiveEvent("ExportStatus", () => void refetch());

  const all = processes.data ?? [];
  const running = all.filter(isInProgress);
  const downloads = all.filter(hasDownload);
  const finished = all.filter((proc) => !isInProgress(proc) && !hasDownload(proc));
  // The indicator is a dot that hides once download links exist (they get a count instead).
  const showDot = running.length > 0 && downloads.length === 0;

  const onClear = () => clear.mutate(undefined, { onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }) });

  return (
    <>
      <Tooltip title={t("header.processes")}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t("header.processes")} aria-haspopup="dialog">
          <Badge
            color={downloads.length > 0 ? "primary" : "warning"}
            variant={showDot ? "dot" : "standard"}
            badgeContent={showDot ? 1 : downloads.length}
            invisible={!showDot && downloads.length === 0}
            max={9}
          >
            <MemoryIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: "calc(100vw - 24px)", mt: 1, boxShadow: "0 12px 32px rgba(17,24,39,0.14)" } } }}
      >
        <Stack direction="row" sx={{ px: 2, pt: 1.5, pb: 1, alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="subtitle1">{t("header.processes")}</Typography>
          <Button
            size="small"
            onClick={onClear}
            disabled={clear.isPending || all.length === running.length}
            startIcon={clear.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            {t("header.clear")}
          </Button>
        </Stack>
        <Divider />
        <Box sx={{ px: 2, maxHeight: 420, overflowY: "auto" }}>
          {processes.isPending && (
            <Box sx={{ py: 3, display: "flex", justifyContent: "center" }}>
              <CircularProgress size={22} />
            </Box>
          )}
          {!processes.isPending && all.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
              {t("header.processesEmpty")}
            </Typography>
          )}
          {running.length > 0 && (
            <Section title={t("header.processesRunning")}>
              {running.map((proc) => (
                <ProcessRow key={proc.id} process={proc} />
              ))}
            </Section>
          )}
          {downloads.length > 0 && (
            <Section title={t("header.processesDownloads")}>
              {downloads.slice(0, MAX_DOWNLOADS).map((proc) => (
                <ProcessRow key={proc.id} process={proc} />
              ))}
            </Section>
          )}
          {finished.length > 0 && (
            <Section title={t("header.processesRecent")}>
              {finished.slice(0, MAX_DOWNLOADS).map((proc) => (
                <ProcessRow key={proc.id} process={proc} />
              ))}
            </Section>
          )}
        </Box>
        <Divider />
        <Box sx={{ p: 1, textAlign: "center" }}>
          <Button component={Link} to={p("settings/download-file")} onClick={() => setAnchor(null)} size="small" fullWidth>
            {t("header.seeMore")}
          </Button>
        </Box>
      </Popover>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700, lineHeight: 2 }}>
        {title}
      </Typography>
      <Stack divider={<Divider flexItem />}>{children}</Stack>
    </Box>
  );
}
