import { Box, Tab, Tabs } from "@mui/material";
import { Link, Outlet, useLocation } from "react-router";
import { useAccountPath } from "../../../components/breadcrumbs/breadcrumbs";
import { PageHeader } from "../../../components/page-header/page-header";
import { useT } from "../../../lib/i18n";
import { settingsTabs, tabForPath } from "../settings-tabs";

/** Settings: scrollable tabs, each a sub-route; the active tab follows the path. */
export function SettingsLayout() {
  const t = useT();
  const p = useAccountPath();
  const { pathname } = useLocation();
  const base = p("settings");
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\//, "") : "";
  const active = tabForPath(rest);
  return (
    <>
      <PageHeader title={t("settings.title")} />
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3, mt: -1 }}>
        <Tabs
          value={active ? active.path : false}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t("settings.title")}
          sx={{
            "& .MuiTabs-scrollButtons": { width: 32, transition: "width 150ms" },
            "& .MuiTabs-scrollButtons.Mui-disabled": { width: 0 },
          }}
        >
          {settingsTabs.map((tab) => (
            <Tab
              key={tab.path}
              value={tab.path}
              label={t(`settings.${tab.key}`)}
              component={Link}
              to={p(tab.path ? `settings/${tab.path}` : "settings")}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </>
  );
}
