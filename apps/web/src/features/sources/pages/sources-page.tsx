import type { Source } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { PageHeader } from "../../../components/page-header/page-header";
import { DeleteError } from "../../../components/page-state/delete-error";
import { useAccountPath } from "../../../lib/account-context";
import { tn, useT } from "../../../lib/i18n";
import { ImportFlow } from "../../imports";
import { useLookupLiveUpdates, useRunLookup } from "../../lookups";
import { sourcesQuery, useDeleteSources } from "../api/sources.api";
import { sourceColumns } from "../components/source-columns";
import { SourceFormDialog } from "../components/source-form-dialog";
import { SourcesSummary } from "../components/sources-summary";

const PAGE_SIZES = [15, 50, 100] as const;

/** Data: the team's sources with their counters (docs/product/accounts-sources-leads.md). */
export function SourcesPage() {
  const t = useT();
  const p = useAccountPath();
  const { enqueueSnackbar } = useSnackbar();
  useBreadcrumbs([{ label: t("sources.breadcrumb") }]);

  const table = useTableUrlState({ limit: 50, limits: PAGE_SIZES });
  const query = useQuery(sourcesQuery(table.request));
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<"create" | "delete" | "import" | null>(null);
  const deleteMany = useDeleteSources();
  const runLookup = useRunLookup("sources");
  // The rows show their running lookups.
  useLookupLiveUpdates();

  const href = (s: Source) => p(`sources/${s.id}`);

  const openDelete = () => {
    deleteMany.reset();
    setDialog("delete");
  };
  const confirmDelete = () =>
    deleteMany.mutate(selected, {
      onSuccess: () => {
        enqueueSnackbar(tn("sources.deletedMany", selected.length), { variant: "success" });
        setSelected([]);
        setDialog(null);
      },
    });

  const menu: ContextMenuItem[] = [
    { key: "import", label: t("sources.importFile"), icon: <UploadFileOutlinedIcon />, onClick: () => setDialog("import") },
    { key: "add", label: t("sources.add"), icon: <AddIcon />, onClick: () => setDialog("create") },
  ];
  const lookupItem = runLookup.menuItem(selected);
  if (lookupItem) menu.push(lookupItem);
  if (selected.length > 0) {
    menu.push({ key: "delete", label: t("sources.deleteSelection"), icon: <DeleteOutlineIcon />, danger: true, onClick: openDelete });
  }
  useContextMenu(menu);

  return (
    <>
      <PageHeader title={t("sources.title")} subtitle={t("sources.subtitle")} />
      <SourcesSummary />
      <DataTable
        aria-label={t("sources.tableLabel")}
        columns={sourceColumns}
        context={{ href }}
        query={query}
        state={table}
        pageSizes={PAGE_SIZES}
        selection={{ selected, onChange: setSelected }}
        rowHref={href}
        columnsStorageKey="leadflow.columns.sources"
        emptyText={t("sources.empty")}
        searchPlaceholder={t("sources.searchPlaceholder")}
      />
      <SourceFormDialog open={dialog === "create"} onClose={() => setDialog(null)} />
      <ImportFlow open={dialog === "import"} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === "delete"}
        message={tn("sources.deleteManyConfirm", selected.length)}
        loading={deleteMany.isPending}
        error={deleteMany.error ? <DeleteError title={t("sources.removeManyError")} error={deleteMany.error} /> : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
      {runLookup.dialog}
    </>
  );
}
