import { useCallback, useEffect, useId } from "react";
import { useLocation } from "react-router";
import { currentIndexFromPath, resolveTabAccount } from "../../lib/accounts";
import { t } from "../../lib/i18n";
import { createOwnedStore, useOwnedStore } from "../../lib/ui-store";

export interface Crumb {
  label: string;
  /** Relative to the account root (`sources/3`); a full `/u/{index}/…` path is kept as is. */
  to?: string;
}

export const breadcrumbsStore = createOwnedStore<Crumb[]>([]);

/** Declares the header's breadcrumbs for the current page. */
export function useBreadcrumbs(crumbs: Crumb[]): void {
  const owner = useId();
  const signature = JSON.stringify(crumbs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the JSON signature stands for the crumbs' content
  useEffect(() => {
    breadcrumbsStore.set(owner, crumbs);
  }, [owner, signature]);
  useEffect(() => () => breadcrumbsStore.release(owner), [owner]);
}

export function useBreadcrumbItems(): Crumb[] {
  return useOwnedStore(breadcrumbsStore);
}

/** `p("sources/3")` → `/u/{index}/sources/3` for the account of this tab. */
export function useAccountPath(): (p: string) => string {
  const { pathname } = useLocation();
  const index = currentIndexFromPath(pathname) ?? resolveTabAccount(pathname)?.index ?? 0;
  return useCallback((p: string) => (p.startsWith("/u/") ? p : `/u/${index}/${p.replace(/^\/+/, "")}`), [index]);
}

/** Every settings page's breadcrumb starts with Settings (docs/product/audiences-lookups-settings.md). */
export function useSettingsBreadcrumbs(...trail: Crumb[]): void {
  useBreadcrumbs([{ label: t("nav.settings"), to: "settings" }, ...trail]);
}
