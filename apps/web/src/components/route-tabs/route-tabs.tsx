import { Box, Tab, Tabs } from "@mui/material";
import { Link, useLocation } from "react-router";
import { type MessageKey, useT } from "../../lib/i18n";
import type { LazyPage } from "../../lib/lazy-page";

/** One entry draws the tab and mounts its page, so the tab bar and the routes cannot drift apart. */
export interface TabRoute extends LazyPage {
  /** Below the tab bar's base path; "" is the index tab. Users bookmark these: keep them stable. */
  path: string;
  label: MessageKey;
  /** false: a page under the same base without a tab of its own; the tab of its first path segment stays lit. */
  visible?: boolean;
}

interface RouteTabsProps {
  tabs: readonly TabRoute[];
  /** The full path the tab paths hang from (`/u/0/settings`). */
  base: string;
  label: string;
  /** Many tabs: scroll buttons that fold away when there is nothing more to see. */
  scrollable?: boolean;
  mb?: number;
}

const scrollSx = {
  "& .MuiTabs-scrollButtons": { width: 32, transition: "width 150ms" },
  "& .MuiTabs-scrollButtons.Mui-disabled": { width: 0 },
};

/** Tabs that are sub-routes; the lit tab follows the path's first segment below `base`. */
export function RouteTabs({ tabs, base, label, scrollable = false, mb = 2 }: RouteTabsProps) {
  const t = useT();
  const { pathname } = useLocation();
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\//, "") : "";
  const first = rest.split("/")[0] ?? "";
  const shown = tabs.filter((tab) => tab.visible !== false);
  const active = shown.find((tab) => tab.path === first);
  return (
    <Box sx={{ borderBottom: 1, borderColor: "divider", mb, mt: -1 }}>
      <Tabs
        value={active ? active.path : false}
        aria-label={label}
        variant={scrollable ? "scrollable" : "standard"}
        scrollButtons="auto"
        allowScrollButtonsMobile={scrollable}
        sx={scrollable ? scrollSx : undefined}
      >
        {shown.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={t(tab.label)} component={Link} to={tab.path ? `${base}/${tab.path}` : base} />
        ))}
      </Tabs>
    </Box>
  );
}
