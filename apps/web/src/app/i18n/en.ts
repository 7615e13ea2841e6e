import { dataTableMessages } from "../../components/data-table/data-table.messages";
import { lookupTogglesMessages } from "../../components/lookup-toggles/lookup-toggles.messages";
import { attributesMessages } from "../../features/attributes/attributes.messages";
import { audiencesMessages } from "../../features/audiences/audiences.messages";
import { campaignsMessages } from "../../features/campaigns/campaigns.messages";
import { complianceMessages } from "../../features/compliance/compliance.messages";
import { conversationsMessages } from "../../features/conversations/conversations.messages";
import { docMessages } from "../../features/doc/doc.messages";
import { emailGroupsMessages } from "../../features/email-groups/email-groups.messages";
import { exportsMessages } from "../../features/exports/exports.messages";
import { importApiMessages } from "../../features/import-api/import-api.messages";
import { importsMessages } from "../../features/imports/imports.messages";
import { integrationsMessages } from "../../features/integrations/integrations.messages";
import { keywordsMessages } from "../../features/keywords/keywords.messages";
import { leadsMessages } from "../../features/leads/leads.messages";
import { lookupsMessages } from "../../features/lookups/lookups.messages";
import { plansMessages } from "../../features/plans/plans.messages";
import { revenueMessages } from "../../features/revenue/revenue.messages";
import { routingMessages } from "../../features/routing/routing.messages";
import { rulesMessages } from "../../features/rules/rules.messages";
import { shortUrlsMessages } from "../../features/short-urls/short-urls.messages";
import { signupFormsMessages } from "../../features/signup-forms/signup-forms.messages";
import { sourcesMessages } from "../../features/sources/sources.messages";
import { appMessages } from "./app.messages";

/**
 * English texts of every feature. Feature dictionaries own their keys (prefix them with the feature name). They come
 * straight from each *.messages file, not through the feature's index: the dictionary loads first (in every web test
 * too) and must not pull the screens in with it.
 */
export const en = {
  ...appMessages,
  ...dataTableMessages,
  ...sourcesMessages,
  ...signupFormsMessages,
  ...importsMessages,
  ...attributesMessages,
  ...lookupTogglesMessages,
  ...importApiMessages,
  ...docMessages,
  ...leadsMessages,
  ...audiencesMessages,
  ...exportsMessages,
  ...integrationsMessages,
  ...lookupsMessages,
  ...plansMessages,
  ...rulesMessages,
  ...keywordsMessages,
  ...shortUrlsMessages,
  ...revenueMessages,
  ...routingMessages,
  ...emailGroupsMessages,
  ...campaignsMessages,
  ...complianceMessages,
  ...conversationsMessages,
} as const;

declare module "../../lib/i18n" {
  interface Register {
    messages: typeof en;
  }
}
