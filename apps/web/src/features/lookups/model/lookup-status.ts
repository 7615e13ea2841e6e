import { type LookupStatus, LookupStatusClasses, LookupStatuses, LookupStatusLabels } from "@leadflow/contracts";

/** What a status row's button does: start sends 1; pause and stop both send 2 (paused). */
export type LookupControl = { action: "start"; status: 1 } | { action: "pause"; status: 2 };

const START = { action: "start", status: LookupStatuses.running } as const satisfies LookupControl;
const PAUSE = { action: "pause", status: LookupStatuses.paused } as const satisfies LookupControl;

const CONTROLS = {
  [LookupStatuses.pending]: START,
  [LookupStatuses.running]: PAUSE,
  [LookupStatuses.paused]: START,
  [LookupStatuses.completed]: null,
  [LookupStatuses.stopped]: null,
} as const satisfies Record<LookupStatus, LookupControl | null>;

/** Pending and paused start; running pauses (shown as pause in the table, stop on progress items); the rest have none. */
export function lookupControl(status: number): LookupControl | null {
  return CONTROLS[status as LookupStatus] ?? null;
}

export type ChipColor = "default" | "success" | "warning" | "info" | "error";

/** The status chip classes, each with its colour. */
const CLASS_COLORS = {
  pending: "default",
  success: "success",
  paused: "warning",
  completed: "info",
  stop: "error",
} as const satisfies Record<(typeof LookupStatusClasses)[LookupStatus], ChipColor>;

export function lookupStatusClass(status: number): (typeof LookupStatusClasses)[LookupStatus] {
  return LookupStatusClasses[status as LookupStatus] ?? "pending";
}

export function lookupStatusColor(status: number): ChipColor {
  return CLASS_COLORS[lookupStatusClass(status)];
}

export function lookupStatusLabel(status: number): string {
  return LookupStatusLabels[status as LookupStatus] ?? String(status);
}

export const isLookupRunning = (status: number) => status === LookupStatuses.running;
/** Done for good: no control, and a relookup waiting on it can read its results. */
export const isLookupFinished = (status: number) => status === LookupStatuses.completed || status === LookupStatuses.stopped;
