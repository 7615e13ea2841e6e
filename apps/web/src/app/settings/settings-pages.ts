import type { RouteObject } from "react-router";
import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { attributesSettingsPages } from "../../features/attributes/attributes.routes";
import { senderEmailGroupsSettingsPages, spamEmailGroupsSettingsPages } from "../../features/email-groups/email-groups.routes";
import { exportsSettingsPages } from "../../features/exports/exports.routes";
import { importApiSettingsPages } from "../../features/import-api/import-api.routes";
import { importsSettingsPages } from "../../features/imports/imports.routes";
import { integrationsSettingsPages } from "../../features/integrations/integrations.routes";
import { keywordsSettingsPages } from "../../features/keywords/keywords.routes";
import { lookupsSettingsPages } from "../../features/lookups/lookups.routes";
import { processesSettingsPages } from "../../features/processes/processes.routes";
import { revenueSettingsPages } from "../../features/revenue/revenue.routes";
import { routingSettingsPages } from "../../features/routing/routing.routes";
import { rulesSettingsPages } from "../../features/rules/rules.routes";
import { shortUrlsSettingsPages } from "../../features/short-urls/short-urls.routes";
import { teamSettingsPages } from "../../features/team/team.routes";

/** Settings' pages: the tab bar in the product's order (then Team) and the routes under `settings/`. */
export const settingsPages: TabRoute[] = [
  ...attributesSettingsPages,
  ...teamSettingsPages,
  ...spamEmailGroupsSettingsPages,
  ...senderEmailGroupsSettingsPages,
  ...importsSettingsPages,
  ...rulesSettingsPages,
  ...keywordsSettingsPages,
  ...lookupsSettingsPages,
  ...shortUrlsSettingsPages,
  ...integrationsSettingsPages,
  ...revenueSettingsPages,
  ...importApiSettingsPages,
  ...routingSettingsPages,
  ...exportsSettingsPages,
  ...processesSettingsPages,
];

export const settingsRoutes: RouteObject[] = settingsPages.map(({ path, lazy }) => (path ? { path, lazy } : { index: true, lazy }));
