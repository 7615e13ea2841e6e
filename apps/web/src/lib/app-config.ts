import type { AppConfig } from "@leadflow/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

/** Public configuration (support contact, live-channel key, industries); fetched without a token. */
export const appConfigQuery = queryOptions({
  queryKey: ["app-config"],
  queryFn: () => api.get<AppConfig>("/config", undefined, { token: null }),
  staleTime: 10 * 60_000,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
