import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const attributesSettingsPages: TabRoute[] = [
  { path: "", label: "settings.systemAttributes", ...lazyPage(() => import("./pages/system-attributes-page"), "SystemAttributesPage") },
];
