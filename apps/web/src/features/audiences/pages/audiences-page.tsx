import { type Segment, SegmentSortKeys } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import GroupsIcon from "@mui/icons-material/GroupsOutlined";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Button } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { DataTable } from "../../../components/data-table/data-table";
import type { SortState } from "../../../components/data-table/types";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { PageHeader } from "../../../components/page-header/page-header";
import { useAccountPath } from "../../../lib/account-context";
import { tn, useT } from "../../../lib/i18n";
import { segmentsQuery, useSegmentLiveUpdates } from "../api/segments.api";
import { AudienceDialog } from "../components/audience-dialog";
import { audienceColumns } from "../components/segment-columns";
import { useAudienceBulkActions } from "../components/use-audience-bulk-actions";
import { segmentLeadsPath } from "../model/segment-paths";
import { useStoredSort } from "../model/stored-sort";

/** Audiences 100 per page, by created_at descending unless the user sorted otherwise (saved). */
const PAGE_SIZES = [15, 50, 100] as const;
const DEFAULT_SORT: SortState = { key: "created_at", direction: "desc" };
const AUDIENCES_SORT_STORAGE_KEY = "leadflow.sort.audiences";

/** Audiences, the root of the signed-in area: the team's top-level segments. */
export function AudiencesPage() {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  useBreadcrumbs([{ label: t("audiences.title") }]);
  useSegmentLiveUpdates();

  const storedSort = useStoredSort(AUDIENCES_SORT_STORAGE_KEY, SegmentSortKeys, DEFAULT_SORT);
  const url = useTableUrlState({ limit: 100, limits: PAGE_SIZES, sort: storedSort.sort });
  const save = storedSort.save;
  const table = useMemo(
    () => ({
      ...url,
      setSort: (sort: SortState | null) => {
        save(sort);
        url.setSort(sort);
      },
    }),
    [url, save],
  );
  const query = useQuery(segmentsQuery(table.request));
  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const bulk = useAudienceBulkActions(selected, () => setSelected([]));

  const href = (s: Segment) => p(segmentLeadsPath(s));

  useContextMenu([{ key: "create", label: t("audiences.create"), icon: <AddIcon />, onClick: () => setCreating(true) }, ...bulk.menuItems]);

  // A team without audiences gets an explanation and the way to start, not an empty table.
  const none = query.data?.meta.total === 0 && !table.search && table.page === 1 && !query.isPlaceholderData;

  return (
    <>
      <PageHeader title={t("audiences.title")} subtitle={t("audiences.subtitle")} />
      {none ? (
        <EmptyState
          icon={<GroupsIcon />}
          title={t("audiences.emptyTitle")}
          text={t("audiences.emptyText")}
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t("audiences.create")}
            </Button>
          }
        />
      ) : (
        <DataTable
          aria-label={t("audiences.tableLabel")}
          columns={audienceColumns}
          context={{ href }}
          query={query}
          state={table}
          pageSizes={PAGE_SIZES}
          selection={{ selected, onChange: setSelected }}
          rowHref={href}
          emptyText={t("audiences.empty")}
          searchPlaceholder={t("audiences.searchPlaceholder")}
          countLabel={(n) => tn("audiences.count", n, { count: n.toLocaleString("en-US") })}
          toolbarActions={
            <Button
              size="small"
              variant="outlined"
              startIcon={<RefreshIcon />}
              disabled={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {t("audiences.refresh")}
            </Button>
          }
        />
      )}
      <AudienceDialog
        open={creating}
        mode={{ kind: "create" }}
        onClose={() => setCreating(false)}
        onSaved={(segment) => navigate(p(segmentLeadsPath(segment)))}
      />
      {bulk.dialogs}
    </>
  );
}
