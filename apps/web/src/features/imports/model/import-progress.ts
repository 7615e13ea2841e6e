import type { ImportEventType, ImportRecord, ImportStatus, LiveEventPayload } from "@leadflow/contracts";

/** The progress dialog's four states (docs/product/accounts-sources-leads.md). */
export type ImportPhase = "importing" | "synchronizing" | "finished" | "failed";

export const PHASE_TITLE_KEYS = {
  importing: "imports.title.importing",
  synchronizing: "imports.title.synchronizing",
  finished: "imports.title.finished",
  failed: "imports.title.failed",
} as const satisfies Record<ImportPhase, string>;

const PHASE_OF_STATUS = {
  uploaded: "importing",
  mapped: "importing",
  queued: "importing",
  processing: "importing",
  synchronizing: "synchronizing",
  completed: "finished",
  failed: "failed",
} as const satisfies Record<ImportStatus, ImportPhase>;

const PHASE_OF_EVENT = {
  parse_started: "importing",
  parse_progress: "importing",
  parse_finished: "importing",
  sync_progress: "synchronizing",
  end_resolve_duplicates: "synchronizing",
  failed: "failed",
} as const satisfies Record<ImportEventType, ImportPhase>;

const RANK: Record<ImportPhase, number> = { importing: 0, synchronizing: 1, finished: 2, failed: 2 };

export type ImportEvent = LiveEventPayload<"ImportStatus">;

export const isTerminal = (phase: ImportPhase) => phase === "finished" || phase === "failed";

/** Events whose arrival should refresh the record at once (and, at the end, the lead, source and list data). */
export function isMilestone(type: string): boolean {
  return type === "parse_finished" || type === "end_resolve_duplicates" || type === "failed";
}

/** Does the live event belong to this import? By id when the event has one, else by the file's name. */
export function eventMatches(event: ImportEvent, importId: number, fileName: string | undefined): boolean {
  return event.id !== undefined ? event.id === importId : !!fileName && event.client_original_name === fileName;
}

export interface ProgressView {
  phase: ImportPhase;
  /** 0–100 of the current phase. */
  percent: number;
  processed: number;
  total: number;
  /** The server's reason when failed. */
  message: string | null;
}

const clamp = (n: number) => Math.min(100, Math.max(0, Number.isFinite(n) ? n : 0));

/**
 * One view over the two sources of progress: the polled record and the latest live event. The later phase
 * wins; within a phase the larger figure wins (both only grow). A failed poll ends it as failed.
 */
export function progressView(record: ImportRecord | undefined, event: ImportEvent | undefined, pollError: string | null): ProgressView {
  const recordPhase: ImportPhase = record ? PHASE_OF_STATUS[record.status] : "importing";
  const eventPhase: ImportPhase | undefined = event ? (PHASE_OF_EVENT as Record<string, ImportPhase>)[event.type] : undefined;
  let phase = eventPhase && RANK[eventPhase] > RANK[recordPhase] ? eventPhase : recordPhase;
  if (pollError) phase = "failed";

  const recordPercent = !record ? 0 : recordPhase === "synchronizing" ? record.sync_import.progress : record.progress;
  const eventPercent = event && eventPhase === phase ? event.current : 0;
  // A failure keeps the bar where the work stopped.
  const percent =
    phase === "finished"
      ? 100
      : phase === "failed"
        ? clamp(recordPercent)
        : clamp(Math.max(recordPhase === phase ? recordPercent : 0, eventPercent));

  // Phase one counts rows read; the live event of phase two counts rows synchronised.
  let processed = record?.processed_count ?? 0;
  let total = record?.total_rows ?? 0;
  if (event && eventPhase === phase) {
    processed = phase === "synchronizing" ? event.processed : Math.max(processed, event.processed);
    total = phase === "synchronizing" ? event.total : Math.max(total, event.total);
  }
  total = Math.max(total, processed);
  const message = pollError ?? (record?.status === "failed" ? (record.message ?? null) : null);
  return { phase, percent, processed, total, message };
}
