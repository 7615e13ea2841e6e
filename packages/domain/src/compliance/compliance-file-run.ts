import type { Readable } from "node:stream";
import { Readable as ReadableStream } from "node:stream";
import { ExportStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { filesOf } from "../shared/file-store";
import type { JobDeps } from "../shared/jobs";
import { type DbOrTx, one } from "../shared/rows";
import { findComplianceFile } from "./compliance-file.queries";
import { complianceLinkSigner } from "./compliance-links";
import { ComplianceProgress } from "./compliance-progress";
import { dossierPdf, missingLeadPdf } from "./dossier-pdf";
import { DOSSIER_FORMAT, type LeadDossier, leadDossier } from "./lead-dossier";

/*
 * The compliance file job: a ZIP of a README, and per lead its JSON (the exact record) and its PDF (the same, for
 * people), written to the file store as it is made — a lead at a time: each lead's data is read when its JSON's turn
 * in the ZIP comes, its PDF rendered right after, and nothing of the lead before it is kept. The store shows the file
 * only once complete (a renamed temporary file, or a finished S3 upload). In progress → Completed with its link, or
 * Failed with the reason and no file; a run repeated after a lost worker writes the file again from the start.
 */

export interface ComplianceFileRef {
  fileId: number;
  teamId: number;
  /** The file store's ref for `compliance/{team}/{uuid}.zip`, chosen when the file was asked for. */
  path: string;
}

export interface RunComplianceOptions {
  /** Fault injection for tests: the file fails once this many leads are written. */
  failAfterLeads?: number;
}

const README = `Leadflow compliance file

One PDF and one JSON per lead (lead-<id>.pdf, lead-<id>.json). The JSON is the exact record, format
${DOSSIER_FORMAT}: the lead and its values, its consent records with each certificate's verdict, its phones'
Do Not Call and Reassigned Numbers checks with their dates, every message planned for it (time, sender, text,
provider id, outcome and the sending window that applied), its replies with the answers sent, and its
suppressions. Times are UTC (ISO 8601). The PDF shows the same for people.
`;

/** The lead's record, or null when it was deleted since the file was asked for. */
async function dossierOrNull(db: DbOrTx, ctx: TeamCtx, leadId: number): Promise<LeadDossier | null> {
  try {
    return await leadDossier(db, ctx, leadId);
  } catch (e) {
    if (e instanceof AppError && e.code === "lead_not_found") return null;
    throw e;
  }
}

export async function runComplianceFile(deps: JobDeps, ref: ComplianceFileRef, opts: RunComplianceOptions = {}): Promise<void> {
  const db = deps.database.db;
  const row = await findComplianceFile(db, ref.teamId, ref.fileId);
  if (!row || row.status === ExportStatuses.completed || row.status === ExportStatuses.failed) return;
  const progress = await ComplianceProgress.of(deps, row);
  const set = (changes: SQL) =>
    db.execute(sql`UPDATE compliance_exports SET ${changes}, updated_at = now() WHERE team_id = ${row.team_id} AND id = ${row.id}`);
  const total = row.lead_ids.length;
  let done = 0;
  try {
    await set(sql`status = ${ExportStatuses.in_progress}, completed_leads = 0, total_leads = ${total}, error = NULL, file_key = NULL`);
    await progress.leads(0, total, true);
    const team = (await one<{ name: string }>(db, sql`SELECT name FROM teams WHERE id = ${row.team_id}`))?.name ?? "";
    const ctx: TeamCtx = { teamId: row.team_id, userId: row.user_id ?? 0, role: "team_admin" };
    const generatedAt = new Date().toISOString();
    const zip = new ZipFile();
    const output = zip.outputStream as Readable;
    zip.on("error", (e: Error) => output.destroy(e));
    zip.addBuffer(Buffer.from(README), "README.txt");
    for (const leadId of row.lead_ids) {
      let dossier: LeadDossier | null = null;
      zip.addReadStreamLazy(`lead-${leadId}.json`, (cb) => {
        if (opts.failAfterLeads !== undefined && done >= opts.failAfterLeads)
          return cb(new Error(`Simulated failure after ${done} leads.`), null as never);
        dossierOrNull(db, ctx, leadId).then(
          (d) => {
            dossier = d;
            const body = d ?? { format: DOSSIER_FORMAT, lead_id: leadId, missing: "The lead was deleted before the file was written." };
            cb(null, ReadableStream.from([JSON.stringify(body, null, 2)]));
          },
          (e: Error) => cb(e, null as never),
        );
      });
      zip.addReadStreamLazy(`lead-${leadId}.pdf`, (cb) => {
        const pdf = dossier ? dossierPdf(dossier, team) : missingLeadPdf(leadId, team, generatedAt);
        dossier = null;
        pdf.on("end", () => {
          done += 1;
          progress.leads(done, total).catch((e: Error) => deps.log(`compliance file ${row.id}: progress failed: ${e.message}`));
        });
        cb(null, pdf);
      });
    }
    zip.end();
    await filesOf(deps).put(ref.path, output);
    await set(sql`status = ${ExportStatuses.completed}, file_key = ${ref.path}, completed_leads = ${done}`);
    await progress.completed(done, (await complianceLinkSigner(db))(row.team_id, row.id));
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
    deps.log(`compliance file ${row.id} failed: ${message}`);
    await set(sql`status = ${ExportStatuses.failed}, error = ${message}, file_key = NULL, completed_leads = ${done}`);
    await progress.failed(done, total);
  }
}
