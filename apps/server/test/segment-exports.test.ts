import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SegmentExport } from "@leadflow/contracts";
import { type ExportRef, runSegmentExport } from "@leadflow/domain/segments/segment-export-run";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers } from "./imports-helpers";
import { type LeadHelpers, leadHelpers } from "./leads-helpers";

/** Export as CSV over HTTP (docs/product/audiences-lookups-settings.md), downloads and the import round trip. */
let api: Api;
let lh: LeadHelpers;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "leadflow-exports-"));
  api = await setupApi({ LEADFLOW_DATA_DIR: dataDir });
  lh = leadHelpers(api);
});
afterAll(async () => {
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
});

const CSV = "Phone,Email,Formula,Delta\n+12125550123,a@example.com,=SUM(A1),-5\n(212) 555-0124,b@example.com,plain,@home\n";

/** A team whose leads came from CSV, one audience holding them all (plain INSERTs), and its attribute ids. */
async function audience() {
  const team = await lh.team(CSV);
  const teamId = team.ctx.teamId;
  const [segment] = await lh.q<{ id: number }>(
    "INSERT INTO segments (team_id, name, total_leads) SELECT $1, 'Audience May', count(*) FROM leads WHERE team_id = $1 RETURNING id",
    [teamId],
  );
  await lh.q(
    "INSERT INTO segment_leads (team_id, segment_id, lead_id, status) SELECT team_id, $2, id, status FROM leads WHERE team_id = $1",
    [teamId, segment!.id],
  );
  const attrs = Object.fromEntries(
    (await lh.q<{ id: number; name: string }>("SELECT id, name FROM lead_attributes WHERE team_id = $1", [teamId])).map((a) => [
      a.name,
      a.id,
    ]),
  );
  return { ...team, segmentId: segment!.id, attrs, h: api.auth(team.token) };
}

/** Runs the export jobs queued so far, as a worker would. */
async function runQueuedExports() {
  const queued = api.jobs.sent.splice(0).filter((j) => j.name === "segments.export");
  for (const j of queued) {
    await runSegmentExport(
      { database: api.database, live: api.live.publisher, mail: { driver: "outbox", from: "t@leadflow.test" }, log: () => undefined },
      j.payload as ExportRef,
    );
  }
  return queued.length;
}

