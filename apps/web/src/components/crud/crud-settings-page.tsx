import type { Page } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Button } from "@mui/material";
import { type QueryKey, skipToken, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { useSettingsBreadcrumbs } from "../breadcrumbs/breadcrumbs";
import { useContextMenu } from "../context-menu/context-menu";
import { DataTable } from "../data-table/data-table";
import { useTableUrlState } from "../data-table/use-table-url-state";
import { EntityFormDialog } from "../form/entity-form-dialog";
import { SectionTitle } from "../page-header/section-title";
import { useCrudDelete } from "./crud-api";
import { CrudDeleteConfirm } from "./crud-delete-confirm";
import type { CrudContext, CrudSettingsConfig, NamedRecord } from "./crud-settings-config";

const PAGE_SIZES = [15, 50, 100] as const;

type Dialog<T> = { kind: "form"; entity?: T } | { kind: "delete"; entity: T } | null;

/**
 * A settings tab over one resource: its title, a table of the records (or the config's own body), 'Add …' in the
 * screen's context menu (and a button on phones), the create/edit dialog and the delete confirmation.
 */
export function CrudSettingsPage<T extends NamedRecord, X, P, S extends string>({ config }: { config: CrudSettingsConfig<T, X, P, S> }) {
  const t = useT();
  useSettingsBreadcrumbs({ label: t(config.title) });
  const table = useTableUrlState({ limit: config.table?.limit ?? PAGE_SIZES[0], limits: PAGE_SIZES, sort: config.table?.sort });
  // The config is a module constant, so this hook is called on every render or on none.
  const filters = config.table?.useFilters?.();
  const list = useQuery(
    (config.table && config.api.listQuery?.(filters ? { ...table.request, ...filters.params } : table.request)) ??
      ({ queryKey: ["crud-settings", "no-table"], queryFn: skipToken } as UseQueryOptions<Page<T>, Error, Page<T>, QueryKey>),
  );
  const extras = (config.useExtras?.({ rows: list.data?.data, total: list.data?.meta.total }) ?? {}) as X;
  const remove = useCrudDelete(config.api);
  const [dialog, setDialog] = useState<Dialog<T>>(null);
  const [preset, setPreset] = useState<P>();

  const onCreate = (next?: P) => {
    setPreset(next);
    setDialog({ kind: "form" });
  };
  const context: CrudContext<T, X> = {
    ...extras,
    onEdit: (entity) => setDialog({ kind: "form", entity }),
    onDelete: (entity) => {
      remove.reset();
      setDialog({ kind: "delete", entity });
    },
  };
  const add = t(config.add);
  const icon = config.addIcon ?? <AddIcon />;
  const canAdd = config.canAdd?.(extras) ?? true;
  useContextMenu(canAdd ? [{ key: "add", label: add, icon, onClick: () => onCreate() }] : []);

  const subtitle = typeof config.subtitle === "string" ? t(config.subtitle) : config.subtitle.map((k) => t(k)).join(" ");
  const { Body, Form, table: tableConfig } = config;
  const formEntity = dialog?.kind === "form" ? dialog.entity : undefined;
  const close = () => setDialog(null);
  return (
    <>
      <SectionTitle
        title={t(config.title)}
        subtitle={subtitle}
        actions={
          canAdd && (
            <Button variant="contained" startIcon={icon} onClick={() => onCreate()} sx={{ display: { md: "none" } }}>
              {add}
            </Button>
          )
        }
      />
      {Body && <Body context={context} onCreate={onCreate} />}
      {tableConfig && (
        <DataTable<T, number, CrudContext<T, X>>
          aria-label={t(config.title)}
          columns={tableConfig.columns}
          context={context}
          query={list}
          state={table}
          pageSizes={PAGE_SIZES}
          onRowClick={tableConfig.onRowClick && ((row) => tableConfig.onRowClick?.(row, extras))}
          emptyText={t(tableConfig.empty)}
          searchPlaceholder={t(tableConfig.search)}
          toolbarActions={filters?.controls}
        />
      )}
      <EntityFormDialog
        open={dialog?.kind === "form"}
        entity={formEntity}
        entityKey={(entity) => entity?.id ?? `new:${String(preset)}`}
        onClose={close}
      >
        {(entity) => <Form entity={entity} preset={preset} extras={extras} />}
      </EntityFormDialog>
      <CrudDeleteConfirm
        target={dialog?.kind === "delete" ? dialog.entity : null}
        remove={remove}
        texts={config.remove}
        extras={extras}
        onClose={close}
      />
    </>
  );
}
