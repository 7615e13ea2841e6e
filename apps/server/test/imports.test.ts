import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportRecord, ImportUploadResponse } from "@leadflow/contracts";
import { listLeadLog, listLeadValues } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

let api: Api;
let im: ReturnType<typeof importHelpers>;
beforeAll(async () => {
  api = await setupApi({ LEADFLOW_DATA_DIR: mkdtempSync(join(tmpdir(), "leadflow-imports-")) });
  im = importHelpers(api);
});
afterAll(() => api.close());

const CSV = [
  "Phone,E-mail,First Name,Zip,Notes",
  "(212) 456-7890,ann@example.com,Ann,10001,<img src=x onerror=alert(1)>",
  "212-456-7891,BOB@Example.com ,Bob,10002,",
  "abc,,Nobody,10003,",
  ",,Empty,10004,",
  '+1 212 456 7892,carl@example.com,Carl,10005,=HYPERLINK("x")',
  "2124567890,ann.other@example.com,Ann B,10001,second row of Ann",
].join("\r\n");

const team = () => im.team();

/** Every string value of the team's leads (they live in leads.attrs), with its attribute's name. */
async function teamValues(teamId: number) {
  const found = await api.database.query<{ lead_id: number; attribute: string; value: string }>(
    `SELECT l.id AS lead_id, a.name AS attribute, v.value
     FROM leads l CROSS JOIN LATERAL jsonb_each(l.attrs) AS e(key, vals) CROSS JOIN LATERAL jsonb_array_elements_text(e.vals) AS v(value)
     JOIN lead_attributes a ON a.team_id = l.team_id AND a.id = e.key::int
     WHERE l.team_id = $1 ORDER BY v.value`,
    [teamId],
  );
  return found.rows;
}

