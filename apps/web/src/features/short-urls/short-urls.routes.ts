import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const shortUrlsSettingsPages: TabRoute[] = [
  {
    path: "short-url-domains",
    label: "settings.shortUrlDomains",
    ...lazyPage(() => import("./pages/short-url-domains-page"), "ShortUrlDomainsPage"),
  },
];
