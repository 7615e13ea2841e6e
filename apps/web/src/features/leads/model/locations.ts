import type { LeadSources } from "@leadflow/contracts";

export interface LocationChip {
  key: string;
  kind: "list" | "audience" | "campaign";
  label: string;
  /** Relative to the account root. */
  to: string;
}

interface Ref {
  id: number;
  name: string;
  parent_id?: number | null;
}

/**
 * 'Locations': audiences (a sub-segment under its parent), the lead's sources and lists, and campaigns,
 * each a link to its page.
 */
export function locationChips(sources: LeadSources["data"] = [], segments: Ref[] = [], campaigns: Ref[] = []): LocationChip[] {
  return [
    ...segments.map((s) => ({
      key: `audience-${s.id}`,
      kind: "audience" as const,
      label: s.name,
      to: s.parent_id ? `audiences/${s.parent_id}/segments/${s.id}` : `audiences/${s.id}`,
    })),
    ...sources.flatMap((src) =>
      src.lists.map((l) => ({
        key: `list-${l.id}`,
        kind: "list" as const,
        label: `${src.name} › ${l.name}`,
        to: `sources/${src.id}/${l.id}`,
      })),
    ),
    ...campaigns.map((c) => ({ key: `campaign-${c.id}`, kind: "campaign" as const, label: c.name, to: `campaigns/${c.id}` })),
  ];
}
