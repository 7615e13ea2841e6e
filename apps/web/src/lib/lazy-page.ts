import type { ComponentType, ReactNode } from "react";

export interface LazyPage {
  lazy: () => Promise<{ Component: ComponentType } | { element: ReactNode }>;
}

/** Each screen is its own chunk: the first load carries only the shell. `name` is the module's page export. */
export const lazyPage = <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyPage => ({
  lazy: async () => ({ Component: (await load())[name] }),
});
