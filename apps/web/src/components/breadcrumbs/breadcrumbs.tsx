import { useEffect, useId } from "react";
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

/** The account's paths live in its router-level context; the hook is also reachable from here, where it first was. */
export { useAccountPath } from "../../lib/account-context";

/** Every settings page's breadcrumb starts with Settings (docs/product/audiences-lookups-settings.md). */
export function useSettingsBreadcrumbs(...trail: Crumb[]): void {
  useBreadcrumbs([{ label: t("nav.settings"), to: "settings" }, ...trail]);
}
