import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportRecord, ImportUploadResponse, SegmentExport } from "@leadflow/contracts";
import { createFileStore, type FileStore, type JobDeps, runImport, sweepUnstartedUploads } from "@leadflow/domain";
import { type ExportRef, runSegmentExport } from "@leadflow/domain/segments/segment-export-run";
import { startTestS3, type TestS3 } from "@leadflow/domain/testing/s3-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config";
import { type Api, setupApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

/*
 * Files anywhere (docs/architecture.md): with LEADFLOW_S3_* set, uploads and exports live in an S3-compatible bucket
 * (here a real one, s3rver from the npm registry, on loopback), so the API and a worker on another machine share them.
 * The API and the worker get separate data dirs: nothing may pass through either's local folder.
 */
let s3: TestS3;
let api: Api;
let im: ReturnType<typeof importHelpers>;
let apiDir: string;
let workerDir: string;
/** The worker's own store, made from its own configuration, as `leadflow worker` on another machine makes it. */
let workerFiles: FileStore;
const MAX_BYTES = 6 * 1024 * 1024;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

beforeAll(async () => {
  s3 = await startTestS3();
  // Credentials reach the SDK through its default chain, as in production.
  vi.stubEnv("AWS_ACCESS_KEY_ID", s3.env.AWS_ACCESS_KEY_ID!);
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", s3.env.AWS_SECRET_ACCESS_KEY!);
  apiDir = await mkdtemp(join(tmpdir(), "leadflow-s3-api-"));
  workerDir = await mkdtemp(join(tmpdir(), "leadflow-s3-worker-"));
  const s3Env = {
    LEADFLOW_S3_BUCKET: s3.env.LEADFLOW_S3_BUCKET!,
    LEADFLOW_S3_REGION: s3.env.LEADFLOW_S3_REGION!,
    LEADFLOW_S3_ENDPOINT: s3.env.LEADFLOW_S3_ENDPOINT!,
    LEADFLOW_S3_PREFIX: s3.env.LEADFLOW_S3_PREFIX!,
  };
  api = await setupApi({ ...s3Env, LEADFLOW_DATA_DIR: apiDir, LEADFLOW_IMPORT_MAX_BYTES: String(MAX_BYTES) });
  im = importHelpers(api);
  workerFiles = createFileStore(loadConfig({ ...s3Env, LEADFLOW_DATA_DIR: workerDir }).files);
});
afterAll(async () => {
  await api?.close();
  await s3?.close();
  vi.unstubAllEnvs();
  await rm(apiDir, { recursive: true, force: true });
  await rm(workerDir, { recursive: true, force: true });
});

const worker = (): JobDeps => ({ ...im.deps(), files: workerFiles });

/** Runs the jobs of this name queued so far, as the worker process would. */
async function runQueued(name: "imports.run" | "segments.export") {
  const queued = api.jobs.sent.splice(0).filter((j) => j.name === name);
  for (const j of queued) {
    if (name === "imports.run") await runImport(worker(), j.payload as { importId: number; teamId: number });
    else await runSegmentExport(worker(), j.payload as ExportRef);
  }
  return queued.length;
}

const storedPath = async (id: number) =>
  (await api.database.query<{ stored_path: string }>("SELECT stored_path FROM imports WHERE id = $1", [id])).rows[0]!.stored_path;

/** Neither process wrote anything to its local folder. */
async function nothingLocal() {
  expect(await readdir(apiDir)).toEqual([]);
  expect(await readdir(workerDir)).toEqual([]);
}

const CSV = "Phone,Email,Name\n(212) 555-0101,a@example.com,Ann\n212-555-0102,b@example.com,Bob\n";

describe("configuration", () => {
  it("LEADFLOW_S3_* choose the bucket; without a bucket files stay in the data dir", () => {
    expect(loadConfig({ LEADFLOW_DATA_DIR: "/srv/lf" }).files).toEqual({ dataDir: "/srv/lf" });
    expect(loadConfig({ LEADFLOW_DATA_DIR: "/srv/lf", LEADFLOW_S3_BUCKET: "leads", AWS_REGION: "eu-west-1" }).files).toEqual({
      dataDir: "/srv/lf",
      s3: { bucket: "leads", region: "eu-west-1", endpoint: undefined, prefix: undefined },
    });
    const files = createFileStore(
      loadConfig({ LEADFLOW_S3_BUCKET: "leads", LEADFLOW_S3_ENDPOINT: "http://127.0.0.1:9", LEADFLOW_S3_PREFIX: "/prod/" }).files,
    );
    expect(files.refFor("exports/1/a.csv")).toBe("s3://leads/prod/exports/1/a.csv");
  });
});

describe("uploads and imports on S3", () => {
  it("streams the upload into the bucket; the worker's import job reads it from there; the file goes when the import ends", async () => {
    const t = await im.team();
    const up = await im.upload(t.token, t.list.id, "leads.csv", CSV);
    expect(up.statusCode, up.body).toBe(201);
    const body = up.json() as ImportUploadResponse;
    expect(body.data.preview).toMatchObject({
      headings: ["Phone", "Email", "Name"],
      rows: [
        ["(212) 555-0101", "a@example.com", "Ann"],
        ["212-555-0102", "b@example.com", "Bob"],
      ],
    });

    const path = await storedPath(body.data.id);
    expect(path).toMatch(new RegExp(`^s3://${s3.bucket}/leadflow/uploads/${t.ctx.teamId}/${UUID}\\.csv$`));
    expect(await s3.keys(`leadflow/uploads/${t.ctx.teamId}/`)).toEqual([path.slice(`s3://${s3.bucket}/`.length)]);
    expect(await workerFiles.size(path)).toBe(Buffer.byteLength(CSV));

    const id = await im.start(t.token, t.list.id, "leads.csv", CSV, { Name: "Name" });
    const started = await storedPath(id);
    expect(await runQueued("imports.run")).toBe(1);
    expect((await im.get(t.token, id)) as ImportRecord).toMatchObject({
      status: "completed",
      processed_count: 2,
      unique_count: 2,
      failed_count: 0,
    });
    const phones = await api.database.query<{ phone: string }>("SELECT phone FROM lead_phones WHERE team_id = $1 ORDER BY phone", [
      t.ctx.teamId,
    ]);
    expect(phones.rows.map((r) => r.phone)).toEqual(["+12125550101", "+12125550102"]);

    // The finished import's file is removed; the first upload (never started) is still a draft with its file.
    expect(await workerFiles.size(started)).toBeNull();
    expect(await s3.keys(`leadflow/uploads/${t.ctx.teamId}/`)).toEqual([path.slice(`s3://${s3.bucket}/`.length)]);
    await nothingLocal();
  });

  it("an XLSX import reads the workbook from the bucket by byte ranges", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Leads");
    sheet.addRow(["Phone", "Name"]);
    for (let i = 0; i < 300; i++) sheet.addRow([`(212) 555-${String(1000 + i)}`, `Row ${i}`]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const t = await im.team();
    const id = await im.start(t.token, t.list.id, "book.xlsx", xlsx, { Name: "Name" });
    expect(await storedPath(id)).toMatch(/^s3:\/\/.+\.xlsx$/);
    await runQueued("imports.run");
    expect((await im.get(t.token, id)) as ImportRecord).toMatchObject({
      status: "completed",
      format: "xlsx",
      processed_count: 300,
      unique_count: 300,
    });
    await nothingLocal();
  });

  it("a refused upload leaves nothing in the bucket: too large (stopped at the size limit) or a bad file", async () => {
    const t = await im.team();
    const big = `Phone\n${"2125550123\n".repeat(Math.ceil((MAX_BYTES + 1024 * 1024) / 11))}`;
    const tooLarge = await im.upload(t.token, t.list.id, "big.csv", big);
    expect(tooLarge.statusCode).toBe(413);
    const bad = await im.upload(t.token, t.list.id, "bad.xlsx", "not a zip at all");
    expect(bad.statusCode).toBe(422);
    expect(await s3.keys(`leadflow/uploads/${t.ctx.teamId}/`)).toEqual([]);
  });

  it("cancelling a draft and the daily sweep remove its object", async () => {
    const t = await im.team();
    const draft = (await im.upload(t.token, t.list.id, "a.csv", CSV)).json() as ImportUploadResponse;
    const old = (await im.upload(t.token, t.list.id, "b.csv", CSV)).json() as ImportUploadResponse;
    expect(await s3.keys(`leadflow/uploads/${t.ctx.teamId}/`)).toHaveLength(2);
    const cancelled = await api.app.inject({ method: "DELETE", url: `/api/imports/${draft.data.id}`, headers: t.h });
    expect(cancelled.statusCode).toBe(200);
    expect(await s3.keys(`leadflow/uploads/${t.ctx.teamId}/`)).toHaveLength(1);
    const swept = await sweepUnstartedUploads(api.db, new Date(Date.now() + 25 * 3600_000), workerFiles);
    expect(swept.kept).toBe(0);
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect((await api.app.inject({ method: "GET", url: `/api/imports/${old.data.id}`, headers: t.h })).statusCode).toBe(404);
    expect(await s3.keys(`leadflow/uploads/${t.ctx.teamId}/`)).toEqual([]);
  });
});

describe("exports on S3", () => {
  it("the worker writes the export to the bucket; the signed link keeps its shape and downloads it through the API", async () => {
    const t = await im.team();
    await im.start(t.token, t.list.id, "leads.csv", CSV, { Name: "Name" });
    await runQueued("imports.run");
    const [segment] = (
      await api.database.query<{ id: number }>(
        "INSERT INTO segments (team_id, name, total_leads) SELECT $1, 'Audience', count(*) FROM leads WHERE team_id = $1 RETURNING id",
        [t.ctx.teamId],
      )
    ).rows;
    await api.database.query(
      "INSERT INTO segment_leads (team_id, segment_id, lead_id, status) SELECT team_id, $2, id, status FROM leads WHERE team_id = $1",
      [t.ctx.teamId, segment!.id],
    );
    const attrs = await api.database.query<{ id: number; name: string }>("SELECT id, name FROM lead_attributes WHERE team_id = $1", [
      t.ctx.teamId,
    ]);
    const attr = (name: string) => attrs.rows.find((a) => a.name === name)!.id;

    const asked = await api.app.inject({
      method: "POST",
      url: `/api/segments/${segment!.id}/export`,
      headers: t.h,
      payload: { name: "May leads", attributes: [attr("Phone"), attr("Email"), attr("Name")], order: "id,asc" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const ref = api.jobs.sent.find((j) => j.name === "segments.export")!.payload as ExportRef;
    expect(ref.path).toMatch(new RegExp(`^s3://${s3.bucket}/leadflow/exports/${t.ctx.teamId}/${UUID}\\.csv$`));
    expect(await runQueued("segments.export")).toBe(1);
    expect(await s3.keys(`leadflow/exports/${t.ctx.teamId}/`)).toEqual([ref.path.slice(`s3://${s3.bucket}/`.length)]);

    const list = await api.app.inject({ method: "GET", url: "/api/segments/exports", headers: t.h });
    const done = (list.json().data as SegmentExport[])[0]!;
    expect(done).toMatchObject({ status: 3, total_rows: 2, completed_rows: 2 });
    // The same link as with the local folder: the API's path and an HMAC token, never the bucket.
    expect(done.url).toMatch(new RegExp(`^/api/segments/exports/${done.id}/download\\?token=${t.ctx.teamId}\\.\\d+\\.[\\w-]{43}$`));

    const byLink = await api.app.inject({ method: "GET", url: done.url! });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(byLink.headers["content-disposition"]).toBe('attachment; filename="may-leads.csv"');
    expect(byLink.body).toMatch(/^\uFEFFID,Phone,Email,Name,Revenue,Duplicates,Status,Created At \(UTC\),Updated At \(UTC\)\n/);
    expect(byLink.body).toMatch(
      /\n\d+,'\+12125550101,a@example\.com,Ann,0,0,Imported,.*\n\d+,'\+12125550102,b@example\.com,Bob,0,0,Imported,/,
    );
    const byToken = await api.app.inject({ method: "GET", url: `/api/segments/exports/${done.id}/download`, headers: t.h });
    expect(byToken.body).toBe(byLink.body);
    await nothingLocal();

    // An object gone from the bucket is a 404 with a message, not a broken download.
    await workerFiles.remove(ref.path);
    const gone = await api.app.inject({ method: "GET", url: done.url! });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("The export file is no longer available; export the audience again.");
  });
});
