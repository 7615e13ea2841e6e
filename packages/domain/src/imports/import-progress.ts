import type { ImportEventType } from "@leadflow/contracts";
import { updateProcess } from "../processes";
import type { JobDeps } from "../shared/jobs";

export interface ProgressTarget {
  id: number;
  teamId: number;
  userId: number | null;
  filename: string;
  processId: number | null;
}

export interface ProgressPoint {
  type: ImportEventType;
  processed: number;
  /** 0–100, of the phase the type names. */
  current: number;
  total: number;
}

/**
 * The live `ImportStatus` event and the user's System Processes entry, at most about once a second (forced for
 * phase changes). Never called inside a transaction; a failed publish never fails the import.
 */
export class ImportProgress {
  private last = 0;

  constructor(
    private readonly deps: Pick<JobDeps, "database" | "live" | "log">,
    private readonly target: ProgressTarget,
  ) {}

  due(): boolean {
    return Date.now() - this.last >= 1000;
  }

  async publish(p: ProgressPoint, force = false): Promise<void> {
    if (!force && !this.due()) return;
    this.last = Date.now();
    const t = this.target;
    const current = Math.max(0, Math.min(100, Math.round(p.current * 100) / 100));
    if (t.userId !== null) {
      await this.deps.live
        .toUser(t.userId, "ImportStatus", {
          id: t.id,
          type: p.type,
          client_original_name: t.filename,
          processed: p.processed,
          current,
          total: p.total,
        })
        .catch((e: Error) => this.deps.log(`import ${t.id}: live event failed: ${e.message}`));
    }
    if (t.processId !== null) {
      const status =
        p.type === "failed"
          ? "failed"
          : p.type === "end_resolve_duplicates"
            ? "completed"
            : p.type === "sync_progress"
              ? "resolving"
              : "running";
      const progress = p.type === "sync_progress" ? current : p.type === "end_resolve_duplicates" ? 100 : current;
      await updateProcess(this.deps.database.db, t.teamId, t.processId, { status, progress }).catch((e: Error) =>
        this.deps.log(`import ${t.id}: process update failed: ${e.message}`),
      );
    }
  }
}
