import type { LeadRow } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import { Link, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useCallback, useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { type ContextMenuItem, useContextMenu } from "../../../components/context-menu/context-menu";
import { EntityGate, useEntityQuery } from "../../../components/entity-gate/entity-gate";
import { PageHeader } from "../../../components/page-header/page-header";
import { DeleteError } from "../../../components/page-state/delete-error";
import { HeaderSkeleton } from "../../../components/page-state/page-state";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { ImportFlow } from "../../imports";
import { LeadsTable, useLeadBulkActions, useLeadsTable } from "../../leads";
import { LookupProgressList } from "../../lookups";
import { OptInPanel } from "../../signup-forms";
import { listAggregationsQuery, listQuery, useDeleteList } from "../api/lists.api";
import { ListFormDialog } from "../components/list-form-dialog";
import { ListStatusSwitch } from "../components/list-status-switch";

/** One list: its counters, the active switch and its leads table with bulk actions. */
export function ListPage() {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const params = useParams();
  const list = useEntityQuery("listId", listQuery);
  const listId = list.id ?? 0;
  const aggregations = useQuery({ ...listAggregationsQuery(listId), enabled: list.query.isSuccess });
  const [dialog, setDialog] = useState<"import" | "edit" | "remove" | null>(null);
  const remove = useDeleteList();
  const leads = useLeadsTable({ listId }, list.id !== null);
  const bulk = useLeadBulkActions(leads);

  // The list knows its source; the URL's source id only matters until the list has loaded.
  const sourceId = list.data?.source_id ?? params.sourceId;
  const sourcePath = p(`sources/${sourceId}`);
  const leadHref = useCallback((row: LeadRow) => p(`sources/${sourceId}/${listId}/${row.id}`), [p, sourceId, listId]);
  useBreadcrumbs([
    { label: t("sources.breadcrumb"), to: "sources" },
    ...(list.data ? [{ label: list.data.source.name, to: `sources/${sourceId}` }, { label: list.data.name }] : []),
  ]);

  const menu: ContextMenuItem[] = list.data
    ? [
        { key: "import", label: t("sources.importFile"), icon: <UploadFileOutlinedIcon />, onClick: () => setDialog("import") },
        { key: "edit", label: t("lists.edit"), icon: <EditOutlinedIcon />, onClick: () => setDialog("edit") },
        {
          key: "remove",
          label: t("lists.remove"),
          icon: <DeleteOutlinedIcon />,
          danger: true,
          onClick: () => {
            remove.reset();
            setDialog("remove");
          },
        },
        ...bulk.menuItems,
      ]
    : [];
  useContextMenu(menu);

  return (
    <EntityGate
      entity={list}
      skeleton={<HeaderSkeleton counts={4} />}
      notFound={{
        title: t("lists.notFound"),
        text: t("lists.notFoundText"),
        backTo: params.sourceId ? sourcePath : p("sources"),
        backLabel: t(params.sourceId ? "lists.backToSource" : "lists.backToSources"),
      }}
    >
      {(data) => {
        const counts = aggregations.data ?? data;
        return (
          <>
            <PageHeader
              title={data.name}
              subtitle={
                <>
                  {t("lists.source")}:{" "}
                  <Link component={RouterLink} to={sourcePath} underline="hover" sx={{ fontWeight: 600 }}>
                    {data.source.name}
                  </Link>
                </>
              }
              counts={[
                { label: t("lists.leads"), value: counts.total_leads },
                { label: t("lists.blacklistedLeads"), value: counts.total_blacklisted_leads },
                { label: t("lists.uniqueToday"), value: counts.unique_today },
                { label: t("lists.totalToday"), value: counts.added_today },
              ]}
              actions={<ListStatusSwitch list={data} />}
            />
            <LookupProgressList scope={{ list_id: data.id }} />
            <OptInPanel listId={data.id} />
            <LeadsTable aria-label={t("leads.tableLabel")} state={leads} href={leadHref} storageKey="leadflow.columns.list-leads" />
            {bulk.dialogs}

            <ImportFlow
              open={dialog === "import"}
              preset={{ source: data.source, list: { id: data.id, name: data.name } }}
              onClose={() => setDialog(null)}
            />
            <ListFormDialog open={dialog === "edit"} sourceId={data.source_id} list={data} onClose={() => setDialog(null)} />
            <ConfirmDialog
              open={dialog === "remove"}
              message={
                <Stack spacing={1}>
                  <Typography>{t("lists.deleteConfirm", { name: data.name })}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t("lists.deleteWarning")}
                  </Typography>
                </Stack>
              }
              loading={remove.isPending}
              error={remove.error ? <DeleteError title={t("lists.removeError")} error={remove.error} /> : undefined}
              onConfirm={() =>
                remove.mutate(data.id, {
                  onSuccess: () => {
                    enqueueSnackbar(t("lists.deleted"), { variant: "success" });
                    navigate(sourcePath, { replace: true });
                  },
                })
              }
              onClose={() => setDialog(null)}
            />
          </>
        );
      }}
    </EntityGate>
  );
}
