import type { TabRoute } from "../../components/route-tabs/route-tabs";
import type { ComingSoonKey } from "./pages/settings-tab-placeholder";

/** A settings tab whose screen a later issue builds: the tab and its route exist, the page says what is coming. */
export const comingSoonPage = (path: string, label: ComingSoonKey): TabRoute => ({
  path,
  label,
  lazy: async () => {
    const { SettingsTabPlaceholder } = await import("./pages/settings-tab-placeholder");
    return { element: <SettingsTabPlaceholder titleKey={label} /> };
  },
});
