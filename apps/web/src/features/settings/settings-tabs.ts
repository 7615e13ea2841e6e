/** The settings tabs in spec order (doc 2 §2), plus Team. `path` "" is the index tab. */
export const settingsTabs = [
  { path: "", key: "systemAttributes" },
  { path: "team", key: "team" },
  { path: "spam-email-groups", key: "spamEmailGroups" },
  { path: "sender-email-groups", key: "senderEmailGroups" },
  { path: "import-history", key: "importHistory" },
  { path: "ignore-phone-format", key: "ignorePhoneFormat" },
  { path: "rules", key: "rules" },
  { path: "keywords", key: "keywords" },
  { path: "lookup-management", key: "lookupManagement" },
  { path: "short-url-domains", key: "shortUrlDomains" },
  { path: "integrations", key: "integrations" },
  { path: "revenue-tracking", key: "revenueTracking" },
  { path: "import-api-keys", key: "importApiKeys" },
  { path: "campaign-routes", key: "campaignRoutes" },
  { path: "campaign-pools", key: "campaignPools" },
  { path: "export-files", key: "exportFiles" },
] as const;

export type SettingsTab = (typeof settingsTabs)[number];

export function tabForPath(rest: string): SettingsTab | undefined {
  const first = rest.split("/")[0] ?? "";
  return settingsTabs.find((t) => t.path === first);
}
