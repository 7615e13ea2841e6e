import { Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useParams } from "react-router";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { HeaderSkeleton, isNotFound, PageLoadError } from "../../../components/page-state/page-state";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { importFileQuery, importHistoryQuery } from "../api/imports.api";
import { failedRowsColumns } from "../components/failed-rows-columns";
import { ImportSummary } from "../components/import-summary";

/** Page 1 and 20 rows by default (docs/product/audiences-lookups-settings.md). */
const PAGE_SIZES = [20, 50, 100] as const;

/** Settings → Import History → one file: its counts and the rows that did not import as they were. */
export function ImportFilePage() {
  const t = useT();
  const p = useAccountPath();
  const fileId = Number(useParams().fileId);
  const validId = Number.isSafeInteger(fileId) && fileId > 0;
  const file = useQuery({ ...importFileQuery(fileId), enabled: validId });
  const table = useTableUrlState({ limit: 20, limits: PAGE_SIZES });
  const history = useQuery({ ...importHistoryQuery(fileId, table.request), enabled: file.isSuccess });
  useSettingsBreadcrumbs(
    { label: t("settings.importHistory"), to: "settings/import-history" },
    ...(file.data ? [{ label: file.data.name }] : []),
  );

  const columns = useMemo(() => failedRowsColumns(t, (id) => p(`leads/${id}`)), [t, p]);

  if (!file.data) {
    if (file.isPending && file.fetchStatus !== "idle") return <HeaderSkeleton counts={4} />;
    return (
      <PageLoadError
        error={file.error}
        notFound={!validId || isNotFound(file.error)}
        notFoundTitle={t("importFile.notFound")}
        notFoundText={t("importFile.notFoundText")}
        backTo={p("settings/import-history")}
        backLabel={t("importFile.back")}
        onRetry={() => file.refetch()}
      />
    );
  }

  return (
    <>
      <ImportSummary record={file.data} />
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t("importFile.failedRows")}
      </Typography>
      <DataTable
        aria-label={t("importFile.failedRows")}
        columns={columns}
        query={history}
        state={table}
        pageSizes={PAGE_SIZES}
        columnsStorageKey="leadflow.columns.import-history-file"
        emptyText={t("importHistory.empty")}
        searchPlaceholder={t("importFile.search")}
      />
    </>
  );
}
