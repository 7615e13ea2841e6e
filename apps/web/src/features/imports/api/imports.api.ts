import type {
  CreateLeadAttribute,
  ImportFailurePage,
  ImportPage,
  ImportRecord,
  ImportUploadResponse,
  LeadAttribute,
  LeadList,
  MessageResponse,
  PhoneValidationTemplate,
  Source,
  SourceWithLists,
  SyncImportAttributesRequest,
} from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, upload } from "../../../lib/api-client";
import type { Choice } from "../model/import-target";
import { type CreatedAttribute, pairCreated } from "../model/mapping";

export interface ImportsParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

export const importKeys = {
  all: ["imports"] as const,
  pages: () => [...importKeys.all, "page"] as const,
  page: (params: ImportsParams) => [...importKeys.pages(), params] as const,
  detail: (id: number) => [...importKeys.all, "detail", id] as const,
  file: (id: number) => [...importKeys.all, "file", id] as const,
  history: (id: number, params: ImportsParams) => [...importKeys.all, "history", id, params] as const,
};

/**
 * Roots other features own, repeated here as the sources feature does (features don't import each other):
 * an import moves the counters of sources, lists and leads, creates attributes, and runs as a system process.
 */
const SOURCES = ["sources"] as const;
const LEADS = ["leads"] as const;
const ATTRIBUTES = ["attributes"] as const;
const PROCESSES = ["processes"] as const;

/** The import is polled every 3 s until it ends (docs/product/accounts-sources-leads.md). */
export const IMPORT_POLL_MS = 3000;

export const importsQuery = (params: ImportsParams) =>
  queryOptions({
    queryKey: importKeys.page(params),
    queryFn: ({ signal }) => api.get<ImportPage>("/imports", { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const importQuery = (id: number) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => api.get<ImportRecord>(`/imports/${id}`, undefined, { signal }),
    staleTime: 0,
  });

export const importFileQuery = (id: number) =>
  queryOptions({
    queryKey: importKeys.file(id),
    queryFn: ({ signal }) => api.get<ImportRecord>(`/import-files/${id}`, undefined, { signal }),
  });

export const importHistoryQuery = (id: number, params: ImportsParams) =>
  queryOptions({
    queryKey: importKeys.history(id, params),
    queryFn: ({ signal }) => api.get<ImportFailurePage>(`/import-files/${id}/history`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The pickers of the Import File dialog; the key is the sources feature's `withLists`, so both share the cache. */
export const importTargetsQuery = (search: string) => {
  const params = { limit: 100, ...(search.trim() ? { search: search.trim() } : {}) };
  return queryOptions({
    queryKey: [...SOURCES, "with-lists", params] as const,
    queryFn: ({ signal }) => api.get<{ data: SourceWithLists[] }>("/all-sources-with-lists", params, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** Every attribute, for Match Format (same key as the attributes feature's `all`). */
export const leadAttributesAllQuery = () =>
  queryOptions({
    queryKey: [...ATTRIBUTES, "all"] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: LeadAttribute[] }>("/lead-attributes-all", undefined, { signal })).data,
  });

/** Continue in Import File: creates the source and the list that are new, and answers the ids to import into. */
export function useEnsureImportTarget() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, list }: { source: Choice; list: Choice }) => {
      const s =
        source.id === null ? await api.post<Source>("/sources", { name: source.name.trim() }) : { id: source.id, name: source.name };
      const l =
        list.id === null
          ? await api.post<LeadList>(`/sources/${s.id}/lists`, { name: list.name.trim() })
          : { id: list.id, name: list.name };
      return { source: { id: s.id, name: s.name }, list: { id: l.id, name: l.name }, created: source.id === null || list.id === null };
    },
    onSettled: (result, error, { source, list }) => {
      // A failure half-way may still have created the source.
      if (result?.created || (error && (source.id === null || list.id === null))) return qc.invalidateQueries({ queryKey: SOURCES });
    },
  });
}

/** POST /imports (multipart `file` + `list_id[0]`) with upload progress; answers the preview and the suggested mapping. */
export function useUploadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, file, onProgress }: { listId: number; file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append("list_id[0]", String(listId));
      form.append("file", file, file.name);
      return upload<ImportUploadResponse>("/imports", form, onProgress);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: importKeys.pages() }),
  });
}

/** Cancel in Match Format: the uploaded, never-started import is removed (best effort; the server keeps started ones). */
export function useDiscardImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => api.delete<{ message: string }>(`/imports/${importId}`),
    onSettled: () => qc.invalidateQueries({ queryKey: importKeys.pages() }),
  });
}

/**
 * Match Format's Continue: creates the new attributes, saves the mapping (with the lookup options) and
 * dispatches the import. `mapping` receives the created attributes to resolve 'New' rows to their ids.
 */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      importId,
      syncImportId,
      create,
      request,
    }: {
      importId: number;
      syncImportId: number;
      create: CreateLeadAttribute[];
      request: (created: CreatedAttribute[]) => SyncImportAttributesRequest;
    }) => {
      const created = create.length
        ? pairCreated(create, (await api.post<{ data: LeadAttribute[] }>("/lead-attributes", create)).data)
        : [];
      if (created.length) void qc.invalidateQueries({ queryKey: ATTRIBUTES });
      await api.post<MessageResponse>(`/sync-import/${syncImportId}/import-attributes/multiple`, request(created));
      await api.post<unknown>(`/imports/${importId}/dispatch`);
      return importId;
    },
    onSuccess: (importId) => {
      void qc.invalidateQueries({ queryKey: importKeys.detail(importId) });
      void qc.invalidateQueries({ queryKey: importKeys.pages() });
      return qc.invalidateQueries({ queryKey: PROCESSES });
    },
  });
}

/** The end of an import moves lead, source and list counters everywhere. */
export function useRefreshAfterImport() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: LEADS }),
      qc.invalidateQueries({ queryKey: SOURCES }),
      qc.invalidateQueries({ queryKey: importKeys.all }),
      qc.invalidateQueries({ queryKey: PROCESSES }),
    ]);
}

// ── Ignore Phone Format ─────────────────────────────────────────────────────────────────────────────────────

const phoneTemplateKey = ["validation-template", "phone"] as const;

export const phoneTemplateQuery = () =>
  queryOptions({
    queryKey: phoneTemplateKey,
    queryFn: ({ signal }) => api.get<PhoneValidationTemplate>("/validation-template/phone", undefined, { signal }),
  });

export function useUpdatePhoneTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PhoneValidationTemplate) => api.put<PhoneValidationTemplate>("/validation-template/phone", input),
    onSuccess: (saved) => qc.setQueryData(phoneTemplateKey, saved),
  });
}
