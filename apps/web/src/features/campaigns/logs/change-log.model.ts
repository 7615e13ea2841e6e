import type { CampaignChangePage, CampaignChangeType } from "@leadflow/contracts";
import { shouldResetPage } from "../../../components/data-table/table-url-state";

/** What the Logs tab shows for the state of its query. */
export type ChangeLogView = "loading" | "error" | "resetting" | "empty" | "entries";

interface ChangeLogQueryState {
  data: CampaignChangePage | undefined;
  isPlaceholderData: boolean;
}

/**
 * `resetting`: the answer says the page in the URL is past the last one (entries gone, a stale link), so the tab goes
 * back to page 1 and shows placeholders meanwhile rather than an empty timeline that is not empty.
 */
export function changeLogView(page: number, query: ChangeLogQueryState & { isPending: boolean }): ChangeLogView {
  if (!query.data) return query.isPending ? "loading" : "error";
  if (pageToReset(page, query)) return "resetting";
  return query.data.data.length === 0 ? "empty" : "entries";
}

/** The URL's page is past the settled answer's last page: go back to the first. */
export const pageToReset = (page: number, query: ChangeLogQueryState): boolean =>
  !query.isPlaceholderData && shouldResetPage(page, query.data?.meta.last_page);

/** Entries open to show their changes: one more or one less. */
export function toggled(open: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

type Tone = "primary" | "success" | "error" | "warning" | "info" | "default";

/** The colour of each kind of change on the timeline: the engine's outcomes stand out. */
export const CHANGE_TONES = {
  created: "success",
  updated: "primary",
  status: "info",
  step_created: "primary",
  step_updated: "primary",
  step_deleted: "warning",
  audience: "primary",
  links_expired: "warning",
  segment_created: "primary",
  copied: "default",
  archived: "default",
  unarchived: "default",
  click_trigger: "primary",
  completed: "success",
  failed: "error",
} as const satisfies Record<CampaignChangeType, Tone>;

export const toneOf = (type: string): Tone => CHANGE_TONES[type as CampaignChangeType] ?? "default";
