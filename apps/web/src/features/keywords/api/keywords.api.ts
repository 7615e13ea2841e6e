import type {
  Keyword,
  KeywordPage,
  KeywordPhoneOptions,
  Page,
  SaveKeywordInput,
  SaveTeamMessaging,
  TeamMessaging,
} from "@leadflow/contracts";
import { keepPreviousData, type QueryKey, queryOptions, type UseQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { crudApi } from "../../../components/crud/crud-api";
import type { ListRequestParams } from "../../../components/data-table/table-url-state";
import { api } from "../../../lib/api-client";

/** Settings → Keywords: GET/POST /sms-keywords, GET/PUT/DELETE /sms-keywords/{id}. */
export const keywordsApi = crudApi<{ item: Keyword; page: KeywordPage; create: SaveKeywordInput }>({
  key: "sms-keywords",
  path: "/sms-keywords",
});

/** A keyword has no name: its words stand for it in the table's labels and the delete confirmation. */
export interface KeywordRow extends Keyword {
  name: string;
}
export const keywordName = (k: Keyword) => k.values.values.join(", ");

export const keywordRowsQuery = (params: ListRequestParams): UseQueryOptions<Page<KeywordRow>, Error, Page<KeywordRow>, QueryKey> => ({
  queryKey: [...keywordsApi.keys.lists(), "rows", params],
  queryFn: async ({ signal }) => {
    const page = await api.get<KeywordPage>("/sms-keywords", { ...params }, { signal });
    return { ...page, data: page.data.map((k): KeywordRow => ({ ...k, name: keywordName(k) })) };
  },
  placeholderData: keepPreviousData,
});

/** The numbers a keyword may listen on; kept under the gateways' root, so a gateway saved anywhere refreshes them. */
export const keywordPhonesQuery = () =>
  queryOptions({
    queryKey: ["gateways", "keyword-phones"] as const,
    queryFn: ({ signal }) => api.get<KeywordPhoneOptions>("/sms-keywords/phones", undefined, { signal }),
    select: (answer) => answer.data,
  });

/** The brand and help contact the team's STOP, START and HELP answers name, with the answers as sent. */
export const teamMessagingQuery = () =>
  queryOptions({
    queryKey: [...keywordsApi.keys.all, "messaging"] as const,
    queryFn: ({ signal }) => api.get<TeamMessaging>("/sms-keywords/messaging", undefined, { signal }),
  });

export function useSaveTeamMessaging() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTeamMessaging) => api.put<TeamMessaging>("/sms-keywords/messaging", input),
    onSuccess: (saved) => qc.setQueryData(teamMessagingQuery().queryKey, saved),
  });
}
