import { type AttributeType, type ConsentField, ConsentFields } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { getPhoneTemplate } from "../contacts";
import { mergeStagedBatch, refreshLeadStatisticsSoon, TargetGoneError } from "../leads";
import { startFileImportLookups } from "../lookups";
import { startProcess } from "../processes";
import { filesOf } from "../shared/file-store";
import type { JobDeps } from "../shared/jobs";
import { LEASE_FREED, Lease } from "../shared/lease";
import { one, rows } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";
import { Pipe } from "./import-pipe";
import { type PendingBatch, type PreparedBatch, PreparePool } from "./import-prepare.pool";
import { ImportProgress } from "./import-progress";
import type { ColumnPlan } from "./import-rows";
import { clearStaging, copyStaging } from "./import-staging";
import { synchronizeImport } from "./import-sync";
import { removeStoredUpload } from "./import-upload";
import { findImport, type ImportRow, importSelect } from "./imports.queries";
import { pageCourtesy } from "./page-courtesy";
import { ImportFileError, openImportFile } from "./parsers";

export interface RunImportOptions {
  /** Rows per staging and merge batch. */
  batchRows?: number;
  /** How long a worker's claim on an import lasts without renewal. */
  leaseSeconds?: number;
  /** Runs after which a failing import is marked failed instead of retried. */
  maxAttempts?: number;
  /** Fault injection for tests: the run dies (like a killed worker, lease left behind) after this many merged batches. */
  crashAfterBatches?: number;
}

const defaults: Required<Omit<RunImportOptions, "crashAfterBatches">> & Pick<RunImportOptions, "crashAfterBatches"> = {
  batchRows: 20_000,
  leaseSeconds: 60,
  maxAttempts: 6,
};

/** What crashAfterBatches throws: nothing is cleaned up, as when the process dies. */
export class SimulatedCrash extends Error {}

/** A failure that no retry can fix: the import ends as failed with this message. */
export class ImportFailedError extends Error {}

/** Phase one takes 0–100 of the import's progress: validating the file is the first 5, merging the other 95. */
const VALIDATE_SHARE = 5;

/** Cells per batch: a wide file gets fewer rows per batch, so a batch's memory stays bounded. */
const BATCH_CELLS = 400_000;

/**
 * Rows the reader parses at a time. Smaller than a batch on purpose: the rows of a chunk are handed on (or, when
 * validating, counted) at once and die young on the main thread; see PreparePool.
 */
const CHUNK_ROWS = 2_000;

/**
 * The `imports.run` job: idempotent and resumable. Phase one reads the whole file once to validate it (a file
 * that turns bad halfway leaves no lead behind) while staging (parse → normalise → COPY) starts, then merges
 * batch by batch, each batch committed with its counters and the checkpoint. Phase two (lead synchronisation) applies the chosen statuses. A run
 * holds a lease on the import; a second run (a retry while a slow worker still runs) backs off.
 */
export async function runImport(deps: JobDeps, ref: { importId: number; teamId: number }, options: RunImportOptions = {}): Promise<void> {
  // An option given as undefined (an unset environment variable) keeps its default.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as RunImportOptions;
  const opts = { ...defaults, ...given };
  const db = deps.database.db;
  const row = await one<ImportRow>(db, sql`${importSelect} WHERE i.team_id = ${ref.teamId} AND i.id = ${ref.importId}`);
  if (!row) return;
  const phaseOne = row.status === "queued" || row.status === "processing";
  const syncOnly = row.status === "synchronizing" || (row.status === "completed" && row.sync_status === "pending");
  if (!phaseOne && !syncOnly) return;

  const lease = new Lease({ table: "imports", teamId: ref.teamId, id: ref.importId }, opts.leaseSeconds);
  const leased = await lease.claim<{ attempts: number }>(db, {
    set: sql`attempts = attempts + 1, status = CASE WHEN status = 'queued' THEN 'processing' ELSE status END,
          started_at = COALESCE(started_at, now()), updated_at = now()`,
    returning: sql`attempts`,
  });
  if (!leased) throw new Error(`Import ${ref.importId} is being run by another worker; trying again later.`);

  const run = new ImportRun(deps, row, lease, opts);
  try {
    if (leased.attempts > opts.maxAttempts) {
      throw new ImportFailedError(row.message ?? "The import failed too many times.");
    }
    await run.ensureProcess();
    if (phaseOne) await run.phaseOne();
    await synchronizeImport(deps, run.target(), lease);
    await run.finish();
    // The import's lookup toggles: their jobs start over the leads it created or merged into.
    await startFileImportLookups(db, deps.jobs, ref.teamId, ref.importId);
  } catch (e) {
    if (e instanceof SimulatedCrash) throw e;
    if (e instanceof ImportFailedError || e instanceof ImportFileError || e instanceof TargetGoneError) {
      await run.fail(e.message);
      return;
    }
    const message = e instanceof Error ? e.message : String(e);
    // Kept for the record (and as the final message should the retries run out); the job retries.
    await lease.release(db, sql`message = ${message.slice(0, 1000)}`).catch(() => undefined);
    throw e;
  }
}

