import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LiveEventName } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSystemAttributes } from "../attributes";
import { openImportFile, prepareBatch } from "../imports";
import type { TeamCtx } from "../shared/context";
import { createFileStore } from "../shared/file-store";
import type { JobDeps, JobSender } from "../shared/jobs";
import { one, rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { exportDownload, exportFilename, exportSegment, listSegmentExports } from "./segment-export";
import { type ExportRef, runSegmentExport } from "./segment-export-run";

let database: Database;
let dataDir: string;
let factory: ReturnType<typeof makeFactory>;
const events: { userId: number; event: LiveEventName; payload: { id: number; status: number; url?: string | null } }[] = [];
const sent: ExportRef[] = [];
const jobs: JobSender = {
  async send(_job, payload) {
    sent.push(payload as ExportRef);
    return "1";
  },
};
const deps = (): JobDeps => ({
  database,
  live: {
    async toUser(userId, event, payload) {
      events.push({ userId, event, payload: payload as never });
    },
    toTeam: async () => undefined,
  },
  mail: { driver: "outbox", from: "test@leadflow.test" },
  log: () => undefined,
});

beforeAll(async () => {
  database = await createTestDatabase();
  factory = makeFactory(database);
  dataDir = await mkdtemp(join(tmpdir(), "leadflow-export-"));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface LeadInput {
  phones?: string[];
  emails?: string[];
  attrs?: Record<number, string[]>;
  revenue?: number;
  status?: number;
  duplicates?: number;
  at?: string;
}

/** A team with the system attributes and string attributes of the given names; leads and segments by plain INSERTs. */
async function world(...names: string[]) {
  const db = database.db;
  const { ctx } = await factory.team();
  const system = await ensureSystemAttributes(db, ctx.teamId);
  const attrs: Record<string, number> = {};
  for (const [i, name] of names.entries()) {
    attrs[name] = (await one<{ id: number }>(
      db,
      sql`INSERT INTO lead_attributes (team_id, name, slug, type, sort_order) VALUES (${ctx.teamId}, ${name}, ${name.toLowerCase()}, 'string', ${10 + i}) RETURNING id`,
    ))!.id;
  }
  const lead = async (l: LeadInput) => {
    const at = l.at ?? "2026-01-02 03:04:05+00";
    const { id } = (await one<{ id: number }>(
      db,
      sql`INSERT INTO leads (team_id, status, revenue, duplicates_count, attrs, created_at, updated_at)
          VALUES (${ctx.teamId}, ${l.status ?? 1}, ${l.revenue ?? 0}, ${l.duplicates ?? 0}, ${JSON.stringify(l.attrs ?? {})}::jsonb, ${at}, ${at})
          RETURNING id::int AS id`,
    ))!;
    for (const phone of l.phones ?? []) {
      await db.execute(sql`INSERT INTO lead_phones (team_id, lead_id, phone) VALUES (${ctx.teamId}, ${id}, ${phone})`);
    }
    for (const email of l.emails ?? []) {
      await db.execute(sql`INSERT INTO lead_emails (team_id, lead_id, email) VALUES (${ctx.teamId}, ${id}, ${email})`);
    }
    return id;
  };
  const segment = async (leadIds: number[], name = "Audience May") => {
    const { id } = (await one<{ id: number }>(
      db,
      sql`INSERT INTO segments (team_id, name, total_leads, built_at) VALUES (${ctx.teamId}, ${name}, ${leadIds.length}, now()) RETURNING id`,
    ))!;
    for (const leadId of leadIds) {
      await db.execute(sql`INSERT INTO segment_leads (team_id, segment_id, lead_id, status) VALUES (${ctx.teamId}, ${id}, ${leadId}, 1)`);
    }
    return id;
  };
  return { ctx, system, attrs, lead, segment };
}

/** Asks for an export and runs its job as a worker would. */
async function exportNow(
  ctx: TeamCtx,
  segmentId: number,
  input: { name: string; attributes?: number[]; search?: string; order?: string; status?: 0 | 1 | 2 | 3 | 4 },
  opts: { chunkRows?: number; failAfterRows?: number } = {},
) {
  const asked = await exportSegment(database.db, jobs, ctx, segmentId, input, { files: createFileStore({ dataDir }) });
  const ref = sent.pop()!;
  expect(ref).toMatchObject({ exportId: asked.data.id, teamId: ctx.teamId });
  await runSegmentExport(deps(), ref, { chunkRows: 2, ...opts });
  const row = (await listSegmentExports(database.db, ctx)).data.find((e) => e.id === asked.data.id)!;
  return { asked, ref, row };
}

const bodyOf = async (path: string) => {
  const text = await readFile(path, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1);
};
const idsOf = (csv: string) =>
  csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => Number(line.split(",")[0]));

describe("segment export: the file", () => {
  it("writes the visible columns, joined values, labels and UTC dates, with formula cells escaped", async () => {
    const w = await world("Formula", "Delta", "Notes");
    const first = await w.lead({
      phones: ["+12125550123", "+12125550124"],
      emails: ["a@example.com"],
      attrs: { [w.attrs.Formula!]: ["=SUM(A1)"], [w.attrs.Delta!]: ["-5"], [w.attrs.Notes!]: ['said "hi", then left', "line\nbreak"] },
      revenue: 12.5,
      duplicates: 2,
    });
    const second = await w.lead({
      phones: ["+15551234567"],
      attrs: { [w.attrs.Notes!]: ["@home", "\tindented"] },
      revenue: -3.25,
      status: 2,
      at: "2026-01-03 00:00:00+00",
    });
    const outsider = await w.lead({ phones: ["+12125550199"] });
    const segmentId = await w.segment([first, second]);
    const columns = [w.system.phone, w.system.email, w.attrs.Formula!, w.attrs.Delta!, w.attrs.Notes!];
    const { asked, ref, row } = await exportNow(w.ctx, segmentId, { name: "Audience May!", attributes: columns });

    expect(asked.message).toBe("Export added to queue. See result in Settings->Export Files");
    expect(asked.data).toMatchObject({ filename: "audience-may.csv", status: 1, status_label: "New", url: null });
    expect(row).toMatchObject({ status: 3, status_label: "Completed", total_rows: 2, completed_rows: 2, error: null });
    expect(row.segment).toEqual({ id: segmentId, name: "Audience May" });
    expect(ref.path).toMatch(new RegExp(`^${dataDir}/exports/${w.ctx.teamId}/[0-9a-f-]{36}\\.csv$`));
    const csv = await bodyOf(ref.path);
    expect(csv).toBe(
      [
        "ID,Phone,Email,Formula,Delta,Notes,Revenue,Duplicates,Status,Created At (UTC),Updated At (UTC)",
        `${second},'+15551234567,,,,'@home; \tindented,'-3.25,0,Blacklisted,2026-01-03 00:00:00,2026-01-03 00:00:00`,
        `${first},'+12125550123; +12125550124,a@example.com,'=SUM(A1),'-5,"said ""hi"", then left; line\nbreak",12.5,2,Imported,2026-01-02 03:04:05,2026-01-02 03:04:05`,
        "",
      ].join("\n"),
    );
    expect(idsOf(csv)).not.toContain(outsider);
  });

  it("reads back through the import's parser and normaliser as the values it was made from", async () => {
    const w = await world("Formula", "Delta");
    const lead = await w.lead({ phones: ["+15551234567"], attrs: { [w.attrs.Formula!]: ["=SUM(A1)"], [w.attrs.Delta!]: ["-5"] } });
    const valid = await w.lead({ phones: ["+12125550123"], attrs: { [w.attrs.Formula!]: ["@SUM(1+1)"], [w.attrs.Delta!]: ["+7"] } });
    const segmentId = await w.segment([lead, valid]);
    const { ref } = await exportNow(w.ctx, segmentId, { name: "x", attributes: [w.system.phone, w.attrs.Formula!, w.attrs.Delta!] });
    const csv = await bodyOf(ref.path);
    expect(csv).toContain(",'+15551234567,'=SUM(A1),'-5,");
    expect(csv).toContain(",'+12125550123,'@SUM(1+1),'+7,");

    const reader = await openImportFile(ref.path, "csv");
    const parsed = [];
    for await (const batch of reader.rows()) parsed.push(...batch);
    await reader.close();
    expect(reader.headings.slice(0, 4)).toEqual(["ID", "Phone", "Formula", "Delta"]);
    const plan = [
      { col: 1, kind: "phone" as const, attributeId: 1, name: "Phone" },
      { col: 2, kind: "string" as const, attributeId: 2, name: "Formula" },
      { col: 3, kind: "string" as const, attributeId: 3, name: "Delta" },
    ];
    const [forValid, forLead] = prepareBatch(parsed, plan, { ignoreTemplate: [] }).rows;
    expect(forValid).toMatchObject({ fail: null, phones: ["+12125550123"], vals: ["@SUM(1+1)", "+7"] });
    // The phone reads back as written; the importer then refuses its 555 area code, as for any file.
    expect(forLead).toMatchObject({ phone: "+15551234567", vals: ["=SUM(A1)", "-5"] });
  });

  it("keeps to the table's search and order", async () => {
    const w = await world("City");
    const city = (name: string) => ({ [w.attrs.City!]: [name] });
    const ids = [
      await w.lead({ attrs: city("Austin"), revenue: 5, at: "2026-03-01 00:00:00+00", phones: ["+12125550101"] }),
      await w.lead({ attrs: city("Boston"), revenue: 9, at: "2026-01-01 00:00:00+00", phones: ["+12125550102"] }),
      await w.lead({ attrs: city("Austin"), revenue: 9, at: "2026-02-01 00:00:00+00", phones: ["+12125550103"] }),
      await w.lead({ attrs: city("Austin"), revenue: 1, at: "2026-04-01 00:00:00+00", phones: ["+12125550104"] }),
      await w.lead({ attrs: city("Chicago"), revenue: 2, at: "2026-05-01 00:00:00+00", phones: ["+12125550105"] }),
    ];
    const notMember = await w.lead({ attrs: city("Austin"), phones: ["+12125550106"] });
    const segmentId = await w.segment(ids);
    const [a, b, c, d, e] = ids as [number, number, number, number, number];

    const all = await exportNow(w.ctx, segmentId, { name: "all", attributes: [w.attrs.City!] });
    expect(idsOf(await bodyOf(all.ref.path))).toEqual([e, d, c, b, a]);

    const austin = await exportNow(w.ctx, segmentId, { name: "austin", search: "austin", order: "created_at,asc" });
    expect(idsOf(await bodyOf(austin.ref.path))).toEqual([c, a, d]);
    expect(austin.row).toMatchObject({ total_rows: 3, completed_rows: 3 });
    expect(idsOf(await bodyOf(austin.ref.path))).not.toContain(notMember);

    const byRevenue = await exportNow(w.ctx, segmentId, { name: "rev", order: "revenue,desc" });
    expect(idsOf(await bodyOf(byRevenue.ref.path))).toEqual([c, b, a, e, d]);

    // The table's status filter: only the blacklisted lead.
    await database.db.execute(sql`UPDATE leads SET status = 2 WHERE team_id = ${w.ctx.teamId} AND id = ${b}`);
    const blacklisted = await exportNow(w.ctx, segmentId, { name: "black", status: 2 });
    expect(idsOf(await bodyOf(blacklisted.ref.path))).toEqual([b]);
    expect(blacklisted.row).toMatchObject({ total_rows: 1, completed_rows: 1 });

    const byPhone = await exportNow(w.ctx, segmentId, { name: "phone", search: "(212) 555-0102" });
    expect(idsOf(await bodyOf(byPhone.ref.path))).toEqual([b]);

    const nobody = await exportNow(w.ctx, segmentId, { name: "none", search: "+1 212 555 0199" });
    expect(await bodyOf(nobody.ref.path)).toBe("ID,Revenue,Duplicates,Status,Created At (UTC),Updated At (UTC)\n");
    expect(nobody.row).toMatchObject({ status: 3, total_rows: 0, completed_rows: 0 });
  });
});

describe("segment export: the job", () => {
  it("reports In progress then Completed with a link, live and in System Processes", async () => {
    const w = await world();
    const segmentId = await w.segment([await w.lead({ phones: ["+12125550111"] }), await w.lead({ phones: ["+12125550112"] })]);
    events.length = 0;
    const { row } = await exportNow(w.ctx, segmentId, { name: "Live" });
    const mine = events.filter((e) => e.userId === w.ctx.userId && e.event === "ExportStatus").map((e) => e.payload);
    expect(mine[0]).toEqual({ id: row.id, status: 2, url: null });
    expect(mine.at(-1)).toEqual({ id: row.id, status: 3, url: row.url });
    expect(row.url).toMatch(new RegExp(`^/api/segments/exports/${row.id}/download\\?token=${w.ctx.teamId}\\.\\d+\\.[\\w-]{43}$`));
    const process = await one<{ status: string; progress: number; download_url: string; title: string }>(
      database.db,
      sql`SELECT status, progress, download_url, title FROM processes WHERE team_id = ${w.ctx.teamId} AND kind = 'export' AND ref_id = ${row.id}`,
    );
    expect(process).toEqual({ status: "completed", progress: 100, download_url: row.url, title: "Export live.csv" });
  });

  it("fails with the reason, sets the expected rows at the start and leaves no file behind", async () => {
    const w = await world();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await w.lead({ phones: [`+1212555012${i}`] }));
    const segmentId = await w.segment(ids);
    events.length = 0;
    const { ref, row } = await exportNow(w.ctx, segmentId, { name: "Broken" }, { failAfterRows: 2 });
    expect(row).toMatchObject({ status: 4, status_label: "Failed", url: null, total_rows: 5 });
    expect(row.error).toMatch(/^Simulated failure after \d+ rows\.$/);
    expect(await readdir(join(dataDir, "exports", String(w.ctx.teamId)))).toEqual([]);
    await expect(stat(ref.path)).rejects.toThrow();
    expect(events.filter((e) => e.userId === w.ctx.userId).at(-1)!.payload).toEqual({ id: row.id, status: 4, url: null });
    const process = await one<{ status: string }>(
      database.db,
      sql`SELECT status FROM processes WHERE team_id = ${w.ctx.teamId} AND ref_id = ${row.id} AND kind = 'export'`,
    );
    expect(process?.status).toBe("failed");
    await expect(exportDownload(database.db, w.ctx.teamId, row.id)).rejects.toMatchObject({ code: "export_not_ready", status: 409 });

    // A failed export stays failed: a repeated delivery of its job does not start it again.
    await runSegmentExport(deps(), ref);
    expect((await listSegmentExports(database.db, w.ctx)).data[0]).toMatchObject({ id: row.id, status: 4 });
  });

  it("fails when the audience is gone", async () => {
    const w = await world();
    const segmentId = await w.segment([await w.lead({ phones: ["+12125550131"] })]);
    await exportSegment(database.db, jobs, w.ctx, segmentId, { name: "gone" }, { files: createFileStore({ dataDir }) });
    await database.db.execute(sql`DELETE FROM segments WHERE team_id = ${w.ctx.teamId} AND id = ${segmentId}`);
    await runSegmentExport(deps(), sent.pop()!);
    expect((await listSegmentExports(database.db, w.ctx)).data[0]).toMatchObject({ status: 4, error: "The audience no longer exists." });
  });

  it("is safe to run again: a lost run writes the file from scratch, a finished one is left alone", async () => {
    const w = await world();
    const segmentId = await w.segment([await w.lead({ phones: ["+12125550141"] }), await w.lead({ phones: ["+12125550142"] })]);
    const { ref, row } = await exportNow(w.ctx, segmentId, { name: "again" });
    const before = await readFile(ref.path, "utf8");
    const { mtimeMs } = await stat(ref.path);
    await runSegmentExport(deps(), ref);
    expect((await stat(ref.path)).mtimeMs).toBe(mtimeMs);

    // As if the worker died mid-file: In progress, a partial file at the path.
    await database.db.execute(
      sql`UPDATE segment_exports SET status = 2, completed_rows = 1 WHERE team_id = ${w.ctx.teamId} AND id = ${row.id}`,
    );
    await runSegmentExport(deps(), ref);
    expect(await readFile(ref.path, "utf8")).toBe(before);
    expect(await readdir(join(dataDir, "exports", String(w.ctx.teamId)))).toHaveLength(1);
    expect((await listSegmentExports(database.db, w.ctx)).data[0]).toMatchObject({ id: row.id, status: 3, completed_rows: 2 });
  });
});

describe("segment export: the team's own", () => {
  it("another team's audience is a 404 and records nothing", async () => {
    const a = await world();
    const b = await world();
    const segmentId = await a.segment([await a.lead({ phones: ["+12125550151"] })]);
    const queued = sent.length;
    await expect(
      exportSegment(database.db, jobs, b.ctx, segmentId, { name: "steal" }, { files: createFileStore({ dataDir }) }),
    ).rejects.toMatchObject({
      code: "segment_not_found",
      status: 404,
    });
    expect(sent.length).toBe(queued);
    expect(await rows(database.db, sql`SELECT id FROM segment_exports WHERE team_id = ${b.ctx.teamId}`)).toEqual([]);
  });

  it("another team's file is a 404; the team's own downloads once completed", async () => {
    const a = await world();
    const b = await world();
    const segmentId = await a.segment([await a.lead({ phones: ["+12125550161"] })]);
    const { ref, row } = await exportNow(a.ctx, segmentId, { name: "Mine" });
    await expect(exportDownload(database.db, b.ctx.teamId, row.id)).rejects.toMatchObject({ code: "export_not_found" });
    expect(await exportDownload(database.db, a.ctx.teamId, row.id)).toEqual({ path: ref.path, filename: "mine.csv" });
    expect((await listSegmentExports(database.db, b.ctx)).data).toEqual([]);
  });

  it("names files safely", () => {
    expect(exportFilename("Audience May")).toBe("audience-may.csv");
    expect(exportFilename("../../etc/passwd")).toBe("etc-passwd.csv");
    expect(exportFilename("=cmd|' /C calc'!A0")).toBe("cmd-c-calc-a0.csv");
    expect(exportFilename("Café Zürich")).toBe("cafe-zurich.csv");
    expect(exportFilename("???")).toBe("export.csv");
  });
});