describe("import upload", () => {
  it("stores the file, answers a preview and a suggested mapping", async () => {
    const t = await team();
    const res = await im.upload(t.token, t.list.id, "leads.csv", CSV);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as ImportUploadResponse;
    expect(body.data).toMatchObject({
      name: "leads.csv",
      status: "uploaded",
      progress: 0,
      source: { id: t.source.id, name: t.source.name },
      list: { id: t.list.id, name: t.list.name },
      sync_import: { id: body.data.id, status: "waiting", progress: 0 },
    });
    expect(body.data.preview.headings).toEqual(["Phone", "E-mail", "First Name", "Zip", "Notes"]);
    expect(body.data.preview.rows).toHaveLength(6);
    expect(body.data.preview.delimiter).toBe(",");
    const byHeading = Object.fromEntries(body.mapping.map((m) => [m.heading, m]));
    const all = (await api.app.inject({ method: "GET", url: "/api/lead-attributes-all", headers: t.h })).json().data as {
      id: number;
      type: string;
    }[];
    expect(byHeading.Phone!.lead_attribute_id).toBe(all.find((a) => a.type === "phone")!.id);
    expect(byHeading["E-mail"]!.lead_attribute_id).toBe(all.find((a) => a.type === "email")!.id);
    expect(byHeading["First Name"]).toMatchObject({ lead_attribute_id: null, suggested_type: "string" });
    expect(body.data.attributes.map((a) => a.col_position)).toEqual([0, 1, 2, 3, 4]);

    // Not started yet: a draft of Match Format, opened by id, not a row of Import History.
    const history = await api.app.inject({ method: "GET", url: "/api/imports", headers: t.h });
    expect(history.json().data.map((i: ImportRecord) => i.id)).toEqual([]);
    expect((await im.get(t.token, body.data.id)).id).toBe(body.data.id);
  });

  it.each([
    ["wrong extension", "leads.txt", "Phone\n2124567890", 422, "Only .csv, .tsv, .xlsx and .xml files can be imported."],
    ["an empty file", "empty.csv", "", 422, "The file is empty."],
    ["a header only", "header.csv", "Phone,Email\r\n", 422, "The file has a header row but no data rows."],
    [
      "XML with entities",
      "xxe.xml",
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rows><row><phone>&x;</phone></row></rows>',
      422,
      "DOCTYPE",
    ],
    ["a broken workbook", "book.xlsx", "not a zip at all", 422, "Excel"],
  ])("refuses %s with a clear message and keeps only a failed history record", async (_kind, name, content, status, message) => {
    const t = await team();
    const res = await im.upload(t.token, t.list.id, name, content);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
    // A file of an importable type is listed in Import History as failed, with the same message; nothing else is kept.
    const kept = await api.database.query<{ status: string; message: string; stored_path: string }>(
      "SELECT status, message, stored_path FROM imports WHERE team_id = $1",
      [t.ctx.teamId],
    );
    expect(kept.rows).toEqual(name.endsWith(".txt") ? [] : [{ status: "failed", message: res.json().message, stored_path: "" }]);
    const { readdirSync, existsSync } = await import("node:fs");
    const dir = `${api.config.dataDir}/uploads/${t.ctx.teamId}`;
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it("answers 404 for another team's list, with the list after the file too, and keeps nothing", async () => {
    const a = await team();
    const b = await team();
    for (const listFirst of [true, false]) {
      const res = await im.upload(b.token, a.list.id, "leads.csv", CSV, listFirst);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe("List not found.");
    }
    expect(await im.count("SELECT count(*)::int AS n FROM imports WHERE team_id = $1", [b.ctx.teamId])).toBe(0);
    const { readdirSync, existsSync } = await import("node:fs");
    const dir = `${api.config.dataDir}/uploads/${b.ctx.teamId}`;
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it("requires a file and a list", async () => {
    const t = await team();
    const noList = await im.upload(t.token, "", "leads.csv", CSV);
    expect(noList.statusCode).toBe(422);
    const json = await api.app.inject({ method: "POST", url: "/api/imports", headers: t.h, payload: { list_id: t.list.id } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });
});

describe("import run", () => {
  it("imports leads, dedupes inside the file, maintains counters and records failures", async () => {
    const t = await team();
    const id = await im.start(t.token, t.list.id, "leads.csv", CSV, { "First Name": "First Name", Zip: "Zip", Notes: "Notes" });
    expect((await im.get(t.token, id)).status).toBe("queued");
    expect(await im.runQueued()).toBe(1);

    const rec = (await im.get(t.token, id)) as ImportRecord;
    expect(rec).toMatchObject({
      status: "completed",
      progress: 100,
      total_rows: 6,
      processed_count: 6,
      unique_count: 3,
      duplicates_count: 1,
      failed_count: 2,
      skipped_count: 0,
      invalid_phones_count: 1,
      sync_import: { status: "completed", progress: 100 },
    });
    expect(rec.processed_count).toBe(rec.unique_count + rec.duplicates_count + rec.failed_count + rec.skipped_count);
    expect(rec.finished_at).toBeTruthy();

    const team_ = [t.ctx.teamId];
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1", team_)).toBe(3);
    expect(await im.count("SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1", team_)).toBe(3);
    // Ann's two rows share a phone: one lead with both emails.
    const ann = await api.database.query<{ lead_id: number; duplicates_count: number; emails: string[] }>(
      `SELECT p.lead_id, l.duplicates_count, array(SELECT email FROM lead_emails e WHERE e.team_id = p.team_id AND e.lead_id = p.lead_id ORDER BY email) AS emails
       FROM lead_phones p JOIN leads l ON l.team_id = p.team_id AND l.id = p.lead_id WHERE p.team_id = $1 AND p.phone = '+12124567890'`,
      team_,
    );
    expect(ann.rows[0]).toMatchObject({ duplicates_count: 1, emails: ["ann.other@example.com", "ann@example.com"] });
    const bob = await api.database.query<{ email: string }>(
      "SELECT email FROM lead_emails WHERE team_id = $1 AND email LIKE 'bob%'",
      team_,
    );
    expect(bob.rows.map((r) => r.email)).toEqual(["bob@example.com"]);
    // Values are stored as text, exactly as written.
    const notes = (await teamValues(t.ctx.teamId)).filter((v) => v.attribute === "Notes");
    expect(notes.map((r) => r.value)).toEqual(["<img src=x onerror=alert(1)>", '=HYPERLINK("x")', "second row of Ann"]);
    // Ann's lead has both rows' values, each attribute's in file order; Zip 10001 came twice and is kept once.
    expect(await listLeadValues(api.database.db, t.ctx.teamId, ann.rows[0]!.lead_id)).toEqual([
      { attribute_id: expect.any(Number), attribute: "First Name", value: "Ann" },
      { attribute_id: expect.any(Number), attribute: "First Name", value: "Ann B" },
      { attribute_id: expect.any(Number), attribute: "Zip", value: "10001" },
      { attribute_id: expect.any(Number), attribute: "Notes", value: "<img src=x onerror=alert(1)>" },
      { attribute_id: expect.any(Number), attribute: "Notes", value: "second row of Ann" },
    ]);
    expect(await im.count("SELECT count(*)::int AS n FROM list_leads WHERE team_id = $1 AND list_id = $2", [t.ctx.teamId, t.list.id])).toBe(
      3,
    );

    const list = (await api.app.inject({ method: "GET", url: `/api/sources/lists/${t.list.id}`, headers: t.h })).json();
    expect(list).toMatchObject({ total_leads: 3, unique_today: 3, added_today: 3 });
    const source = (await api.app.inject({ method: "GET", url: `/api/sources/${t.source.id}`, headers: t.h })).json();
    expect(source).toMatchObject({ total_leads: 3, unique_today: 3, added_today: 3 });
    const contacts = await api.database.query<{ contacts_total: number }>("SELECT contacts_total FROM lists WHERE id = $1", [t.list.id]);
    expect(contacts.rows[0]!.contacts_total).toBe(3 + 4);

    const history = await api.app.inject({ method: "GET", url: `/api/import-files/${id}/history`, headers: t.h });
    expect(history.statusCode).toBe(200);
    expect(history.json().meta).toMatchObject({ total: 2, per_page: 20, current_page: 1 });
    expect(history.json().data).toMatchObject([
      { line: 3, status: "failed", failed_reason: "invalid_phone", phone: "abc", email: null },
      { line: 4, status: "failed", failed_reason: "no_contact", failed_reason_label: "The row has no phone or email." },
    ]);

    // A created lead's log says so (its values are its first state); the entry is read from the lead, not stored.
    expect(await im.count("SELECT count(*)::int AS n FROM lead_logs WHERE team_id = $1", team_)).toBe(0);
    const created = await api.database.query<{ id: number }>("SELECT id FROM leads WHERE team_id = $1 ORDER BY id", team_);
    for (const lead of created.rows) {
      expect(await listLeadLog(api.database.db, t.ctx.teamId, lead.id)).toEqual([
        { id: null, type: "import", action: "created", import_id: id, filename: "leads.csv", diff: [], created_at: expect.any(String) },
      ]);
    }

    const events = api.live.events
      .filter((e) => e.event === "ImportStatus" && e.userId === t.ctx.userId)
      .map((e) => e.payload as { type: string });
    expect(events[0]).toMatchObject({ type: "parse_started", client_original_name: "leads.csv" });
    expect(events.at(-1)).toMatchObject({ type: "end_resolve_duplicates", processed: 6, total: 6, current: 100 });
    const processes = (await api.app.inject({ method: "GET", url: "/api/processes", headers: t.h })).json().data;
    expect(processes[0]).toMatchObject({ kind: "import", status: "completed", progress: 100, title: "Import leads.csv" });
  });

  it("re-importing the same file makes only duplicates", async () => {
    const t = await team();
    const mapping = { "First Name": "First Name" };
    await im.start(t.token, t.list.id, "a.csv", CSV, mapping);
    await im.runQueued();
    const second = await im.start(t.token, t.list.id, "a.csv", CSV, mapping);
    await im.runQueued();
    const rec = (await im.get(t.token, second)) as ImportRecord;
    expect(rec).toMatchObject({ processed_count: 6, unique_count: 0, duplicates_count: 4, failed_count: 2 });
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1", [t.ctx.teamId])).toBe(3);
    expect(await teamValues(t.ctx.teamId)).toHaveLength(4);
    const list = (await api.app.inject({ method: "GET", url: `/api/sources/lists/${t.list.id}`, headers: t.h })).json();
    expect(list.total_leads).toBe(3);
    const dupes = await api.database.query<{ s: number }>("SELECT sum(duplicates_count)::int AS s FROM leads WHERE team_id = $1", [
      t.ctx.teamId,
    ]);
    expect(dupes.rows[0]!.s).toBe(1 + 4);
  });

  it("imports TSV, XLSX and XML files the same way", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Leads");
    sheet.addRow(["Phone", "Email", "Name"]);
    sheet.addRow(["(212) 456-7001", "x1@example.com", "Xl One"]);
    sheet.addRow(["212-456-7002", "", "Xl Two"]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const files: [string, string | Buffer][] = [
      ["leads.tsv", "Phone\tEmail\tName\n(212) 456-7101\tt1@example.com\tTsv One\n212-456-7102\t\tTsv Two\n"],
      ["leads.xlsx", xlsx],
      [
        "leads.xml",
        '<?xml version="1.0"?><leads><lead><phone>(212) 456-7201</phone><email>m1@example.com</email><name>Xml One</name></lead>' +
          "<lead><phone>212-456-7202</phone><name>Xml Two</name></lead></leads>",
      ],
    ];
    for (const [name, content] of files) {
      const t = await team();
      const up = await im.upload(t.token, t.list.id, name, content);
      expect(up.statusCode, `${name}: ${up.body}`).toBe(201);
      const body = up.json() as ImportUploadResponse;
      const headings = body.data.preview.headings.map((h) => h.toLowerCase());
      expect(headings).toEqual(expect.arrayContaining(["phone", "email", "name"]));
      const mapping = Object.fromEntries(
        body.mapping.map((m) => [m.heading, m.heading.toLowerCase() === "name" ? "Name" : m.lead_attribute_id]),
      );
      const started = await im.start(t.token, t.list.id, name, content, mapping);
      await im.runQueued();
      const rec = (await im.get(t.token, started)) as ImportRecord;
      expect(rec, name).toMatchObject({
        status: "completed",
        processed_count: 2,
        unique_count: 2,
        failed_count: 0,
        format: name.split(".")[1],
      });
      expect(await teamValues(t.ctx.teamId), name).toHaveLength(2);
    }
  });

  it("dispatching twice runs once", async () => {
    const t = await team();
    const id = await im.start(t.token, t.list.id, "a.csv", CSV, {});
    const again = await api.app.inject({ method: "POST", url: `/api/imports/${id}/dispatch`, headers: t.h });
    expect(again.statusCode).toBe(200);
    expect(api.jobs.sent.filter((j) => j.name === "imports.run")).toHaveLength(1);
    await im.runQueued();
    await im.runQueued();
    const third = await api.app.inject({ method: "POST", url: `/api/imports/${id}/dispatch`, headers: t.h });
    expect(third.json().status).toBe("completed");
    expect(api.jobs.sent).toHaveLength(0);
  });
});
