import type { User } from "@leadflow/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCurrentAccount } from "./accounts";
import { api } from "./api-client";

export const HEADER_TICK_MS = 5_000;

export const currentUserQuery = (accountIndex: number, userId: number) =>
  queryOptions({
    queryKey: ["user", accountIndex, userId],
    queryFn: () => api.get<User>("/user"),
    staleTime: HEADER_TICK_MS,
    retry: false,
  });

/** The signed-in user of this tab's account (GET /api/user). The header keeps it fresh. */
export function useCurrentUser() {
  const account = useCurrentAccount();
  return useQuery({ ...currentUserQuery(account?.index ?? -1, account?.id ?? -1), enabled: !!account });
}

export function isTeamAdmin(user: Pick<User, "roles"> | undefined): boolean {
  return !!user?.roles.includes("team_admin");
}
