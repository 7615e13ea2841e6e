import type { SegmentExport } from "@leadflow/contracts";
import FolderZipIcon from "@mui/icons-material/FolderZipOutlined";
import { Alert, Box, Skeleton } from "@mui/material";
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { useT } from "../../../lib/i18n";
import { ExportFileCard } from "./export-file-card";

export interface ExportFilesViewProps {
  files: SegmentExport[] | undefined;
  loading: boolean;
  error: string | null;
}

function Cards({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Box
      aria-busy={busy || undefined}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" } }}
    >
      {children}
    </Box>
  );
}

/** The cards of Settings → Export Files, or their loading placeholders, or 'Files no found'. */
export function ExportFilesView({ files, loading, error }: ExportFilesViewProps) {
  const t = useT();
  if (error && !files) return <Alert severity="error">{error}</Alert>;
  if (loading && !files) {
    return (
      <Cards busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={236} />
        ))}
      </Cards>
    );
  }
  if (!files?.length) return <EmptyState icon={<FolderZipIcon />} title={t("exports.empty")} text={t("exports.emptyText")} />;
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Cards>
        {files.map((f) => (
          <ExportFileCard key={f.id} file={f} />
        ))}
      </Cards>
    </>
  );
}
