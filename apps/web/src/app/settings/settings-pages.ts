import type { RouteObject } from "react-router";
import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { attributesSettingsPages } from "../../features/attributes/attributes.routes";
import { exportsSettingsPages } from "../../features/exports/exports.routes";
import { importApiSettingsPages } from "../../features/import-api/import-api.routes";
import { importsSettingsPages } from "../../features/imports/imports.routes";
import { integrationsSettingsPages } from "../../features/integrations/integrations.routes";
import { lookupsSettingsPages } from "../../features/lookups/lookups.routes";
import { processesSettingsPages } from "../../features/processes/processes.routes";
import { comingSoonPage } from "../../features/settings/settings.routes";
import { teamSettingsPages } from "../../features/team/team.routes";

/** Settings' pages: the tab bar in spec order (doc 2 §2, plus Team) and the routes under `settings/`. */
export const settingsPages: TabRoute[] = [
  ...attributesSettingsPages,
  ...teamSettingsPages,
  comingSoonPage("spam-email-groups", "settings.spamEmailGroups"),
  comingSoonPage("sender-email-groups", "settings.senderEmailGroups"),
  ...importsSettingsPages,
  comingSoonPage("rules", "settings.rules"),
  comingSoonPage("keywords", "settings.keywords"),
  ...lookupsSettingsPages,
  comingSoonPage("short-url-domains", "settings.shortUrlDomains"),
  ...integrationsSettingsPages,
  comingSoonPage("revenue-tracking", "settings.revenueTracking"),
  ...importApiSettingsPages,
  comingSoonPage("campaign-routes", "settings.campaignRoutes"),
  comingSoonPage("campaign-pools", "settings.campaignPools"),
  ...exportsSettingsPages,
  ...processesSettingsPages,
];

export const settingsRoutes: RouteObject[] = settingsPages.map(({ path, lazy }) => (path ? { path, lazy } : { index: true, lazy }));
