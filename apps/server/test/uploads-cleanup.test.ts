import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportPage, ImportUploadResponse } from "@leadflow/contracts";
import { cleanupJob, sweepUnstartedUploads } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

let api: Api;
let im: ReturnType<typeof importHelpers>;
beforeAll(async () => {
  api = await setupApi({ LEADFLOW_DATA_DIR: mkdtempSync(join(tmpdir(), "leadflow-drafts-")) });
  im = importHelpers(api);
});
afterAll(() => api.close());

const CSV = "Phone,Email\n2125550140,a@example.com\n";
const HOUR = 3600_000;

/** An upload left at Match Format ('uploaded'), or mapped and never dispatched ('mapped'). */
async function draft(t: Awaited<ReturnType<typeof im.team>>, name: string, mapped = false) {
  const up = await im.upload(t.token, t.list.id, name, CSV);
  expect(up.statusCode, up.body).toBe(201);
  const body = up.json() as ImportUploadResponse;
  if (mapped) {
    const attributes = body.mapping.map((m) => ({
      processing_document_attribute_id: m.processing_document_attribute_id,
      lead_attribute_id: m.lead_attribute_id,
    }));
    const res = await api.app.inject({
      method: "POST",
      url: `/api/sync-import/${body.data.id}/import-attributes/multiple`,
      headers: t.h,
      payload: { attributes },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return body.data.id;
}

async function stored(id: number) {
  const found = await api.database.query<{ stored_path: string; created_at: Date }>(
    "SELECT stored_path, created_at FROM imports WHERE id = $1",
    [id],
  );
  return found.rows[0];
}
const columnsOf = (id: number) => im.count("SELECT count(*)::int AS n FROM import_attributes WHERE import_id = $1", [id]);
const age = (ids: number[], hours: number) =>
  api.database.query(`UPDATE imports SET created_at = created_at - make_interval(hours => $2) WHERE id = ANY($1::int[])`, [ids, hours]);

describe("Import History", () => {
  it("leaves out uploads that were never started; they still open by id", async () => {
    const t = await im.team();
    const uploaded = await draft(t, "left-at-match-format.csv");
    const mapped = await draft(t, "mapped-not-started.csv", true);
    const started = await im.start(t.token, t.list.id, "started.csv", CSV, {});
    const page = (await api.app.inject({ method: "GET", url: "/api/imports", headers: t.h })).json() as ImportPage;
    expect(page.data.map((i) => i.id)).toEqual([started]);
    expect(page.meta.total).toBe(1);
    // Match Format resumes by id, not through the list.
    expect(await im.get(t.token, uploaded)).toMatchObject({ id: uploaded, status: "uploaded" });
    expect(await im.get(t.token, mapped)).toMatchObject({ id: mapped, status: "mapped" });
  });
});

describe("sweep of unstarted uploads", () => {
  it("removes uploads not started within a day, with their columns and files, and nothing else", async () => {
    const t = await im.team();
    const oldUploaded = await draft(t, "old-uploaded.csv");
    const oldMapped = await draft(t, "old-mapped.csv", true);
    const fresh = await draft(t, "fresh.csv");
    const startedLongAgo = await im.start(t.token, t.list.id, "started.csv", CSV, {});
    await age([oldUploaded, oldMapped, startedLongAgo], 25);
    const paths = await Promise.all([oldUploaded, oldMapped, fresh, startedLongAgo].map(async (id) => (await stored(id))!.stored_path));
    expect(paths.map((p) => existsSync(p))).toEqual([true, true, true, true]);

    const now = new Date((await stored(fresh))!.created_at.getTime() + HOUR);
    expect(await sweepUnstartedUploads(api.db, now)).toEqual({ removed: 2, kept: 0 });
    expect(await stored(oldUploaded)).toBeUndefined();
    expect(await stored(oldMapped)).toBeUndefined();
    expect(await columnsOf(oldUploaded)).toBe(0);
    expect(await columnsOf(oldMapped)).toBe(0);
    expect(paths.map((p) => existsSync(p))).toEqual([false, false, true, true]);
    expect(await stored(startedLongAgo)).toBeDefined();

    // Idempotent; the fresh one goes once it too is a day old.
    expect(await sweepUnstartedUploads(api.db, now)).toEqual({ removed: 0, kept: 0 });
    // (The sweep spans teams: drafts of other tests in this file may go with it.)
    expect((await sweepUnstartedUploads(api.db, new Date(now.getTime() + 23 * HOUR + 1000))).removed).toBeGreaterThanOrEqual(1);
    expect(await stored(fresh)).toBeUndefined();
    expect(existsSync(paths[2]!)).toBe(false);
    expect(existsSync(paths[3]!)).toBe(true);
  });

  it("keeps an import whose file cannot be removed, for the next sweep; a file already gone is no obstacle", async () => {
    const t = await im.team();
    const stuck = await draft(t, "stuck.csv");
    const vanished = await draft(t, "vanished.csv");
    await age([stuck, vanished], 25);
    const dir = mkdtempSync(join(tmpdir(), "leadflow-stuck-"));
    // A directory in the file's place: unlink refuses it whoever runs the test.
    await api.database.query("UPDATE imports SET stored_path = $2 WHERE id = $1", [stuck, dir]);
    rmSync((await stored(vanished))!.stored_path);
    const now = new Date(Date.now() + HOUR);
    expect(await sweepUnstartedUploads(api.db, now)).toEqual({ removed: 1, kept: 1 });
    expect(await stored(stuck)).toBeDefined();
    expect(await stored(vanished)).toBeUndefined();
    rmSync(dir, { recursive: true });
    expect(await sweepUnstartedUploads(api.db, now)).toEqual({ removed: 1, kept: 0 });
    expect(await stored(stuck)).toBeUndefined();
  });

  it("runs in the hourly maintenance job", async () => {
    const t = await im.team();
    const old = await draft(t, "old.csv");
    const fresh = await draft(t, "fresh.csv");
    await age([old], 25);
    const path = (await stored(old))!.stored_path;
    await cleanupJob.handler(im.deps(), {});
    expect(await stored(old)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
    expect(await stored(fresh)).toBeDefined();
  });
});
