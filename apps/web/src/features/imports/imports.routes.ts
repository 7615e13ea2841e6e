import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const importsSettingsPages: TabRoute[] = [
  {
    path: "import-history",
    label: "settings.importHistory",
    ...lazyPage(() => import("./pages/import-history-page"), "ImportHistoryPage"),
  },
  {
    path: "import-history/:fileId",
    label: "settings.importHistory",
    visible: false,
    ...lazyPage(() => import("./pages/import-file-page"), "ImportFilePage"),
  },
  {
    path: "ignore-phone-format",
    label: "settings.ignorePhoneFormat",
    ...lazyPage(() => import("./pages/ignore-phone-format-page"), "IgnorePhoneFormatPage"),
  },
];
