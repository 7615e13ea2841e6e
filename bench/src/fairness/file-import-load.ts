import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { ImportRecord, ImportUploadResponse } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { cleanCsv } from "../lead-files/clean-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { percentile, record } from "../report";
import { onInterrupt } from "../shared/interrupt";
import type { Cluster } from "./cluster";
import type { PageReport } from "./page-client";

/*
 * S2's second load: team A imports a big CSV file through the product's HTTP API, as the web app drives it, while
 * team B's pages are timed (goal: "1M-row import while the UI stays responsive (API p95 within 20% of
 * idle)"). Team A talks to one api process; the `imports.run` job runs in a `worker` process.
 */

/** Rows of the file unless `--rows` is given: long enough to time pages under, short enough for a default run. */
export const FILE_IMPORT_DEFAULT_ROWS = 200_000;

export function fileImportRows(options: BenchOptions): number {
  return options.rowsGiven ? options.rows : FILE_IMPORT_DEFAULT_ROWS;
}

export interface FileTeam {
  token: string;
  listId: number;
}

/** A fresh team (its admin's session token) with a source and a list to import into, as B1's target. */
export async function fileTeam(database: Database): Promise<FileTeam> {
  const factory = makeFactory(database);
  const { ctx, token } = await factory.team();
  const source = await factory.source(ctx, { name: "Team A file source" });
  const list = await factory.list(ctx, source.id, { name: "Team A file list" });
  return { token, listId: list.id };
}

const POLL_MS = 250;
/** However long the import takes, the bench gives up after this. */
const IMPORT_TIMEOUT_MS = 30 * 60_000;

/** fairness-bench's page timing, handed in (it imports this module). */
export interface PageRun {
  pageRate: number;
  pages: Record<string, string>;
  timePages(cluster: Cluster, token: string, durationSeconds: number, stopFile?: string): Promise<PageReport>;
  summary(r: PageReport): Record<string, unknown>;
}

export async function fileImportFairness(
  options: BenchOptions,
  cluster: Cluster,
  teamB: { token: string },
  teamA: FileTeam,
  file: string,
  rows: number,
  run: PageRun,
): Promise<void> {
  const d = options.durationSeconds;
  const api = cluster.apiUrls[0]!;
  const size = sizeLabel(rows);
  console.log(
    `  S2: team B's pages idle for ${d} s, then while team A imports a ${size}-row CSV over HTTP (${cluster.apiUrls.length} api, ${options.workers} workers)`,
  );
  await run.timePages(cluster, teamB.token, 3); // warm-up after the earlier loads
  const idle = await run.timePages(cluster, teamB.token, d);

  const http = httpClient(api, teamA.token);
  const started = performance.now();
  const { importId, uploadMs } = await startImport(http, teamA.listId, file);
  const dispatchedAt = performance.now();
  const stopDir = mkdtempSync(join(tmpdir(), "leadflow-s2-stop-"));
  const forget = onInterrupt(async () => rmSync(stopDir, { recursive: true, force: true }));
  const stopFile = join(stopDir, "stop");
  try {
    // Team B's timing starts once the import merges rows (phase one's parse and staging are over by then).
    let rec = await waitFor(http, importId, (r) => r.processed_count > 0 || done(r));
    const mergingAt = performance.now();
    const firstMergeMs = mergingAt - dispatchedAt;
    const loadedRun = run.timePages(cluster, teamB.token, d, stopFile);
    let pagesDone = false;
    void loadedRun.then(
      () => (pagesDone = true),
      () => (pagesDone = true),
    );
    while (!done(rec) && !pagesDone) {
      await sleep(POLL_MS);
      rec = await getImport(http, importId);
    }
    const importDoneDuringPages = done(rec);
    writeFileSync(stopFile, "");
    const loaded = await loadedRun;
    const timedMs = performance.now() - mergingAt;
    if (!done(rec)) rec = await waitFor(http, importId, done);
    const wallMs = performance.now() - started;
    const jobMs = performance.now() - dispatchedAt;
    if (rec.status !== "completed") throw new Error(`S2 file import ${importId} ended ${rec.status}: ${rec.message}`);
    const problems: string[] = [];
    if (rec.processed_count !== rows) problems.push(`processed ${rec.processed_count}, expected ${rows}`);
    if (rec.unique_count !== rows) problems.push(`unique ${rec.unique_count}, expected ${rows}`);
    if (rec.failed_count !== 0) problems.push(`failed ${rec.failed_count}`);

    const names = Object.keys(run.pages);
    const p95 = (xs: number[]) => (xs.length ? percentile(xs, 95) : Number.NaN);
    const ratios = names.map((name) => p95(loaded.latencies[name]!) / p95(idle.latencies[name]!));
    const worst = Math.max(...ratios);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const perPage = names
      .map(
        (name, i) =>
          `${name} p95 ${ms(p95(idle.latencies[name]!))} idle → ${ms(p95(loaded.latencies[name]!))} (${ratios[i]!.toFixed(2)}×, n ${loaded.latencies[name]!.length})`,
      )
      .join("; ");
    const errors = { ...idle.errors, ...loaded.errors };
    const rowsPerSecond = rows / (wallMs / 1000);
    const window = importDoneDuringPages ? "until it completed" : `for ${d} s of it (the duration)`;
    record({
      id: "S2",
      size: `file import ${size}, 2 api + ${options.workers} workers`,
      what: `another team's pages (sources, leads; ${run.pageRate}/s open loop over both api processes) idle for ${d} s and while one team imports a ${size}-row clean CSV over HTTP as the web app does (upload → mapping → dispatch on one api process, the job in a worker), timed from its first merged rows ${window}; real CLI processes`,
      backend: "postgres",
      ours: `${perPage}; team A's import ${(wallMs / 1000).toFixed(1)} s upload → completed (${Math.round(rowsPerSecond)} rows/s; upload ${(uploadMs / 1000).toFixed(1)} s, first rows merged ${(firstMergeMs / 1000).toFixed(1)} s after dispatch), pages timed ${(timedMs / 1000).toFixed(1)} s${problems.length ? `; CHECK FAILED: ${problems.join("; ")}` : ""}${Object.keys(errors).length ? `; page errors ${JSON.stringify(errors)}` : ""}`,
      baseline: "the same pages idle (same run)",
      ratio: `${worst.toFixed(2)}× — ${worst <= 1.2 ? "meets the goal" : "misses: ≤ 1.2× idle"}`,
      goal: "another team's p95 ≤ 1.2× idle",
      command: benchCommand("S2", [
        "--duration",
        d,
        "--workers",
        options.workers,
        ...(options.rowsGiven ? ["--rows", sizeLabel(options.rows)] : []),
        ...(options.part === "file-import" ? ["--part", "file-import"] : []),
      ]),
      figures: {
        rows,
        idle: run.summary(idle),
        loaded: run.summary(loaded),
        ratios,
        import: {
          id: importId,
          wallMs,
          uploadMs,
          jobMs,
          firstMergeMs,
          rowsPerSecond,
          timedMs,
          importDoneDuringPages,
          counts: {
            processed: rec.processed_count,
            unique: rec.unique_count,
            duplicates: rec.duplicates_count,
            failed: rec.failed_count,
            skipped: rec.skipped_count,
          },
          problems,
        },
      },
    });
    if (problems.length) throw new Error(`S2 file import: ${problems.join("; ")}`);
  } finally {
    forget();
    rmSync(stopDir, { recursive: true, force: true });
  }
}

