import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const teamSettingsPages: TabRoute[] = [
  { path: "team", label: "settings.team", ...lazyPage(() => import("./pages/team-page"), "TeamPage") },
];
