import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const spamEmailGroupsSettingsPages: TabRoute[] = [
  {
    path: "spam-email-groups",
    label: "settings.spamEmailGroups",
    ...lazyPage(() => import("./pages/spam-email-groups-page"), "SpamEmailGroupsPage"),
  },
];

export const senderEmailGroupsSettingsPages: TabRoute[] = [
  {
    path: "sender-email-groups",
    label: "settings.senderEmailGroups",
    ...lazyPage(() => import("./pages/sender-email-groups-page"), "SenderEmailGroupsPage"),
  },
];
