import type { InviteUserRequest, Page, TeamUser, UpdateTeamUserRequest } from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const teamKeys = {
  all: ["team-users"] as const,
  list: (params: { page: number; limit: number }) => [...teamKeys.all, params] as const,
};

export const teamUsersQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: teamKeys.list(params),
    queryFn: () => api.get<Page<TeamUser>>("/team/users", params),
    placeholderData: keepPreviousData,
  });

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteUserRequest) => api.post<TeamUser>("/team/users", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useUpdateTeamUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateTeamUserRequest & { id: number }) => api.put<TeamUser>(`/team/users/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
