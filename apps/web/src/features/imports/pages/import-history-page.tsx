import type { ImportRecord } from "@leadflow/contracts";
import { useQuery } from "@tanstack/react-query";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { useLiveEvent } from "../../../lib/live";
import { importsQuery } from "../api/imports.api";
import { importHistoryColumns } from "../components/import-history-columns";
import { isMilestone } from "../model/import-progress";

/** 15 rows per page, newest first (docs/product/audiences-lookups-settings.md). */
const PAGE_SIZES = [15, 50, 100] as const;
const DEFAULT_SORT = { key: "updated_at", direction: "desc" } as const;

/** Settings → Import History: every import with its counts; a row opens its failed rows. */
export function ImportHistoryPage() {
  const t = useT();
  const p = useAccountPath();
  useSettingsBreadcrumbs({ label: t("settings.importHistory") });
  const table = useTableUrlState({ limit: 15, limits: PAGE_SIZES, sort: DEFAULT_SORT });
  const query = useQuery(importsQuery(table.request));
  const refetch = query.refetch;
  useLiveEvent("ImportStatus", (e) => {
    if (isMilestone(e.type)) void refetch();
  });

  const href = (r: ImportRecord) => p(`settings/import-history/${r.id}`);

  return (
    <>
      <SectionTitle title={t("settings.importHistory")} subtitle={t("settings.importHistory.text")} />
      <DataTable
        aria-label={t("settings.importHistory")}
        columns={importHistoryColumns}
        context={{ href }}
        query={query}
        state={table}
        pageSizes={PAGE_SIZES}
        rowHref={href}
        dense
        emptyText={t("importHistory.empty")}
        searchPlaceholder={t("importHistory.search")}
      />
    </>
  );
}