const list = async (token: string) => {
  const res = await api.app.inject({ method: "GET", url: "/api/segments/exports", headers: api.auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as SegmentExport[];
};

describe("POST /api/segments/{id}/export", () => {
  it("queues the export and answers the product's message; the name is required", async () => {
    const a = await audience();
    const res = await api.app.inject({
      method: "POST",
      url: `/api/segments/${a.segmentId}/export`,
      headers: a.h,
      payload: { name: "May leads", attributes: [a.attrs.Phone, a.attrs.Formula], search: "", order: "id,asc" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Export added to queue. See result in Settings->Export Files",
      data: { filename: "may-leads.csv", status: 1, status_label: "New", url: null, segment: { id: a.segmentId, name: "Audience May" } },
    });
    expect(api.jobs.sent.at(-1)).toMatchObject({
      name: "segments.export",
      payload: { exportId: res.json().data.id, teamId: a.ctx.teamId },
    });
    expect((api.jobs.sent.at(-1)!.payload as ExportRef).path.startsWith(join(dataDir, "exports", String(a.ctx.teamId)))).toBe(true);

    const empty = await api.app.inject({
      method: "POST",
      url: `/api/segments/${a.segmentId}/export`,
      headers: a.h,
      payload: { name: " " },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toEqual(["The name field is required."]);
    api.jobs.sent.length = 0;
  });

  it("another team's or an unknown audience is a 404 and queues nothing", async () => {
    const a = await audience();
    const b = await api.factory.team();
    for (const [token, id] of [
      [b.token, a.segmentId],
      [a.token, 2_000_000_000],
    ] as const) {
      const res = await api.app.inject({
        method: "POST",
        url: `/api/segments/${id}/export`,
        headers: api.auth(token),
        payload: { name: "x" },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Segment not found.");
    }
    expect(api.jobs.sent).toEqual([]);
    expect(await list(b.token)).toEqual([]);
  });
});

describe("GET /api/segments/exports and downloads", () => {
  it("lists newest first; downloads only the team's completed file, by bearer token or by its signed link", async () => {
    const a = await audience();
    const b = await api.factory.team();
    const ask = (name: string) =>
      api.app.inject({
        method: "POST",
        url: `/api/segments/${a.segmentId}/export`,
        headers: a.h,
        payload: { name, attributes: [a.attrs.Phone, a.attrs.Email, a.attrs.Formula, a.attrs.Delta] },
      });
    const first = (await ask("First")).json().data as SegmentExport;
    const second = (await ask("Second")).json().data as SegmentExport;
    expect((await list(a.token)).map((e) => e.id)).toEqual([second.id, first.id]);

    const download = (id: number, headers: Record<string, string> = a.h) =>
      api.app.inject({ method: "GET", url: `/api/segments/exports/${id}/download`, headers });
    const early = await download(first.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("The export file is not ready yet.");

    expect(await runQueuedExports()).toBe(2);
    const done = (await list(a.token)).find((e) => e.id === first.id)!;
    expect(done).toMatchObject({ status: 3, status_label: "Completed", total_rows: 2, completed_rows: 2 });
    expect(done.url).toMatch(/^\/api\/segments\/exports\/\d+\/download\?token=/);

    const res = await download(first.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="first.csv"');
    expect(res.body).toContain("ID,Phone,Email,Formula,Delta,Revenue,Duplicates,Status,Created At (UTC),Updated At (UTC)\n");
    expect(res.body).toMatch(/\n\d+,'\+12125550123,a@example\.com,'=SUM\(A1\),'-5,0,0,Imported,/);
    expect(res.body).toMatch(/\n\d+,'\+12125550124,b@example\.com,plain,'@home,/);

    // The link works without a header (a browser following it), and only for its own file.
    const byLink = await api.app.inject({ method: "GET", url: done.url! });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.body).toBe(res.body);
    expect((await api.app.inject({ method: "GET", url: done.url!.replace(`/${first.id}/`, `/${second.id}/`) })).statusCode).toBe(404);
    expect((await api.app.inject({ method: "GET", url: `${done.url!.slice(0, -2)}xx` })).statusCode).toBe(404);
    const otherTeam = done.url!.replace(`token=${a.ctx.teamId}.`, `token=${b.ctx.teamId}.`);
    expect((await api.app.inject({ method: "GET", url: otherTeam })).statusCode).toBe(404);

    expect((await download(first.id, api.auth(b.token))).statusCode).toBe(404);
    expect((await download(first.id, {})).statusCode).toBe(401);
    expect((await download(2_000_000_000)).statusCode).toBe(404);
    expect(await list(b.token)).toEqual([]);
  });

  it("round trip: the downloaded file imports back as the same phone, email and values", async () => {
    const a = await audience();
    const asked = await api.app.inject({
      method: "POST",
      url: `/api/segments/${a.segmentId}/export`,
      headers: a.h,
      payload: { name: "Round trip", attributes: [a.attrs.Phone, a.attrs.Email, a.attrs.Formula, a.attrs.Delta] },
    });
    await runQueuedExports();
    const file = await api.app.inject({ method: "GET", url: `/api/segments/exports/${asked.json().data.id}/download`, headers: a.h });
    expect(file.body).toContain("'+12125550123");

    const other = await api.factory.team();
    const source = await api.factory.source(other.ctx);
    const target = await api.factory.list(other.ctx, source.id);
    const im = importHelpers(api);
    const ignored = ["ID", "Revenue", "Duplicates", "Status", "Created At (UTC)", "Updated At (UTC)"];
    await im.start(other.token, target.id, "round-trip.csv", file.rawPayload, {
      ...Object.fromEntries(ignored.map((h) => [h, null])),
      Formula: "Formula",
      Delta: "Delta",
    });
    await im.runQueued();
    const back = await lh.q<{ phone: string; email: string; formula: string; delta: string }>(
      `SELECT p.phone, e.email, l.attrs -> (SELECT id::text FROM lead_attributes WHERE team_id = $1 AND name = 'Formula') ->> 0 AS formula,
              l.attrs -> (SELECT id::text FROM lead_attributes WHERE team_id = $1 AND name = 'Delta') ->> 0 AS delta
       FROM leads l JOIN lead_phones p ON p.team_id = l.team_id AND p.lead_id = l.id JOIN lead_emails e ON e.team_id = l.team_id AND e.lead_id = l.id
       WHERE l.team_id = $1 ORDER BY p.phone`,
      [other.ctx.teamId],
    );
    expect(back).toEqual([
      { phone: "+12125550123", email: "a@example.com", formula: "=SUM(A1)", delta: "-5" },
      { phone: "+12125550124", email: "b@example.com", formula: "plain", delta: "@home" },
    ]);
  });
});
