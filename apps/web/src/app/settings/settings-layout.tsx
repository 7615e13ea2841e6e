import { Outlet } from "react-router";
import { PageHeader } from "../../components/page-header/page-header";
import { RouteTabs } from "../../components/route-tabs/route-tabs";
import { useAccountPath } from "../../lib/account-context";
import { useT } from "../../lib/i18n";
import { settingsPages } from "./settings-pages";

/** Settings: scrollable tabs, each a sub-route; the active tab follows the path. */
export function SettingsLayout() {
  const t = useT();
  const p = useAccountPath();
  return (
    <>
      <PageHeader title={t("settings.title")} />
      <RouteTabs tabs={settingsPages} base={p("settings")} label={t("settings.title")} scrollable mb={3} />
      <Outlet />
    </>
  );
}
