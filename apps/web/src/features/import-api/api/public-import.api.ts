import type { PublicImportRequest, PublicImportResponse } from "@leadflow/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The public import interface, as another system calls it: the key in the query, no account token. */
export function useImportLead() {
  return useMutation({
    mutationFn: ({ apiKey, body }: { apiKey: string; body: PublicImportRequest }) =>
      api.post<PublicImportResponse>("/import/lead", body, { params: { api_key: apiKey.trim() }, token: null }),
  });
}
