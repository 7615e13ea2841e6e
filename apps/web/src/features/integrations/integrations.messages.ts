import { type GatewayKind, GatewayKindLabels, GatewayKinds, GatewayKindTitles } from "@leadflow/contracts";

// fromEntries forgets the keys; every kind is mapped, so the typed keys are exact.
const perKind = <P extends string>(prefix: P, texts: Record<GatewayKind, string>) =>
  Object.fromEntries(GatewayKinds.map((k) => [`${prefix}.${k}`, texts[k]])) as Record<`${P}.${GatewayKind}`, string>;

/** English texts of Settings → Integrations. Quoted texts are the product's exact wording ('Add Integration'). */
export const integrationsMessages = {
  // The tables' titles and the dialog's Type options (docs/product/audiences-lookups-settings.md).
  ...perKind("integrations.title", GatewayKindTitles),
  ...perKind("integrations.kindLabel", GatewayKindLabels),
  "integrations.add": "Add Integration",
  "integrations.addShort": "Add",
  "integrations.addOfKind": "Add {kind} gateway",
  "integrations.empty": "No {kind} gateways yet",
  "integrations.providedBy": "Provided by Leadflow",
  "integrations.default": "Default",
  "integrations.edit": "Edit {name}",
  "integrations.delete": "Delete {name}",
  "integrations.test": "Test connection of {name}",
  "integrations.deleted": "Integration has been deleted.",
  "integrations.removeError": "Removing integration error",
  "integrations.deleteLookupNote": "Lookups still using this gateway will stop.",
  "integrations.yes": "Yes",
  "integrations.no": "No",
  "integrations.active": "Active",
  "integrations.lookupsOff": "Not offered",
  "integrations.lookupsOffHint": "Allow lookup is off: lookup pickers do not offer this gateway.",
  "integrations.inactive": "Inactive",
  "integrations.perSecond": "{rate}/s",
  "integrations.defaultRate": "Default ({rate}/s)",
  "integrations.columns.name": "Name",
  "integrations.columns.type": "Type",
  "integrations.columns.status": "Status",
  "integrations.columns.force": "Force lookup",
  "integrations.columns.rate": "Rate limit",
  "integrations.columns.created": "Created",

  // The add/edit dialog
  "integrations.createTitle": "Add Integration",
  "integrations.editTitle": "Edit Integration",
  "integrations.kind": "Type",
  "integrations.kindLocked": "The type cannot be changed.",
  "integrations.provider": "Provider",
  "integrations.name": "Name",
  "integrations.namePlaceholder": "e.g. Main Twilio account",
  "integrations.keepSecret": "Leave as is to keep the saved value",
  "integrations.activeSwitch": "Active",
  "integrations.isForce": "Force lookup (ignore fresh results)",
  "integrations.isForceHint": "Always ask the provider, even for numbers or emails looked up recently.",
  "integrations.allowLookup": "Allow lookup",
  "integrations.allowLookupHint": "Offer this gateway when starting lookups.",
  "integrations.rateLimit": "Rate limit (lookups per second)",
  "integrations.rateLimitHint": "Empty: the default pace of {rate} per second.",
  "integrations.sendRate": "Send rate (messages per second)",
  "integrations.sendRateHint": "The most this gateway sends in any second, across all campaigns (SMS in parts). Empty: {rate} per second.",
  "integrations.senders": "Senders",
  "integrations.removeRow": "Remove row {index}",
  "integrations.noRows": "None yet.",
  "integrations.sandboxHint": "Simulated results, no account needed: use it to try lookups and campaigns end to end.",
  "integrations.testConnection": "Test connection",
  "integrations.testing": "Testing…",

  // A sandbox SMS gateway's simulated inbound reply
  "integrations.simulate": "Simulate reply",
  "integrations.simulateOf": "Simulate a reply on {name}",
  "integrations.simulateTitle": "Simulate reply: {name}",
  "integrations.simulateText":
    "Sends a text to this sandbox gateway as if a lead had replied. It is received like a provider's inbound SMS, so keywords and replies work as they would live.",
  "integrations.simulateFrom": "From (the lead's phone)",
  "integrations.simulateFromHint": "For example +1 212 555 0199",
  "integrations.simulateTo": "To (the gateway's number)",
  "integrations.simulateToHint": "One of: {numbers}",
  "integrations.simulateBody": "Message",
  "integrations.simulateBodyPlaceholder": "e.g. STOP",
  "integrations.simulateSend": "Send reply",

  // Sender health: carriers' filtering takes a gateway or its senders out of rotation
  "integrations.outOfRotation": "Out of rotation",
  "integrations.sendersOutOfRotation.one": "{count} sender out of rotation",
  "integrations.sendersOutOfRotation.other": "{count} senders out of rotation",
  "integrations.outOfRotationHint": "{reason} Back in rotation on {until} unless you put it back first.",
  "integrations.senderOutOfRotation": "{sender}: {reason} Until {until}.",
  "integrations.putBackOf": "Put {name} back in rotation",
  "integrations.putBackTitle": "Put back in rotation",
  "integrations.putBackText":
    "Carriers were filtering messages from {name}, so Leadflow stopped sending through it: its queued messages moved to your other senders, or wait for it in campaigns that have none. Put it back once the cause is fixed (a registration approved, content changed): it sends again at once, and its record starts afresh.",
  "integrations.putBack": "Put back",
} as const;
