import {
  type CloneSegment,
  type CreateSegment,
  EmptySegmentFilters,
  type PreviewCount,
  type Segment,
  type SegmentFilters,
  type UpdateSegment,
} from "@leadflow/contracts";
import type { MessageKey } from "../../../lib/i18n";

/** The audience dialog's four modes: create, edit, duplicate, create child segment. */
export type AudienceDialogMode =
  | { kind: "create" }
  | { kind: "createChild"; parent: Pick<Segment, "id" | "name"> }
  | { kind: "edit"; segment: Segment }
  | { kind: "duplicate"; segment: Segment };

/** Message keys for the title and the button: Save for edit, Create otherwise. */
export function dialogTexts(mode: AudienceDialogMode): { title: MessageKey; submit: MessageKey } {
  switch (mode.kind) {
    case "create":
      return { title: "audiences.dialog.createAudience", submit: "audiences.dialog.create" };
    case "createChild":
      return { title: "audiences.dialog.createSegment", submit: "audiences.dialog.create" };
    case "edit":
      return {
        title: mode.segment.parent_id ? "audiences.dialog.editSegment" : "audiences.dialog.editAudience",
        submit: "audiences.dialog.save",
      };
    case "duplicate":
      return {
        title: mode.segment.parent_id ? "audiences.dialog.duplicateSegment" : "audiences.dialog.duplicateAudience",
        submit: "audiences.dialog.create",
      };
  }
}

export interface AudienceDraft {
  name: string;
  /** 'Update dynamically': the inverse of ignore_new_leads. */
  dynamic: boolean;
  filters: SegmentFilters;
}

/** What the dialog opens with; a duplicate's name comes from `copyName` (a translated "{name} (copy)"). */
export function initialDraft(mode: AudienceDialogMode, copyName: (name: string) => string): AudienceDraft {
  switch (mode.kind) {
    case "create":
    case "createChild":
      return { name: "", dynamic: true, filters: EmptySegmentFilters };
    case "edit":
      return { name: mode.segment.name, dynamic: !mode.segment.ignore_new_leads, filters: mode.segment.filters };
    case "duplicate":
      return { name: copyName(mode.segment.name), dynamic: !mode.segment.ignore_new_leads, filters: mode.segment.filters };
  }
}

/** The parent whose leads a preview counts within (a child segment's), if any. */
export function previewParentId(mode: AudienceDialogMode): number | undefined {
  if (mode.kind === "createChild") return mode.parent.id;
  if (mode.kind === "edit" || mode.kind === "duplicate") return mode.segment.parent_id ?? undefined;
  return undefined;
}

/** The calls a submit makes. A duplicate is a clone, then its filters when they were changed in the dialog. */
export type SavePlan =
  | { kind: "create"; body: CreateSegment }
  | { kind: "update"; id: number; body: UpdateSegment }
  | { kind: "clone"; id: number; body: CloneSegment; filters: SegmentFilters | null };

/** `filters` are the complete rows of the draft (`completeFilters`); unchanged filters are not sent on edit. */
export function savePlan(mode: AudienceDialogMode, draft: Omit<AudienceDraft, "filters">, filters: SegmentFilters): SavePlan {
  const base = { name: draft.name.trim(), ignore_new_leads: !draft.dynamic };
  switch (mode.kind) {
    case "create":
      return { kind: "create", body: { ...base, filters } };
    case "createChild":
      return { kind: "create", body: { ...base, parent_id: mode.parent.id, filters } };
    case "edit":
      return { kind: "update", id: mode.segment.id, body: sameFilters(filters, mode.segment.filters) ? base : { ...base, filters } };
    case "duplicate":
      return { kind: "clone", id: mode.segment.id, body: base, filters: sameFilters(filters, mode.segment.filters) ? null : filters };
  }
}

/** A value with object keys sorted and absent parts (undefined, null, empty `match`) left out, for comparison. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = canonical((value as Record<string, unknown>)[key]);
    if (v === undefined || v === null) continue;
    if (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0) continue;
    out[key] = v;
  }
  return out;
}

/**
 * Whether two trees select the same way. The time zone is left out: it is the browser's, added by the builder,
 * and a segment opened in another zone has not been changed by that.
 */
export function sameFilters(a: SegmentFilters, b: SegmentFilters): boolean {
  const strip = ({ timezone: _tz, ...rest }: SegmentFilters) => rest;
  return JSON.stringify(canonical(strip(a))) === JSON.stringify(canonical(strip(b)));
}

export interface SplitErrors {
  name?: string;
  /** Keyed `group.index.part`, for the filter builder's `errors`. */
  filters: Record<string, string[]>;
  /** Anything else (a bad parent, the flag): shown in the dialog's alert. */
  other: string[];
}

/** A 422's `errors`: `name` under the name field, `filters.*` to the builder without the prefix, the rest above. */
export function splitErrors(errors: Record<string, string[]> | undefined): SplitErrors {
  const out: SplitErrors = { filters: {}, other: [] };
  for (const [key, messages] of Object.entries(errors ?? {})) {
    if (!messages?.length) continue;
    if (key === "name") out.name = messages[0];
    else if (key.startsWith("filters.")) out.filters[key.slice("filters.".length)] = messages;
    else out.other.push(...messages);
  }
  return out;
}

/**
 * What the preview line shows from the quick answer and, once it came, the exact one: the exact figure as soon as
 * either has it, else "more than" the cap or "about" the estimate while the exact count is still on its way.
 */
export type PreviewFigure =
  | { kind: "exact"; total: number; blacklisted: number }
  | { kind: "moreThan" | "about"; total: number; counting: boolean; failed: boolean };

export function previewFigure(
  quick: PreviewCount | undefined,
  exact: { data: PreviewCount | undefined; failed: boolean },
): PreviewFigure | null {
  const known = exact.data ?? (quick?.exact ? quick : undefined);
  if (known) return { kind: "exact", total: known.total, blacklisted: known.total_blacklisted };
  if (!quick) return null;
  return { kind: quick.estimated ? "about" : "moreThan", total: quick.total, counting: !exact.failed, failed: exact.failed };
}
