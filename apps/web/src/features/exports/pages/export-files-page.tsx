import { ExportStatusLabels, type SegmentExport } from "@leadflow/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { SectionTitle } from "../../../components/page-header/section-title";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useLiveEvent } from "../../../lib/live";
import { ComplianceFilesSection } from "../../compliance";
import { exportKeys, isExportRunning, segmentExportsQuery } from "../api/exports.api";
import { ExportFilesView } from "../components/export-files-view";

/** Without live events (the channel down), a file still being written is looked at this often. */
const POLL_MS = 5_000;

/**
 * Settings → Export Files: a card per file, newest first. `ExportStatus` events (about once a second while a
 * file is written) set the card's status and link at once and read the list again for its row counts.
 */
export function ExportFilesPage() {
  const t = useT();
  const qc = useQueryClient();
  useSettingsBreadcrumbs({ label: t("settings.exportFiles") });
  const files = useQuery({
    ...segmentExportsQuery(),
    refetchInterval: (q) => (q.state.data?.some(isExportRunning) ? POLL_MS : false),
  });
  useLiveEvent("ExportStatus", (e) => {
    qc.setQueryData<SegmentExport[]>(exportKeys.list(), (old) =>
      old?.map((f) =>
        f.id === e.id
          ? {
              ...f,
              status: e.status,
              status_label: ExportStatusLabels[e.status as keyof typeof ExportStatusLabels] ?? f.status_label,
              url: e.url ?? null,
            }
          : f,
      ),
    );
    void qc.invalidateQueries({ queryKey: exportKeys.all });
  });

  return (
    <>
      <SectionTitle title={t("settings.exportFiles")} subtitle={t("settings.exportFiles.text")} />
      <ExportFilesView files={files.data} loading={files.isPending} error={files.isError ? errorMessage(files.error) : null} />
      <ComplianceFilesSection />
    </>
  );
}
