import type { ImportListRecord } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Button } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useMemo, useState } from "react";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { DeleteError } from "../../../components/page-state/delete-error";
import { copyText } from "../../../lib/clipboard";
import { useT } from "../../../lib/i18n";
import { importListsQuery, useDeleteImportList } from "../api/import-lists.api";
import { importKeyColumns } from "../components/import-key-columns";
import { ImportKeyFormDialog } from "../components/import-key-form-dialog";

/** Spec: page size default 15. */
const PAGE_SIZES = [15, 50, 100] as const;

type DialogState = { kind: "create" } | { kind: "edit"; key: ImportListRecord } | { kind: "delete"; key: ImportListRecord } | null;

/** Settings → Import API Keys: the keys other systems send leads with; a row click copies its key. */
export function ImportApiKeysPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  useSettingsBreadcrumbs({ label: t("settings.importApiKeys") });
  const table = useTableUrlState({ limit: 15, limits: PAGE_SIZES });
  const query = useQuery(importListsQuery(table.request));
  const remove = useDeleteImportList();
  const [dialog, setDialog] = useState<DialogState>(null);

  const openCreate = () => setDialog({ kind: "create" });
  useContextMenu([{ key: "add", label: t("importApi.add"), icon: <AddIcon />, onClick: openCreate }]);

  const copy = async (key: ImportListRecord) => {
    const copied = await copyText(key.api_key);
    enqueueSnackbar(t(copied ? "importApi.copied" : "importApi.copyFailed"), { variant: copied ? "success" : "error" });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only set state or copy
  const columns = useMemo(
    () =>
      importKeyColumns(t, {
        onCopy: copy,
        onEdit: (key) => setDialog({ kind: "edit", key }),
        onDelete: (key) => {
          remove.reset();
          setDialog({ kind: "delete", key });
        },
      }),
    [t],
  );

  const target = dialog?.kind === "delete" ? dialog.key : null;
  return (
    <>
      <SectionTitle
        title={t("settings.importApiKeys")}
        subtitle={`${t("settings.importApiKeys.text")} ${t("importApi.rowHint")}`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} sx={{ display: { md: "none" } }}>
            {t("importApi.add")}
          </Button>
        }
      />
      <DataTable
        aria-label={t("settings.importApiKeys")}
        columns={columns}
        query={query}
        state={table}
        pageSizes={PAGE_SIZES}
        onRowClick={copy}
        emptyText={t("importApi.empty")}
        searchPlaceholder={t("importApi.search")}
      />
      <ImportKeyFormDialog
        open={dialog?.kind === "create" || dialog?.kind === "edit"}
        importKey={dialog?.kind === "edit" ? dialog.key : undefined}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={!!target}
        message={t("common.deleteConfirm", { thing: target?.name ?? "" })}
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("importApi.removeError")} error={remove.error} /> : undefined}
        onConfirm={() =>
          target &&
          remove.mutate(target, {
            onSuccess: (answer) => {
              enqueueSnackbar(answer?.message || t("importApi.deleted"), { variant: "success" });
              setDialog(null);
            },
          })
        }
        onClose={() => setDialog(null)}
      />
    </>
  );
}
