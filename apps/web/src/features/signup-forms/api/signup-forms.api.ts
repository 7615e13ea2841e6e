import type { ListGrowth, OptInRequestPage, SaveSignupFormInput, SignupForm, SignupFormAnswer } from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** A list's sign-up form, its opt-in requests and its growth: one root per list, refreshed together on a save. */
export const signupFormKeys = {
  all: ["signup-forms"] as const,
  ofList: (listId: number) => [...signupFormKeys.all, listId] as const,
};

export const signupFormQuery = (listId: number) =>
  queryOptions({
    queryKey: [...signupFormKeys.ofList(listId), "form"] as const,
    queryFn: ({ signal }) => api.get<SignupFormAnswer>(`/lists/${listId}/signup-form`, undefined, { signal }),
  });

export const listGrowthQuery = (listId: number, days: number) =>
  queryOptions({
    queryKey: [...signupFormKeys.ofList(listId), "growth", days] as const,
    queryFn: ({ signal }) => api.get<ListGrowth>(`/lists/${listId}/growth`, { days }, { signal }),
    placeholderData: keepPreviousData,
  });

export const optInRequestsQuery = (listId: number) =>
  queryOptions({
    queryKey: [...signupFormKeys.ofList(listId), "requests"] as const,
    queryFn: ({ signal }) => api.get<OptInRequestPage>(`/lists/${listId}/opt-in-requests`, { limit: 10 }, { signal }),
  });

export function useSaveSignupForm(listId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSignupFormInput) => api.put<SignupForm>(`/lists/${listId}/signup-form`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: signupFormKeys.ofList(listId) }),
  });
}
