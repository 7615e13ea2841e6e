import type { LeadAttribute } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Button, Stack, Typography } from "@mui/material";
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
import { useT } from "../../../lib/i18n";
import { attributesQuery, attributeUsageQuery, useDeleteAttribute } from "../api/attributes.api";
import { attributeColumns } from "../components/attribute-columns";
import { AttributeFormDialog } from "../components/attribute-form-dialog";

/** Doc 2 §9: 50 attributes per page. */
const PAGE_SIZES = [15, 50, 100] as const;
const DEFAULT_SORT = { key: "sort_order", direction: "asc" } as const;

type DialogState = { kind: "create" } | { kind: "edit"; attribute: LeadAttribute } | { kind: "delete"; attribute: LeadAttribute } | null;

/** Settings (index tab) → System Attributes: the team's lead attributes with create, edit and delete. */
export function SystemAttributesPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  useSettingsBreadcrumbs({ label: t("settings.systemAttributes") });
  const table = useTableUrlState({ limit: 50, limits: PAGE_SIZES, sort: DEFAULT_SORT });
  const query = useQuery(attributesQuery(table.request));
  const remove = useDeleteAttribute();
  const [dialog, setDialog] = useState<DialogState>(null);

  const openCreate = () => setDialog({ kind: "create" });
  useContextMenu([{ key: "add", label: t("attributes.add"), icon: <AddIcon />, onClick: openCreate }]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only set state
  const columns = useMemo(
    () =>
      attributeColumns(t, {
        onEdit: (attribute) => setDialog({ kind: "edit", attribute }),
        onDelete: (attribute) => {
          remove.reset();
          setDialog({ kind: "delete", attribute });
        },
      }),
    [t],
  );

  // New attributes go after the last one; the total is a floor when the page does not show the largest order.
  const rows = query.data?.data ?? [];
  const nextSortOrder = Math.max(query.data?.meta.total ?? 0, ...rows.map((a) => a.sort_order + 1));
  const target = dialog?.kind === "delete" ? dialog.attribute : null;
  const usage = useQuery({ ...attributeUsageQuery(target?.id ?? 0), enabled: !!target });

  return (
    <>
      <SectionTitle
        title={t("settings.systemAttributes")}
        subtitle={t("settings.systemAttributes.text")}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} sx={{ display: { md: "none" } }}>
            {t("attributes.add")}
          </Button>
        }
      />
      <DataTable
        aria-label={t("settings.systemAttributes")}
        columns={columns}
        query={query}
        state={table}
        pageSizes={PAGE_SIZES}
        emptyText={t("attributes.empty")}
        searchPlaceholder={t("attributes.search")}
      />
      <AttributeFormDialog
        open={dialog?.kind === "create" || dialog?.kind === "edit"}
        attribute={dialog?.kind === "edit" ? dialog.attribute : undefined}
        nextSortOrder={nextSortOrder}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={!!target}
        message={
          <Stack spacing={1}>
            <Typography>{t("attributes.deleteConfirm", { name: target?.name ?? "" })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {!usage.data
                ? t("attributes.deleteWarning")
                : usage.data.data.values === 0
                  ? t("attributes.deleteUnused")
                  : t("attributes.deleteUsage", {
                      values: usage.data.data.values.toLocaleString(),
                      leads: usage.data.data.leads.toLocaleString(),
                    })}
            </Typography>
          </Stack>
        }
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("attributes.removeError")} error={remove.error} /> : undefined}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              enqueueSnackbar(t("attributes.deleted"), { variant: "success" });
              setDialog(null);
            },
          })
        }
        onClose={() => setDialog(null)}
      />
    </>
  );
}
