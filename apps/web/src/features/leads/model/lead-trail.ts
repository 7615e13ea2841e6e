import { useMatches } from "react-router";
import type { Crumb } from "../../../components/breadcrumbs/breadcrumbs";
import type { MessageKey } from "../../../lib/i18n";

/**
 * Where a lead page opened from another page leads back to, told by the feature that owns that page: its
 * breadcrumbs before the lead's own, and the label of the way back when the lead is gone. The app composes the
 * routes with each owner's trail, so the lead page names no feature above it.
 */
export interface LeadTrail {
  /** The crumbs before the lead's, given the path back (`campaigns/3/leads`); a hook, called once per render. */
  useCrumbs: (back: string) => Crumb[];
  backLabel: MessageKey;
}

/** The trail the current route carries, if a feature composed one. */
export function useLeadTrail(): LeadTrail | undefined {
  const matches = useMatches();
  return (matches.at(-1)?.handle as { leadTrail?: LeadTrail } | undefined)?.leadTrail;
}
