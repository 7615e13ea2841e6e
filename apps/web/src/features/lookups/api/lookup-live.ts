import { LookupStatuses } from "@leadflow/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useLiveEvent } from "../../../lib/live";
import { throttle } from "../../../lib/throttle";
import { type LookupData, patchCachedLookups } from "../model/lookup-cache";
import { lookupKeys } from "./lookups.api";

/** Source and list counters (their lookup percentage) move when a lookup completes; the root is repeated, not imported. */
const SOURCES = ["sources"] as const;
const RELOAD_MS = 3_000;
const BALANCE_MS = 5_000;

interface ClientState {
  seen: WeakSet<object>;
  reloadLists: () => void;
  reloadBalance: () => void;
}
const clients = new WeakMap<QueryClient, ClientState>();

function stateOf(qc: QueryClient): ClientState {
  let s = clients.get(qc);
  if (!s) {
    s = {
      seen: new WeakSet(),
      // The lists of jobs, not the single jobs: a relookup's own job is patched, never refetched mid-run.
      reloadLists: throttle(() => {
        void qc.invalidateQueries({ queryKey: lookupKeys.pages() });
        void qc.invalidateQueries({ queryKey: lookupKeys.actives() });
      }, RELOAD_MS),
      reloadBalance: throttle(() => void qc.invalidateQueries({ queryKey: lookupKeys.balance() }), BALANCE_MS),
    };
    clients.set(qc, s);
  }
  return s;
}

/**
 * Applies one `LookupData` event to the cache: the matching job's status, time_left, percent and count are set where
 * it is cached, without a request. A job the cache does not hold yet (started elsewhere) or one that changed status
 * (its cost, error and control change too) reloads the lists, throttled; the balance follows, throttled.
 */
export function applyLookupEvent(qc: QueryClient, e: LookupData): void {
  const state = stateOf(qc);
  // Every screen showing lookups listens; the event is applied once.
  if (state.seen.has(e)) return;
  state.seen.add(e);

  let found = false;
  let statusChanged = false;
  for (const query of qc.getQueryCache().findAll({ queryKey: lookupKeys.all })) {
    const result = patchCachedLookups(query.state.data, e);
    if (!result.found) continue;
    found = true;
    statusChanged ||= result.statusChanged;
    if (result.data !== query.state.data) qc.setQueryData(query.queryKey, result.data);
  }
  if (!found || statusChanged) state.reloadLists();
  if (statusChanged && e.status === LookupStatuses.completed) void qc.invalidateQueries({ queryKey: SOURCES });
  state.reloadBalance();
}

/** Keeps every cached lookup live while the calling screen is open. */
export function useLookupLiveUpdates(): void {
  const qc = useQueryClient();
  useLiveEvent("LookupData", (e) => applyLookupEvent(qc, e));
}

/** The header's balance: refreshed as lookups spend it (throttled), wherever the user is. */
export function useBalanceLiveRefresh(): void {
  const qc = useQueryClient();
  useLiveEvent("LookupData", () => stateOf(qc).reloadBalance());
}
