import type { LeadList } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import { Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { type ContextMenuItem, useContextMenu } from "../../../components/context-menu/context-menu";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { EntityGate, useEntityQuery } from "../../../components/entity-gate/entity-gate";
import { PageHeader } from "../../../components/page-header/page-header";
import { DeleteError } from "../../../components/page-state/delete-error";
import { HeaderSkeleton } from "../../../components/page-state/page-state";
import { useAccountPath } from "../../../lib/account-context";
import { tn, useT } from "../../../lib/i18n";
import { ImportFlow } from "../../imports";
import { LookupProgressList, useRunLookup } from "../../lookups";
import { listsQuery, useDeleteLists } from "../api/lists.api";
import { sourceAggregationsQuery, sourceQuery, useDeleteSource } from "../api/sources.api";
import { listColumns } from "../components/list-columns";
import { ListFormDialog } from "../components/list-form-dialog";
import { SourceFormDialog } from "../components/source-form-dialog";
import { SourceStatusChip } from "../components/source-status-chip";

const PAGE_SIZES = [15, 50, 100] as const;
type Dialog = "import" | "edit" | "remove" | "addList" | "deleteLists" | null;

/** One source: its counters and its lists (docs/product/accounts-sources-leads.md). */
export function SourcePage() {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const source = useEntityQuery("sourceId", sourceQuery);
  const sourceId = source.id ?? 0;
  const aggregations = useQuery({ ...sourceAggregationsQuery(sourceId), enabled: source.query.isSuccess });
  const table = useTableUrlState({ limit: 50, limits: PAGE_SIZES });
  const lists = useQuery({ ...listsQuery(sourceId, table.request), enabled: source.query.isSuccess });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const removeSource = useDeleteSource();
  const deleteLists = useDeleteLists();
  const runLookup = useRunLookup("lists");

  const name = source.data?.name ?? "";
  useBreadcrumbs([{ label: t("sources.breadcrumb"), to: "sources" }, ...(name ? [{ label: name }] : [])]);

  const href = (l: LeadList) => p(`sources/${sourceId}/${l.id}`);

  const open = (d: Exclude<Dialog, null>) => {
    removeSource.reset();
    deleteLists.reset();
    setDialog(d);
  };

  const loaded = !!source.data;
  const menu: ContextMenuItem[] = loaded
    ? [
        { key: "import", label: t("sources.importFile"), icon: <UploadFileOutlinedIcon />, onClick: () => open("import") },
        { key: "edit", label: t("sources.edit"), icon: <EditOutlinedIcon />, onClick: () => open("edit") },
        { key: "remove", label: t("sources.remove"), icon: <DeleteOutlinedIcon />, danger: true, onClick: () => open("remove") },
        { key: "addList", label: t("lists.add"), icon: <PlaylistAddIcon />, onClick: () => open("addList") },
      ]
    : [];
  const lookupItem = loaded ? runLookup.menuItem(selected) : null;
  if (lookupItem) menu.push(lookupItem);
  if (loaded && selected.length > 0) {
    menu.push({
      key: "deleteLists",
      label: t("lists.deleteSelection"),
      icon: <DeleteOutlinedIcon />,
      danger: true,
      onClick: () => open("deleteLists"),
    });
  }
  useContextMenu(menu);

  return (
    <EntityGate
      entity={source}
      skeleton={<HeaderSkeleton counts={5} />}
      notFound={{
        title: t("sources.notFound"),
        text: t("sources.notFoundText"),
        backTo: p("sources"),
        backLabel: t("sources.backToSources"),
      }}
    >
      {(data) => {
        const counts = aggregations.data ?? data;
        return (
          <>
            <PageHeader
              title={
                <Stack direction="row" spacing={1.5} component="span" sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
                  <span>{data.name}</span>
                  <SourceStatusChip status={data.status} />
                </Stack>
              }
              counts={[
                { label: t("sources.totalLeads"), value: counts.total_leads },
                { label: t("sources.uniqueToday"), value: counts.unique_today },
                { label: t("sources.totalToday"), value: counts.added_today },
                { label: t("sources.flagged"), value: counts.total_flagged_leads },
                { label: t("sources.blacklisted"), value: counts.total_blacklisted_leads },
              ]}
            />
            <LookupProgressList scope={{ source_id: sourceId }} />
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t("sources.lists")}
            </Typography>
            <DataTable
              aria-label={t("lists.tableLabel")}
              columns={listColumns}
              context={{ href }}
              query={lists}
              state={table}
              pageSizes={PAGE_SIZES}
              selection={{ selected, onChange: setSelected }}
              rowHref={href}
              columnsStorageKey="leadflow.columns.source-lists"
              emptyText={t("lists.empty")}
              searchPlaceholder={t("lists.searchPlaceholder")}
            />

            <ImportFlow open={dialog === "import"} preset={{ source: { id: data.id, name: data.name } }} onClose={() => setDialog(null)} />
            <SourceFormDialog open={dialog === "edit"} source={data} onClose={() => setDialog(null)} />
            <ListFormDialog open={dialog === "addList"} sourceId={sourceId} onClose={() => setDialog(null)} />
            <ConfirmDialog
              open={dialog === "remove"}
              message={
                <Stack spacing={1}>
                  <Typography>{t("sources.deleteConfirm", { name: data.name })}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t("sources.deleteWarning")}
                  </Typography>
                </Stack>
              }
              loading={removeSource.isPending}
              error={removeSource.error ? <DeleteError title={t("sources.removeError")} error={removeSource.error} /> : undefined}
              onConfirm={() =>
                removeSource.mutate(sourceId, {
                  onSuccess: () => {
                    enqueueSnackbar(t("sources.deleted"), { variant: "success" });
                    navigate(p("sources"), { replace: true });
                  },
                })
              }
              onClose={() => setDialog(null)}
            />
            <ConfirmDialog
              open={dialog === "deleteLists"}
              message={tn("lists.deleteManyConfirm", selected.length)}
              loading={deleteLists.isPending}
              error={deleteLists.error ? <DeleteError title={t("lists.removeManyError")} error={deleteLists.error} /> : undefined}
              onConfirm={() =>
                deleteLists.mutate(selected, {
                  onSuccess: () => {
                    enqueueSnackbar(tn("lists.deletedMany", selected.length), { variant: "success" });
                    setSelected([]);
                    setDialog(null);
                  },
                })
              }
              onClose={() => setDialog(null)}
            />
            {runLookup.dialog}
          </>
        );
      }}
    </EntityGate>
  );
}
