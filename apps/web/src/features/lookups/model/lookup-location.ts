import type { LookupJob } from "@leadflow/contracts";
import type { MessageKey } from "../../../lib/i18n";

export interface LocationPart {
  /** A text key and its variables, or a name as is. */
  label: { key: MessageKey; vars?: Record<string, string | number> } | { text: string };
  /** Relative to the account root. */
  to: string;
}

export interface LookupLocation {
  primary: LocationPart[];
  /** Where the primary part sits (an import's source and list). */
  secondary: LocationPart[];
}

/**
 * The Location column: a segment (audience or child segment), a lead's relookup, an import's file, or
 * the source and list, each a link.
 */
export function lookupLocation(job: Pick<LookupJob, "segment" | "lead" | "import" | "source" | "list">): LookupLocation {
  const sourceParts: LocationPart[] = [];
  if (job.source) sourceParts.push({ label: { text: job.source.name }, to: `sources/${job.source.id}` });
  if (job.list && job.source) sourceParts.push({ label: { text: job.list.name }, to: `sources/${job.source.id}/${job.list.id}` });

  if (job.segment) {
    const s = job.segment;
    const to = s.parent ? `audiences/${s.parent.id}/segments/${s.id}/leads` : `audiences/${s.id}/leads`;
    return {
      primary: [{ label: { text: s.name }, to }],
      secondary: s.parent ? [{ label: { text: s.parent.name }, to: `audiences/${s.parent.id}/leads` }] : [],
    };
  }
  if (job.lead)
    return { primary: [{ label: { key: "lookups.location.lead", vars: { id: job.lead.id } }, to: `leads/${job.lead.id}` }], secondary: [] };
  if (job.import) {
    return { primary: [{ label: { text: job.import.name }, to: `settings/import-history/${job.import.id}` }], secondary: sourceParts };
  }
  return { primary: sourceParts, secondary: [] };
}
