import { accountErrors } from "./accounts/accounts.errors";
import { attributeErrors } from "./attributes/attributes.errors";
import { billingErrors } from "./billing/billing.errors";
import { campaignErrors } from "./campaigns/campaigns.errors";
import { complianceErrors } from "./compliance/compliance.errors";
import { contactErrors } from "./contacts/contacts.errors";
import { conversationErrors } from "./conversations/conversations.errors";
import { emailGroupErrors } from "./email-groups/email-groups.errors";
import { gatewayErrors } from "./gateways/gateways.errors";
import { importApiErrors } from "./import-api/import-api.errors";
import { importErrors } from "./imports/imports.errors";
import { keywordErrors } from "./keywords/keywords.errors";
import { leadErrors } from "./leads/leads.errors";
import { listErrors } from "./lists/lists.errors";
import { lookupErrors } from "./lookups/lookups.errors";
import { optInErrors } from "./opt-in/opt-in.errors";
import { planErrors } from "./plans/plans.errors";
import { providerEventErrors } from "./provider-events/provider-events.errors";
import { revenueErrors } from "./revenue/revenue.errors";
import { routingErrors } from "./routing/routing.errors";
import { ruleErrors } from "./rules/rules.errors";
import { segmentErrors } from "./segments/segments.errors";
import { type AppErrorMaps, commonErrors, registerErrorMaps } from "./shared/errors";
import { shortUrlErrors } from "./short-urls/short-urls.errors";
import { sourceErrors } from "./sources/sources.errors";

// Each map's module augmentation of AppErrorMaps, kept in this file's declaration output (which inlines the maps'
// types and so drops the imports above): a project that checks against the domain's declarations still knows
// every code (docs/architecture.md, Typecheck).
import "./accounts/accounts.errors";
import "./attributes/attributes.errors";
import "./billing/billing.errors";
import "./campaigns/campaigns.errors";
import "./compliance/compliance.errors";
import "./contacts/contacts.errors";
import "./conversations/conversations.errors";
import "./email-groups/email-groups.errors";
import "./gateways/gateways.errors";
import "./import-api/import-api.errors";
import "./imports/imports.errors";
import "./keywords/keywords.errors";
import "./leads/leads.errors";
import "./lists/lists.errors";
import "./lookups/lookups.errors";
import "./opt-in/opt-in.errors";
import "./plans/plans.errors";
import "./provider-events/provider-events.errors";
import "./revenue/revenue.errors";
import "./routing/routing.errors";
import "./rules/rules.errors";
import "./segments/segments.errors";
import "./short-urls/short-urls.errors";
import "./sources/sources.errors";

/**
 * Every feature's error map, composed above the features: the shared floor below them knows none. Importing the
 * domain registers them; a test file that imports one module alone gets them from the test setup.
 */
export const errorMaps = {
  common: commonErrors,
  accounts: accountErrors,
  attributes: attributeErrors,
  billing: billingErrors,
  campaigns: campaignErrors,
  compliance: complianceErrors,
  contacts: contactErrors,
  conversations: conversationErrors,
  "email-groups": emailGroupErrors,
  gateways: gatewayErrors,
  "import-api": importApiErrors,
  imports: importErrors,
  keywords: keywordErrors,
  leads: leadErrors,
  lists: listErrors,
  lookups: lookupErrors,
  "opt-in": optInErrors,
  plans: planErrors,
  "provider-events": providerEventErrors,
  revenue: revenueErrors,
  routing: routingErrors,
  rules: ruleErrors,
  segments: segmentErrors,
  "short-urls": shortUrlErrors,
  sources: sourceErrors,
} as const satisfies AppErrorMaps;

registerErrorMaps(Object.values(errorMaps));
