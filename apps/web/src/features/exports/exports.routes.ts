import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const exportsSettingsPages: TabRoute[] = [
  { path: "export-files", label: "settings.exportFiles", ...lazyPage(() => import("./pages/export-files-page"), "ExportFilesPage") },
];
