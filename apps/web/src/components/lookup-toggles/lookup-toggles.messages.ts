/**
 * English texts of the lookup toggles (Match Format, the import API key form). Quoted texts are the product's exact
 * wording.
 */
export const lookupTogglesMessages = {
  "lookups.title": "Lookups after import",
  "lookups.hint": "Run these checks on the imported leads as soon as the import finishes.",
  "lookups.lookupPhones": "Lookup phone numbers",
  "lookups.smsDnc": "SMS DNC",
  "lookups.lookupEmails": "Lookup emails",
  "lookups.gateway": "Gateway",
  "lookups.gatewayFor": "Gateway for {lookup}",
  "lookups.selectGateway": "Select gateway",
  "lookups.noGateways": "No gateways yet — add one in Settings → Integrations",
} as const;
