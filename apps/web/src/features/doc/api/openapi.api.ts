import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { OpenApiDocument } from "../model/openapi";

/** The server's OpenAPI description changes only with a new server: read once per session. */
export const openApiQuery = () =>
  queryOptions({
    queryKey: ["doc", "openapi"] as const,
    queryFn: ({ signal }) => api.get<OpenApiDocument>("/openapi.json", undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
