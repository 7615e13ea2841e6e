import { useSyncExternalStore } from "react";

/**
 * A tiny external store for "a page declares, the layout renders" state (context menu, breadcrumbs).
 * Only the renderer subscribes, so a page publishing on every render never re-renders itself.
 */
export interface OwnedStore<T> {
  set(owner: string, value: T): void;
  release(owner: string): void;
  get(): T;
  subscribe(l: () => void): () => void;
}

export function createOwnedStore<T>(empty: T): OwnedStore<T> {
  let owner: string | null = null;
  let value = empty;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    set(o, v) {
      owner = o;
      value = v;
      emit();
    },
    release(o) {
      if (owner !== o) return;
      owner = null;
      value = empty;
      emit();
    },
    get: () => value,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export function useOwnedStore<T>(store: OwnedStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
