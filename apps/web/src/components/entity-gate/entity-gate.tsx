import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { PageLoadError } from "../page-state/page-state";
import { type GateView, gateView, parseId } from "./gate-view";

export interface EntityQuery<T> {
  /** The route's id; null when it names no record (`sources/abc`). */
  id: number | null;
  query: UseQueryResult<T>;
  view: GateView;
  /** The record while the page shows it (not a cached copy the server has since answered 404 for). */
  data: T | undefined;
}

/** The record a detail route names: `useEntityQuery("sourceId", sourceQuery)`; nothing is asked for a bad id. */
export function useEntityQuery<T, K extends QueryKey>(
  param: string,
  options: (id: number) => UseQueryOptions<T, Error, T, K>,
): EntityQuery<T> {
  const id = parseId(useParams()[param]);
  const query = useQuery({ ...options(id ?? 0), enabled: id !== null });
  const view = gateView(id, query);
  return { id, query, view, data: view === "ready" ? query.data : undefined };
}

export interface EntityGateProps<T> {
  entity: EntityQuery<T>;
  /** Shown while the record loads, the shape of the page. */
  skeleton: ReactNode;
  /** The 404 view's texts and its way back. */
  notFound: { title: string; text: string; backTo: string; backLabel: string };
  children: (data: T) => ReactNode;
}

/**
 * A detail page's record: the skeleton while it loads, the not-found view for a bad id or a 404, the error with a
 * retry for any other failure; the page itself once it is there.
 */
export function EntityGate<T>({ entity: { query, view, data }, skeleton, notFound, children }: EntityGateProps<T>) {
  if (view === "ready") return children(data as T);
  if (view === "loading") return skeleton;
  return (
    <PageLoadError
      error={query.error}
      notFound={view === "notFound"}
      notFoundTitle={notFound.title}
      notFoundText={notFound.text}
      backTo={notFound.backTo}
      backLabel={notFound.backLabel}
      onRetry={() => query.refetch()}
    />
  );
}