class ImportRun {
  private progress: ImportProgress;
  private processId: number | null;

  constructor(
    private readonly deps: JobDeps,
    private row: ImportRow,
    private readonly lease: Lease,
    private readonly opts: typeof defaults,
  ) {
    this.processId = row.process_id;
    this.progress = new ImportProgress(deps, this.target());
  }

  target() {
    const r = this.row;
    return { id: r.id, teamId: r.team_id, userId: r.user_id, filename: r.filename, processId: this.processId };
  }

  private get db() {
    return this.deps.database.db;
  }

  private async reload(): Promise<void> {
    this.row = await findImport(this.db, this.row.team_id, this.row.id);
  }

  /** Rows per batch for this file's width. */
  private batchRows(): number {
    const columns = Math.max(1, this.row.attributes.length);
    return Math.min(this.opts.batchRows, Math.max(500, Math.floor(BATCH_CELLS / columns)));
  }

  async ensureProcess(): Promise<void> {
    const r = this.row;
    if (this.processId !== null || r.user_id === null) return;
    this.processId = await startProcess(
      this.db,
      { teamId: r.team_id, userId: r.user_id, role: "team_admin" },
      {
        kind: "import",
        refId: r.id,
        title: `Import ${r.filename}`,
      },
    );
    await this.db.execute(sql`UPDATE imports SET process_id = ${this.processId} WHERE team_id = ${r.team_id} AND id = ${r.id}`);
    this.progress = new ImportProgress(this.deps, this.target());
  }

  async phaseOne(): Promise<void> {
    const r = this.row;
    if (r.list_id === null || r.source_id === null) throw new TargetGoneError();
    await this.progress.publish({ type: "parse_started", processed: r.processed_count, current: r.progress, total: r.total_rows }, true);
    // Validation reads the whole file before the first merge; staging starts alongside it (the merge waits).
    const validated = r.validated_at === null ? this.validate() : Promise.resolve();
    validated.catch(() => undefined);
    await this.stageAndMerge(validated);
    await this.reload();
    await this.progress.publish(
      { type: "parse_finished", processed: this.row.processed_count, current: 100, total: this.row.total_rows },
      true,
    );
  }

  /**
   * Reads the whole file once before anything is merged: a file that turns out bad halfway (an unclosed quote at
   * the end, a zip bomb, broken XML) fails here and leaves no lead behind. Also gives the exact row count.
   */
  private async validate(): Promise<void> {
    const r = this.row;
    const reader = await openImportFile(r.stored_path, r.format, { batchRows: CHUNK_ROWS }, filesOf(this.deps));
    let rows = 0;
    try {
      for await (const batch of reader.rows()) {
        rows += batch.length;
        if (this.progress.due()) {
          const p = reader.progress();
          const share = p.totalBytes > 0 ? p.bytesRead / p.totalBytes : 0;
          await this.lease.renew(this.db);
          await this.progress.publish({
            type: "parse_progress",
            processed: 0,
            current: VALIDATE_SHARE * share,
            total: share > 0 ? Math.round(rows / share) : 0,
          });
        }
      }
    } finally {
      await reader.close();
    }
    await this.db.execute(
      sql`UPDATE imports SET validated_at = now(), total_rows = ${rows}, encoding = COALESCE(encoding, ${reader.encoding}),
            progress = ${VALIDATE_SHARE}, updated_at = now()
          WHERE ${this.lease.mine}`,
    );
  }

