import { createReadStream, mkdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import type { LiveEventName } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import {
  createAttributes,
  createImport,
  dispatchImport,
  type JobDeps,
  type JobSender,
  runImport,
  storeUpload,
  syncImportAttributes,
  type TeamCtx,
} from "@leadflow/domain";
import { benchDir } from "../lead-files/file-cache";
import { collectGarbage } from "../shared/collect-garbage";
import { onInterrupt } from "../shared/interrupt";
import { startPeakRss } from "../shared/peak-rss";
import { type StatementTime, statementTimer } from "../shared/statement-timer";

export interface ImportTarget {
  database: Database;
  ctx: TeamCtx;
  listId: number;
}

/** The import record's outcome, as the Import History shows it. */
export interface ImportCounts {
  status: string;
  message: string | null;
  encoding: string | null;
  processed: number;
  unique: number;
  duplicates: number;
  failed: number;
  skipped: number;
  invalidPhones: number;
}

export interface FileImportResult {
  importId: number;
  /** Upload → mapping → dispatch → job done (parse, normalise, dedupe, merge, list membership, lead sync). */
  ms: number;
  /** From dispatch to the first ImportStatus event, and to the first one reporting rows merged. */
  firstEventMs: number | null;
  firstRowsMs: number | null;
  peakRssMb: number;
  /** What the process held before the import (PGlite's heap, generated data, earlier runs' garbage). */
  rssBeforeMb: number;
  counts: ImportCounts;
  /** The job's statements, slowest first (COPY into staging, on its own connection, is not among them). */
  statements: StatementTime[];
}

const uploadsDir = join(benchDir, `uploads-${process.pid}`);
const removeUploads = () => rmSync(uploadsDir, { recursive: true, force: true });
process.on("exit", removeUploads);
onInterrupt(async () => removeUploads());

/**
 * One file imported the way the web app drives it, through the domain calls behind each request: store the
 * upload, create the import (preview, suggested mapping), create attributes for the unmapped columns, save the
 * mapping, dispatch, then run the `imports.run` job in this process (as a worker would, minus the queue pickup).
 */
export async function importFile(target: ImportTarget, file: string): Promise<FileImportResult> {
  const { database, ctx, listId } = target;
  const db = database.db;
  mkdirSync(uploadsDir, { recursive: true });
  let dispatchedAt = 0;
  let firstEventMs: number | null = null;
  let firstRowsMs: number | null = null;
  const timer = statementTimer(db);
  const deps: JobDeps = {
    database: { ...database, db: timer.db },
    live: {
      async toUser<E extends LiveEventName>(_userId: number, event: E, payload: unknown) {
        if (event !== "ImportStatus") return;
        const elapsed = performance.now() - dispatchedAt;
        firstEventMs ??= elapsed;
        if ((payload as { processed: number }).processed > 0) firstRowsMs ??= elapsed;
      },
      toTeam: async () => undefined,
    },
    mail: { driver: "outbox", from: "bench@leadflow.local" },
    log: (msg) => console.log(`  [job] ${msg}`),
  };
  let job: { importId: number; teamId: number } | undefined;
  const jobs: JobSender = {
    async send(_def, payload) {
      job = payload as typeof job;
      return "bench";
    },
  };

  collectGarbage();
  const rssBeforeMb = Math.round(process.memoryUsage.rss() / 1048576);
  const memory = startPeakRss();
  const started = performance.now();
  const upload = await storeUpload(uploadsDir, ctx.teamId, basename(file), createReadStream(file), 2 ** 40);
  const answer = await createImport(db, ctx, upload, listId);
  const unmapped = answer.mapping.filter((m) => m.lead_attribute_id === null);
  const created = await createAttributes(
    db,
    ctx,
    unmapped.map((m) => ({ name: m.heading })),
  );
  const byName = new Map(created.map((a) => [a.name.toLowerCase(), a.id]));
  await syncImportAttributes(db, ctx, answer.data.id, {
    attributes: answer.mapping.map((m) => ({
      processing_document_attribute_id: m.processing_document_attribute_id,
      lead_attribute_id: m.lead_attribute_id ?? byName.get(m.heading.toLowerCase()) ?? null,
    })),
  });
  dispatchedAt = performance.now();
  await dispatchImport(db, jobs, ctx, answer.data.id);
  if (!job) throw new Error("dispatchImport enqueued no job");
  await runImport(deps, job);
  const ms = performance.now() - started;
  const peakRssMb = memory.stop();
  const counts = await readCounts(database, ctx.teamId, answer.data.id);
  if (counts.status !== "completed") throw new Error(`Import ${answer.data.id} ended ${counts.status}: ${counts.message}`);
  return { importId: answer.data.id, ms, firstEventMs, firstRowsMs, peakRssMb, rssBeforeMb, counts, statements: timer.times() };
}

export async function readCounts(database: Database, teamId: number, importId: number): Promise<ImportCounts> {
  const { rows } = await database.query<ImportCounts>(
    `SELECT status, message, encoding, processed_count AS processed, unique_count AS "unique", duplicates_count AS duplicates,
            failed_count AS failed, skipped_count AS skipped, invalid_phones_count AS "invalidPhones"
     FROM imports WHERE team_id = $1 AND id = $2`,
    [teamId, importId],
  );
  return rows[0]!;
}

/** Fails loudly when the import did not do what the file must give. */
export function expectCounts(what: string, got: ImportCounts, want: Partial<ImportCounts>): void {
  const wrong = Object.entries(want).filter(([k, v]) => got[k as keyof ImportCounts] !== v);
  if (wrong.length === 0) return;
  const detail = wrong.map(([k, v]) => `${k}: expected ${v}, got ${got[k as keyof ImportCounts]}`).join("; ");
  throw new Error(`${what}: ${detail}`);
}
