import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 10_000,
      // A 4xx will answer the same again; only network trouble and 5xx are worth retrying.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

const accountClients = new Map<string, QueryClient>();

/**
 * Each signed-in account gets its own cache: feature query keys need not carry the account, and switching
 * accounts in one tab never shows the previous account's data.
 */
export function accountQueryClient(accountIndex: number, userId: number): QueryClient {
  const key = `${accountIndex}:${userId}`;
  let client = accountClients.get(key);
  if (!client) {
    for (const [k, c] of accountClients) {
      if (k.startsWith(`${accountIndex}:`)) {
        c.clear();
        accountClients.delete(k);
      }
    }
    client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
    accountClients.set(key, client);
  }
  return client;
}