  /**
   * The producer (parse → normalise on worker threads → COPY into staging) runs up to AHEAD batches in front of
   * the merger, so the database merges while the next batches are prepared. Resumes after the checkpoint line.
   * The merger starts once the file is `validated`; a file found bad meanwhile leaves only staging rows, which
   * failing the import clears.
   */
  private async stageAndMerge(validated: Promise<void>): Promise<void> {
    const r = this.row;
    await clearStaging(this.db, r.id);
    const plan = await loadPlan(this.db, r.team_id, r.id);
    if (!plan.some((c) => c.kind === "phone" || c.kind === "email"))
      throw new ImportFailedError("Map at least one column to Phone or Email.");
    const { values: ignoreTemplate } = await getPhoneTemplate(this.db, r.team_id);
    const pipe = new Pipe(r.merged_batches);
    const pool = new PreparePool();
    const batchRows = this.batchRows();
    // While pages are being served the import takes one database core, not two: its COPY and its merge take turns
    // (each is a core's worth of work) and each first lets the pages being served finish (page-courtesy.ts).
    const courtesy = pageCourtesy(this.deps.database);
    let copying: Promise<unknown> | null = null;
    let merging: Promise<unknown> | null = null;
    const politely = async <T>(other: () => Promise<unknown> | null, run: () => Promise<T>, mark: (p: Promise<T> | null) => void) => {
      await courtesy.wait();
      for (let o = other(); courtesy.contended && o; o = other()) await o.catch(() => undefined);
      const p = run();
      mark(p);
      try {
        return await p;
      } finally {
        mark(null);
      }
    };
    const produce = async () => {
      const reader = await openImportFile(r.stored_path, r.format, { batchRows: Math.min(CHUNK_ROWS, batchRows) }, filesOf(this.deps));
      try {
        const inflight: { batch: number; prepared: Promise<PreparedBatch> }[] = [];
        const flush = async () => {
          const next = inflight.shift()!;
          const prepared = await next.prepared;
          await pipe.room(next.batch);
          const csv = await prepared.take();
          await politely(
            () => merging,
            () => copyStaging(this.deps.database, csv),
            (p) => (copying = p),
          );
          pipe.staged(next.batch);
        };
        let batch = r.merged_batches;
        let open: { rows: number; pending: PendingBatch } | null = null;
        const close = async () => {
          batch++;
          const prepared = open!.pending.finish({ importId: r.id, batch, plan, ignoreTemplate });
          open = null;
          // Awaited in order by flush; if the run stops first, its rejection must not go unhandled.
          prepared.catch(() => undefined);
          inflight.push({ batch, prepared });
          if (inflight.length > Math.max(1, pool.size)) await flush();
        };
        for await (const parsed of reader.rows()) {
          pipe.check();
          const fresh = r.checkpoint_line > 0 ? parsed.filter((p) => p.line > r.checkpoint_line) : parsed;
          if (fresh.length === 0) continue;
          open ??= { rows: 0, pending: pool.batch() };
          open.pending.add(fresh);
          open.rows += fresh.length;
          // The first batch is one chunk: the merge can start as soon as validation ends, instead of waiting for
          // a full batch to be normalised on a thread that is still starting up.
          if (open.rows >= (batch === r.merged_batches ? Math.min(CHUNK_ROWS, batchRows) : batchRows)) await close();
        }
        if (open) await close();
        while (inflight.length) await flush();
        pipe.finish();
      } finally {
        await reader.close();
      }
    };
    const consume = async () => {
      await validated;
      for (let batch = r.merged_batches + 1; await pipe.ready(batch); batch++) {
        await politely(
          () => copying,
          () => this.mergeBatch(batch),
          (p) => (merging = p),
        );
        if (this.opts.crashAfterBatches !== undefined && batch - r.merged_batches >= this.opts.crashAfterBatches) {
          throw new SimulatedCrash(`simulated crash after batch ${batch}`);
        }
      }
    };
    try {
      await Promise.all([produce().catch((e) => pipe.fail(e)), consume().catch((e) => pipe.fail(e))]);
      pipe.check();
    } catch (e) {
      await pool.close();
      throw e;
    }
    await pool.close();
    await clearStaging(this.db, r.id);
  }

