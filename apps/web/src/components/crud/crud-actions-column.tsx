import type { MessageKey } from "../../lib/i18n";
import type { CellContext, DataTableColumn } from "../data-table/types";
import { deleteAction, editAction, type RowAction, RowActionButtons, RowActionsMenu } from "../row-actions/row-actions";
import type { CrudRowActions } from "./crud-settings-config";

/*
 * The last column of a settings table: what a row can do. The page's context (CrudSettingsPage) brings onEdit and
 * onDelete; the feature brings its texts. Not hideable, and without a header.
 */

type Row = { name: string };

const base = { key: "actions", header: "", align: "right", hideable: false } as const;

/** Edit and Delete as icon buttons, each named after the row: `{ edit: "rules.edit" }` → 'Edit {name}'. */
export function editDeleteButtonsColumn<T extends Row, C extends CrudRowActions<T>, S extends string = string>(texts: {
  edit: MessageKey;
  delete: MessageKey;
}): DataTableColumn<T, C, S> {
  return {
    ...base,
    width: 96,
    render: (row, { t, onEdit, onDelete }) => (
      <RowActionButtons
        actions={[
          editAction(t(texts.edit, { name: row.name }), () => onEdit(row)),
          deleteAction(t(texts.delete, { name: row.name }), () => onDelete(row)),
        ]}
      />
    ),
  };
}

export interface ActionsMenuColumnConfig<T, C> {
  /** The kebab's name ('Actions for {name}') and the Edit and Delete items'. */
  texts: { menu: MessageKey; edit: MessageKey; delete: MessageKey };
  /** Why a row's menu is off (a system row): the kebab is disabled and says so. */
  locked?: (row: T, ctx: CellContext<C>) => string | undefined;
  /** The row's own items, between Edit and Delete. */
  more?: (row: T, ctx: CellContext<C>) => RowAction[];
}

/** A kebab named after the row, with Edit, the page's own items and Delete. */
export function actionsMenuColumn<T extends Row, C extends CrudRowActions<T>, S extends string = string>({
  texts,
  locked,
  more,
}: ActionsMenuColumnConfig<T, C>): DataTableColumn<T, C, S> {
  return {
    ...base,
    width: 56,
    render: (row, ctx) => (
      <RowActionsMenu
        label={ctx.t(texts.menu, { name: row.name })}
        lockedHint={locked?.(row, ctx)}
        actions={[
          editAction(ctx.t(texts.edit), () => ctx.onEdit(row)),
          ...(more?.(row, ctx) ?? []),
          deleteAction(ctx.t(texts.delete), () => ctx.onDelete(row)),
        ]}
      />
    ),
  };
}
