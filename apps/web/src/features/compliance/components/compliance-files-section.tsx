import type { ComplianceFile } from "@leadflow/contracts";
import GavelIcon from "@mui/icons-material/GavelOutlined";
import { Alert, Box, Skeleton } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useLiveEvent } from "../../../lib/live";
import { complianceFilesQuery, complianceKeys, isComplianceRunning } from "../api/compliance.api";
import { ComplianceFileCard } from "./compliance-file-card";

const POLL_MS = 5_000;

const grid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
};

/** Settings → Export Files, under the export files: the team's compliance files, live while they are written. */
export function ComplianceFilesSection() {
  const t = useT();
  const qc = useQueryClient();
  const files = useQuery({
    ...complianceFilesQuery(),
    refetchInterval: (q) => (q.state.data?.some(isComplianceRunning) ? POLL_MS : false),
  });
  useLiveEvent("ComplianceFileStatus", (e) => {
    qc.setQueryData<ComplianceFile[]>(complianceKeys.list(), (old) =>
      old?.map((f) => (f.id === e.id ? { ...f, status: e.status, completed_leads: e.completed_leads, url: e.url ?? f.url } : f)),
    );
    if (!isComplianceRunning(e)) void qc.invalidateQueries({ queryKey: complianceKeys.all });
  });
  return (
    <Box component="section" aria-label={t("compliance.sectionTitle")} sx={{ mt: 4 }}>
      <SectionTitle title={t("compliance.sectionTitle")} subtitle={t("compliance.sectionText")} />
      {files.isError && !files.data ? (
        <Alert severity="error">{errorMessage(files.error)}</Alert>
      ) : files.isPending ? (
        <Box sx={grid} aria-busy>
          <Skeleton variant="rounded" height={200} />
        </Box>
      ) : files.data.length === 0 ? (
        <EmptyState icon={<GavelIcon />} title={t("compliance.empty")} text={t("compliance.emptyText")} />
      ) : (
        <Box sx={grid}>
          {files.data.map((f) => (
            <ComplianceFileCard key={f.id} file={f} />
          ))}
        </Box>
      )}
    </Box>
  );
}
