import { type LookupJob, LookupStatuses, SaveLookup } from "@leadflow/contracts";
import type { FieldErrors, Resolver } from "react-hook-form";

/** The Lookup list page's form: type SMS (1) or Email (2), gateway, source, optional list, start now. */
export interface LookupFormValues {
  lead_type: 1 | 2;
  setting_gateway_id: number | null;
  source: { id: number; name: string } | null;
  list_id: number | null;
  /** Status 1; a new lookup otherwise gets the first status option, pending (0). */
  start: boolean;
}

export const EMPTY_LOOKUP_FORM: LookupFormValues = { lead_type: 1, setting_gateway_id: null, source: null, list_id: null, start: false };

/** The form edits lookups of a source or list by SMS or email; segment, lead and DNC lookups are shown, not edited. */
export const isEditableLookup = (job: Pick<LookupJob, "type" | "source" | "segment" | "lead">) =>
  !!job.source && !job.segment && !job.lead && (job.type === 1 || job.type === 2);

export function lookupFormFromJob(job: LookupJob): LookupFormValues {
  return {
    lead_type: job.type === 2 ? 2 : 1,
    setting_gateway_id: job.setting_gateway_id ?? job.gateway?.id ?? null,
    source: job.source,
    list_id: job.list?.id ?? null,
    // Only a running lookup is on: saving never pauses one (the server keeps the status unless 1 is sent).
    start: job.status === LookupStatuses.running,
  };
}

export function toSaveLookupInput(v: LookupFormValues) {
  return {
    lead_type: v.lead_type,
    setting_gateway_id: v.setting_gateway_id ?? 0,
    source_id: v.source?.id ?? 0,
    list_id: v.list_id,
    status: v.start ? 1 : 0,
  };
}

/** The contract's schema checks the form; its source_id problems belong to the source picker. */
export const lookupFormResolver: Resolver<LookupFormValues> = async (values) => {
  const parsed = SaveLookup.safeParse(toSaveLookupInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === "source_id" ? "source" : String(issue.path[0]);
    errors[key] ??= { type: "validation", message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<LookupFormValues> };
};
