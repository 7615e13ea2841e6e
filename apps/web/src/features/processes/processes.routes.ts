import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const processesSettingsPages: TabRoute[] = [
  {
    path: "download-file",
    label: "settings.downloadFile",
    visible: false,
    ...lazyPage(() => import("./pages/download-file-page"), "DownloadFilePage"),
  },
];
