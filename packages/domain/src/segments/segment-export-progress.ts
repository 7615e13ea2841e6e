import { type ExportStatus, ExportStatuses } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { updateProcess } from "../processes";
import type { JobDeps } from "../shared/jobs";
import { one } from "../shared/rows";

export interface ExportTarget {
  id: number;
  teamId: number;
  userId: number | null;
}

/**
 * Where an export's progress shows: its row (completed_rows), the user's System Processes entry and the live
 * `ExportStatus` event that makes Settings → Export Files and the audience notice read again. Rows at most about
 * once a second; status changes always. Never inside a transaction; a failed publish never fails the export.
 */
export class ExportProgress {
  private last = 0;

  private constructor(
    private readonly deps: Pick<JobDeps, "database" | "live" | "log">,
    private readonly target: ExportTarget,
    private readonly processId: number | null,
  ) {}

  /** The progress of an export, with the System Processes entry its request started (if the user still has it). */
  static async of(deps: Pick<JobDeps, "database" | "live" | "log">, target: ExportTarget): Promise<ExportProgress> {
    const found =
      target.userId === null
        ? undefined
        : await one<{ id: number }>(
            deps.database.db,
            sql`SELECT id FROM processes WHERE team_id = ${target.teamId} AND user_id = ${target.userId} AND kind = 'export'
                AND ref_id = ${target.id} ORDER BY id DESC LIMIT 1`,
          );
    return new ExportProgress(deps, target, found?.id ?? null);
  }

  private get db() {
    return this.deps.database.db;
  }

  async rows(done: number, total: number): Promise<void> {
    if (Date.now() - this.last < 1000) return;
    this.last = Date.now();
    const t = this.target;
    await this.db.execute(
      sql`UPDATE segment_exports SET completed_rows = ${done}, updated_at = now() WHERE team_id = ${t.teamId} AND id = ${t.id}`,
    );
    await this.process({ progress: total > 0 ? Math.min(100, (100 * done) / total) : 0 });
    await this.publish(ExportStatuses.in_progress, null);
  }

  async started(): Promise<void> {
    this.last = Date.now();
    await this.process({ status: "running", progress: 0 });
    await this.publish(ExportStatuses.in_progress, null);
  }

  async completed(url: string): Promise<void> {
    await this.process({ status: "completed", progress: 100, downloadUrl: url });
    await this.publish(ExportStatuses.completed, url);
  }

  async failed(): Promise<void> {
    await this.process({ status: "failed", downloadUrl: null });
    await this.publish(ExportStatuses.failed, null);
  }

  private async process(u: Parameters<typeof updateProcess>[3]): Promise<void> {
    if (this.processId === null) return;
    await updateProcess(this.db, this.target.teamId, this.processId, u).catch((e: Error) =>
      this.deps.log(`export ${this.target.id}: process update failed: ${e.message}`),
    );
  }

  private async publish(status: ExportStatus, url: string | null): Promise<void> {
    const t = this.target;
    if (t.userId === null) return;
    await this.deps.live
      .toUser(t.userId, "ExportStatus", { id: t.id, status, url })
      .catch((e: Error) => this.deps.log(`export ${t.id}: live event failed: ${e.message}`));
  }
}
