import type { CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { type ShortUrlDomainRow, shortUrlsApi } from "../api/short-urls.api";
import { shortUrlColumns } from "../components/short-url-columns";
import { ShortUrlDeleteMessage } from "../components/short-url-delete-message";
import { ShortUrlForm } from "../components/short-url-form";
import { ShortUrlPanel } from "../components/short-url-panel";
import { type ShortUrlExtras, useShortUrlExtras } from "../components/use-short-url-extras";

const settings: CrudSettingsConfig<ShortUrlDomainRow, ShortUrlExtras> = {
  title: "settings.shortUrlDomains",
  subtitle: "settings.shortUrlDomains.text",
  add: "shortUrls.add",
  // A plan without domains may read them, not add them (docs/product/audiences-lookups-settings.md).
  canAdd: ({ hasAccess }) => hasAccess,
  api: shortUrlsApi,
  useExtras: useShortUrlExtras,
  Body: ShortUrlPanel,
  // 50 domains a page.
  table: {
    columns: shortUrlColumns,
    limit: 50,
    sort: { key: "sort_order", direction: "asc" },
    search: "shortUrls.search",
    empty: "shortUrls.empty",
  },
  Form: ShortUrlForm,
  remove: { Message: ShortUrlDeleteMessage, error: "shortUrls.removeError", deleted: "shortUrls.deleted" },
};

/** Settings → Short Url Domains: the team's own hosts for short links, their DNS and HTTPS. */
export function ShortUrlDomainsPage() {
  return <CrudSettingsPage config={settings} />;
}