/** The generated file for this run (cached in $TMPDIR/leadflow-bench). */
export function fileImportFile(options: BenchOptions): Promise<string> {
  return cleanCsv(fileImportRows(options));
}

type Http = (method: string, path: string, body?: unknown) => Promise<Response>;

function httpClient(base: string, token: string): Http {
  return (method, path, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    return fetch(new URL(path, base), { method, headers, body: payload });
  };
}

async function json<T>(res: Response, what: string, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`S2 file import: ${what} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Upload → create attributes for the unmapped columns → save the mapping → dispatch, as the import dialog does. */
async function startImport(http: Http, listId: number, file: string): Promise<{ importId: number; uploadMs: number }> {
  const t = performance.now();
  const form = new FormData();
  form.append("list_id[0]", String(listId)); // first, so the list is checked before the file streams in
  form.append("file", await openAsBlob(file), basename(file));
  const up = await json<ImportUploadResponse>(await http("POST", "/api/imports", form), "upload", 201);
  const uploadMs = performance.now() - t;
  const unmapped = up.mapping.filter((m) => m.lead_attribute_id === null);
  const byName = new Map<string, number>();
  if (unmapped.length) {
    const created = await json<{ data: { id: number; name: string }[] }>(
      await http(
        "POST",
        "/api/lead-attributes",
        unmapped.map((m) => ({ name: m.heading })),
      ),
      "lead attributes",
      201,
    );
    for (const a of created.data) byName.set(a.name.toLowerCase(), a.id);
  }
  const attributes = up.mapping.map((m) => ({
    processing_document_attribute_id: m.processing_document_attribute_id,
    lead_attribute_id: m.lead_attribute_id ?? byName.get(m.heading.toLowerCase()) ?? null,
  }));
  await json(await http("POST", `/api/sync-import/${up.data.sync_import.id}/import-attributes/multiple`, { attributes }), "mapping");
  await json(await http("POST", `/api/imports/${up.data.id}/dispatch`), "dispatch");
  return { importId: up.data.id, uploadMs };
}

const done = (r: ImportRecord) => r.status === "completed" || r.status === "failed";

async function getImport(http: Http, id: number): Promise<ImportRecord> {
  return json<ImportRecord>(await http("GET", `/api/imports/${id}`), "import status");
}

async function waitFor(http: Http, id: number, until: (r: ImportRecord) => boolean): Promise<ImportRecord> {
  const deadline = performance.now() + IMPORT_TIMEOUT_MS;
  for (;;) {
    const r = await getImport(http, id);
    if (until(r)) return r;
    if (performance.now() > deadline) throw new Error(`S2 file import ${id}: still ${r.status} after ${IMPORT_TIMEOUT_MS / 60_000} min`);
    await sleep(POLL_MS);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
