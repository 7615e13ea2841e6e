import { type ExportStatus, ExportStatuses } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { updateProcess } from "../processes";
import type { JobDeps } from "../shared/jobs";
import { one } from "../shared/rows";
import type { ComplianceFileRow } from "./compliance-file.queries";

/*
 * Where a compliance file's progress shows, as an export's does (segments/segment-export-progress.ts): its row
 * (completed_leads), the user's System Processes entry and the live `ComplianceFileStatus` event that moves the lead
 * page's dialog and Settings → Export Files. Leads at most about once a second; status changes always. A failed
 * publish never fails the file.
 */
export class ComplianceProgress {
  private last = 0;

  private constructor(
    private readonly deps: Pick<JobDeps, "database" | "live" | "log">,
    private readonly row: ComplianceFileRow,
    private readonly processId: number | null,
  ) {}

  static async of(deps: Pick<JobDeps, "database" | "live" | "log">, row: ComplianceFileRow): Promise<ComplianceProgress> {
    const found =
      row.user_id === null
        ? undefined
        : await one<{ id: number }>(
            deps.database.db,
            sql`SELECT id FROM processes WHERE team_id = ${row.team_id} AND user_id = ${row.user_id} AND kind = 'job'
                AND ref_id = ${row.id} AND title LIKE 'Compliance file%' ORDER BY id DESC LIMIT 1`,
          );
    return new ComplianceProgress(deps, row, found?.id ?? null);
  }

  async leads(done: number, total: number, force = false): Promise<void> {
    if (!force && Date.now() - this.last < 1000) return;
    this.last = Date.now();
    await this.deps.database.db.execute(
      sql`UPDATE compliance_exports SET completed_leads = ${done}, updated_at = now() WHERE team_id = ${this.row.team_id} AND id = ${this.row.id}`,
    );
    await this.process({ status: "running", progress: total > 0 ? Math.min(100, (100 * done) / total) : 0 });
    await this.publish(ExportStatuses.in_progress, done, total, null);
  }

  async completed(done: number, url: string): Promise<void> {
    await this.process({ status: "completed", progress: 100, downloadUrl: url });
    await this.publish(ExportStatuses.completed, done, done, url);
  }

  async failed(done: number, total: number): Promise<void> {
    await this.process({ status: "failed", downloadUrl: null });
    await this.publish(ExportStatuses.failed, done, total, null);
  }

  private async process(u: Parameters<typeof updateProcess>[3]): Promise<void> {
    if (this.processId === null) return;
    await updateProcess(this.deps.database.db, this.row.team_id, this.processId, u).catch((e: Error) =>
      this.deps.log(`compliance file ${this.row.id}: process update failed: ${e.message}`),
    );
  }

  private async publish(status: ExportStatus, done: number, total: number, url: string | null): Promise<void> {
    if (this.row.user_id === null) return;
    await this.deps.live
      .toUser(this.row.user_id, "ComplianceFileStatus", { id: this.row.id, status, completed_leads: done, total_leads: total, url })
      .catch((e: Error) => this.deps.log(`compliance file ${this.row.id}: live event failed: ${e.message}`));
  }
}
