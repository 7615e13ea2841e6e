import type { MessageResponse } from "@leadflow/contracts";
import { keepPreviousData, type QueryKey, type UseQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import type { ListRequestParams } from "../data-table/table-url-state";

/**
 * What one resource moves, named: `crudApi<{ item: Gateway; page: GatewayPage; create: SaveGateway; saved: GatewaySaved }>`.
 * `update` defaults to `create`, `saved` (what create and update answer) to `item`, `params` to a table's request.
 */
export interface CrudTypes {
  item: { id: number };
  page: unknown;
  create: unknown;
  update?: unknown;
  saved?: unknown;
  params?: object;
}

type UpdateOf<T extends CrudTypes> = T extends { update: infer U } ? U : T["create"];
type SavedOf<T extends CrudTypes> = T extends { saved: infer S } ? S : T["item"];
type ParamsOf<T extends CrudTypes> = T extends { params: infer P } ? P : ListRequestParams;

export interface CrudApiConfig<T extends CrudTypes> {
  /** The query-key root: every change refreshes all under it (pickers other features key there too). */
  key: string;
  /** The collection: GET and POST `path`, GET, PUT and DELETE `path/{id}`. */
  path: string;
  /** An endpoint that is not that plain (POST /lead-attributes takes an array). */
  create?: (input: T["create"]) => Promise<SavedOf<T>>;
}

/** A REST resource's query keys, queries and requests; its mutations are the `useCrud…` hooks below. */
export interface CrudApi<T extends CrudTypes> {
  keys: {
    all: readonly [string];
    lists: () => readonly [string, "list"];
    list: (params: ParamsOf<T>) => readonly [string, "list", ParamsOf<T>];
    detail: (id: number) => readonly [string, "detail", number];
  };
  /** A page of the list; the previous page stays on screen while the next loads. */
  listQuery: (params: ParamsOf<T>) => UseQueryOptions<T["page"], Error, T["page"], QueryKey>;
  getQuery: (id: number) => UseQueryOptions<T["item"], Error, T["item"], QueryKey>;
  create: (input: T["create"]) => Promise<SavedOf<T>>;
  update: (id: number, input: UpdateOf<T>) => Promise<SavedOf<T>>;
  remove: (id: number) => Promise<MessageResponse>;
}

export function crudApi<T extends CrudTypes>({ key, path, create }: CrudApiConfig<T>): CrudApi<T> {
  const keys: CrudApi<T>["keys"] = {
    all: [key],
    lists: () => [key, "list"],
    list: (params) => [key, "list", params],
    detail: (id) => [key, "detail", id],
  };
  return {
    keys,
    listQuery: (params) => ({
      queryKey: keys.list(params),
      queryFn: ({ signal }) => api.get<T["page"]>(path, { ...(params as object) }, { signal }),
      placeholderData: keepPreviousData,
    }),
    getQuery: (id) => ({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => api.get<T["item"]>(`${path}/${id}`, undefined, { signal }),
    }),
    create: create ?? ((input) => api.post<SavedOf<T>>(path, input)),
    update: (id, input) => api.put<SavedOf<T>>(`${path}/${id}`, input),
    remove: (id) => api.delete<MessageResponse>(`${path}/${id}`),
  };
}

/** Every change refreshes the resource's whole key prefix. */
function useInvalidate(resource: { keys: { all: QueryKey } }) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: resource.keys.all });
}

export function useCrudCreate<T extends CrudTypes>(resource: CrudApi<T>) {
  const invalidate = useInvalidate(resource);
  return useMutation({ mutationFn: resource.create, onSuccess: () => invalidate() });
}

export function useCrudUpdate<T extends CrudTypes>(resource: CrudApi<T>) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateOf<T> }) => resource.update(id, input),
    onSuccess: () => invalidate(),
  });
}

/** One mutation for a dialog that creates (no id) or edits. */
export function useCrudSave<T extends CrudTypes>(resource: CrudApi<T>) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: T["create"] & UpdateOf<T> }) =>
      id ? resource.update(id, input) : resource.create(input),
    onSuccess: () => invalidate(),
  });
}

export function useCrudDelete(resource: { keys: { all: QueryKey }; remove: (id: number) => Promise<MessageResponse> }) {
  const invalidate = useInvalidate(resource);
  return useMutation({ mutationFn: resource.remove, onSuccess: () => invalidate() });
}
