import { isNotFound } from "../page-state/page-state";

/** A route's id: digits only, a positive safe integer; anything else names no record. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type GateView = "ready" | "loading" | "notFound" | "error";

/** What a detail page shows for its record's query. */
export function gateView(
  id: number | null,
  query: { data: unknown; error: unknown; isPending: boolean; fetchStatus: "fetching" | "paused" | "idle" },
): GateView {
  // A record deleted elsewhere answers 404 on refetch while its old copy is still cached: not found wins.
  if (id === null || isNotFound(query.error)) return "notFound";
  if (query.data !== undefined) return "ready";
  return query.isPending && query.fetchStatus !== "idle" ? "loading" : "error";
}