  /** One staged batch, in one transaction under the team's lead lock, with its counters and the checkpoint. */
  private async mergeBatch(batch: number): Promise<void> {
    const r = this.row;
    refreshLeadStatisticsSoon(this.db, r.team_id);
    const done = await this.db.transaction(async (tx) => {
      // No waiting for this commit's WAL flush: a commit that a server crash loses takes the checkpoint below with
      // it (same transaction), so the resumed run merges that batch again; and the import's final status update
      // commits synchronously, which flushes every batch before it.
      await tx.execute(sql`SELECT set_config('synchronous_commit', 'off', true)`);
      await lockTeamLeads(tx, r.team_id);
      const cur = await one<{ merged_batches: number; lease_owner: string | null; list_id: number | null; source_id: number | null }>(
        tx,
        sql`SELECT merged_batches, lease_owner, list_id, source_id FROM imports WHERE team_id = ${r.team_id} AND id = ${r.id} FOR UPDATE`,
      );
      if (!cur || cur.lease_owner !== this.lease.owner) throw new Error(`Import ${r.id}: another worker took it over.`);
      if (cur.merged_batches >= batch) return null;
      if (cur.list_id === null || cur.source_id === null) throw new TargetGoneError();
      const c = await mergeStagedBatch(tx, {
        teamId: r.team_id,
        listId: cur.list_id,
        sourceId: cur.source_id,
        importId: r.id,
        filename: r.filename,
        batch,
      });
      return one<{ processed_count: number; total_rows: number }>(
        tx,
        sql`UPDATE imports SET processed_count = processed_count + ${c.processed}, unique_count = unique_count + ${c.unique},
              duplicates_count = duplicates_count + ${c.duplicates}, failed_count = failed_count + ${c.failed},
              skipped_count = skipped_count + ${c.skipped}, invalid_phones_count = invalid_phones_count + ${c.invalidPhones},
              ignored_phones_count = ignored_phones_count + ${c.ignoredPhones},
              merged_batches = ${batch}, checkpoint_line = GREATEST(checkpoint_line, ${c.lastLine}),
              progress = ${VALIDATE_SHARE} + ${100 - VALIDATE_SHARE} * LEAST(1, (processed_count + ${c.processed})::real / GREATEST(total_rows, 1)),
              ${this.lease.extended}, updated_at = now()
            WHERE team_id = ${r.team_id} AND id = ${r.id}
            RETURNING processed_count, total_rows`,
      );
    });
    if (done && this.progress.due()) {
      const share = done.total_rows > 0 ? done.processed_count / done.total_rows : 1;
      await this.progress.publish({
        type: "parse_progress",
        processed: done.processed_count,
        current: VALIDATE_SHARE + (100 - VALIDATE_SHARE) * Math.min(1, share),
        total: done.total_rows,
      });
    }
  }

  async finish(): Promise<void> {
    const r = this.row;
    const done = await one<{ processed_count: number; total_rows: number }>(
      this.db,
      sql`UPDATE imports SET status = 'completed', progress = 100, finished_at = COALESCE(finished_at, now()), message = NULL,
            ${LEASE_FREED}, updated_at = now()
          WHERE ${this.lease.mine}
          RETURNING processed_count, total_rows`,
    );
    await clearStaging(this.db, r.id);
    await removeStoredUpload(r.stored_path, filesOf(this.deps)).catch(() => undefined);
    await this.progress.publish(
      { type: "end_resolve_duplicates", processed: done?.processed_count ?? 0, current: 100, total: done?.total_rows ?? 0 },
      true,
    );
  }

  async fail(message: string): Promise<void> {
    const r = this.row;
    await this.db.execute(
      sql`UPDATE imports SET status = 'failed', message = ${message.slice(0, 1000)}, finished_at = now(),
            sync_status = CASE WHEN sync_status = 'completed' THEN sync_status ELSE 'failed' END,
            ${LEASE_FREED}, updated_at = now()
          WHERE ${this.lease.row}`,
    );
    await clearStaging(this.db, r.id).catch(() => undefined);
    await removeStoredUpload(r.stored_path, filesOf(this.deps)).catch(() => undefined);
    await this.progress.publish({ type: "failed", processed: r.processed_count, current: r.progress, total: r.total_rows }, true);
  }
}

/** The mapped columns, with their attribute types or consent values; an attribute deleted since mapping is ignored. */
export async function loadPlan(db: JobDeps["database"]["db"], teamId: number, importId: number): Promise<ColumnPlan[]> {
  const found = await rows<{
    col: number;
    kind: AttributeType | null;
    attribute_id: number | null;
    name: string;
    consent_field: string | null;
  }>(
    db,
    sql`SELECT ia.col_position AS col, la.type AS kind, la.id AS attribute_id, COALESCE(la.name, ia.name) AS name, ia.consent_field
        FROM import_attributes ia LEFT JOIN lead_attributes la ON la.team_id = ia.team_id AND la.id = ia.lead_attribute_id
        WHERE ia.team_id = ${teamId} AND ia.import_id = ${importId} AND (la.id IS NOT NULL OR ia.consent_field IS NOT NULL)
        ORDER BY ia.col_position`,
  );
  return found.map(
    (f): ColumnPlan =>
      f.consent_field && isConsentField(f.consent_field)
        ? { col: f.col, kind: "consent", field: f.consent_field, name: f.name }
        : { col: f.col, kind: f.kind!, attributeId: f.attribute_id!, name: f.name },
  );
}

const isConsentField = (v: string): v is ConsentField => (ConsentFields as readonly string[]).includes(v);
