import type { MessageResponse, Page } from "@leadflow/contracts";
import type { QueryKey, UseQueryOptions } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import type { MessageKey } from "../../lib/i18n";
import type { ListRequestParams } from "../data-table/table-url-state";
import type { Columns, SortState } from "../data-table/types";

/** A settings resource: a record with a name (the delete confirmation names it). */
export interface NamedRecord {
  id: number;
  name: string;
}

/** What the page's rows and dialogs can do; the columns get these with the page's extras. */
export interface CrudRowActions<T> {
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

export type CrudContext<T, X> = X & CrudRowActions<T>;

/** What `useExtras` sees of the page. */
export interface CrudPageState<T> {
  /** The table's rows and total, while it has them (a page without `table` has none). */
  rows: readonly T[] | undefined;
  total: number | undefined;
}

/** The create/edit form: useEntityForm + EntityForm, in the dialog the page opens. */
export interface CrudFormProps<T, X = object, P = undefined> {
  /** The record to edit; none creates. */
  entity: T | undefined;
  /** What the create action was given (Integrations: the gateway kind of the table whose Add was pressed). */
  preset: P | undefined;
  extras: X;
}

export interface CrudBodyProps<T, X, P> {
  context: CrudContext<T, X>;
  onCreate: (preset?: P) => void;
}

export interface CrudTableConfig<T, X, S extends string> {
  columns: Columns<T, CrudContext<T, X>, S>;
  /** The default page size, one of 15, 50 and 100. */
  limit: number;
  sort?: SortState;
  search: MessageKey;
  empty: MessageKey;
  /** A click on a row that is not on a control (Import API Keys: copy the key). */
  onRowClick?: (row: T, extras: X) => void;
  /** Filters beside the search (Rules: type and active), a hook: the list's extra params and their controls. */
  useFilters?: () => CrudTableFilters;
}

export interface CrudTableFilters {
  /** Added to the list request (page, limit, search, sort). */
  params: Readonly<Record<string, string | number | boolean>>;
  /** Drawn in the table's toolbar. */
  controls: ReactNode;
}

export interface CrudSettingsConfig<T extends NamedRecord, X = object, P = undefined, S extends string = string> {
  /** The settings tab's title; the breadcrumb and the table's label too. */
  title: MessageKey;
  /** Its text under the title; several keys are joined by a space. */
  subtitle: MessageKey | readonly MessageKey[];
  /** The create action: 'Add …'. */
  add: MessageKey;
  /** Whether the create action shows (Short Url Domains: not on a plan without them); default yes. */
  canAdd?: (extras: X) => boolean;
  addIcon?: ReactNode;
  /** The resource (crudApi): its list for the table, its delete, its key prefix to refresh. */
  api: {
    keys: { all: QueryKey };
    listQuery?: (params: ListRequestParams) => UseQueryOptions<Page<T>, Error, Page<T>, QueryKey>;
    remove: (id: number) => Promise<MessageResponse>;
  };
  /** The page's own values for columns, form and delete message: handlers, a derived default. A hook. */
  useExtras?: (page: CrudPageState<T>) => X;
  /** One paged, searchable table of the records… */
  table?: CrudTableConfig<T, X, S>;
  /** …or a body of the page's own (Integrations: a table per gateway kind). */
  Body?: ComponentType<CrudBodyProps<T, X, P>>;
  /** The create/edit dialog's form. */
  Form: ComponentType<CrudFormProps<T, X, P>>;
  remove: {
    /** The confirmation's text; default 'Do you want to delete {name}?'. */
    Message?: ComponentType<{ entity: T; extras: X }>;
    /** The failure's title ('Removing … error'). */
    error: MessageKey;
    /** The toast after deleting, when the server's answer has no text of its own. */
    deleted: MessageKey;
    /** false: always our toast, not the server's text. */
    serverText?: boolean;
  };
}
