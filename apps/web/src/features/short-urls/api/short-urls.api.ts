import type {
  Page,
  SaveShortUrlDomainInput,
  ShortUrlAccessAnswer,
  ShortUrlDomain,
  ShortUrlDomainPage,
  ShortUrlPublicIp,
} from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type CrudApi, crudApi } from "../../../components/crud/crud-api";
import { api } from "../../../lib/api-client";

/** A domain as the settings page holds it: the shared CRUD page names records by `name`, a domain by its host. */
export type ShortUrlDomainRow = ShortUrlDomain & { name: string };
const withName = (d: ShortUrlDomain): ShortUrlDomainRow => ({ ...d, name: d.url });

const PATH = "/short-url-domains";

type ShortUrlTypes = { item: ShortUrlDomainRow; page: Page<ShortUrlDomainRow>; create: SaveShortUrlDomainInput; saved: ShortUrlDomain };
const base = crudApi<ShortUrlTypes>({ key: "short-url-domains", path: PATH });

/** Everything under "short-url-domains": a change refreshes the list, the access answer and the public IP alike. */
export const shortUrlsApi: CrudApi<ShortUrlTypes> = {
  ...base,
  listQuery: (params) => ({
    queryKey: base.keys.list(params),
    queryFn: async ({ signal }) => {
      const page = await api.get<ShortUrlDomainPage>(PATH, { ...params }, { signal });
      return { data: page.data.map(withName), meta: page.meta };
    },
    placeholderData: keepPreviousData,
  }),
  getQuery: (id) => ({
    queryKey: base.keys.detail(id),
    queryFn: async ({ signal }) => withName(await api.get<ShortUrlDomain>(`${PATH}/${id}`, undefined, { signal })),
  }),
};

export const shortUrlAccessQuery = () =>
  queryOptions({
    queryKey: [...base.keys.all, "has-access"] as const,
    queryFn: ({ signal }) => api.get<ShortUrlAccessAnswer>(`${PATH}/has-access`, undefined, { signal }),
  });

export const publicIpQuery = () =>
  queryOptions({
    queryKey: [...base.keys.all, "public-ip"] as const,
    queryFn: ({ signal }) => api.get<ShortUrlPublicIp>(`${PATH}/public-ip`, undefined, { signal }),
    // Read once at the server's start: it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A row action that answers the domain as it is now (Check DNS, Enable HTTPS). */
function useDomainAction(action: "check-dns" | "enable-https") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ShortUrlDomain>(`${PATH}/${id}/${action}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: base.keys.lists() }),
  });
}

export const useCheckDns = () => useDomainAction("check-dns");
export const useEnableHttps = () => useDomainAction("enable-https");
