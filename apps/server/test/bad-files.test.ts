import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

/**
 * Bad input, files: each gets a clear message (the upload's answer, which the dialog
 * shows, and Import History) and leaves no half-imported state; readable oddities import correctly.
 */
let api: Api;
let im: ReturnType<typeof importHelpers>;
beforeAll(async () => {
  api = await setupApi();
  im = importHelpers(api);
});
afterAll(() => api.close());

async function target() {
  const t = await api.factory.team();
  const source = await api.factory.source(t.ctx);
  const list = await api.factory.list(t.ctx, source.id);
  return { t, list };
}

const leadsOf = (teamId: number) => im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1", [teamId]);
async function historyOf(token: string) {
  const res = await api.app.inject({ method: "GET", url: "/api/imports", headers: api.auth(token) });
  return res.json().data as { filename: string; status: string; message: string | null; processed_count: number }[];
}
async function valuesOf(teamId: number): Promise<string> {
  // Whatever the storage of string values, they are somewhere in the team's lead rows.
  const leads = await api.database.query("SELECT * FROM leads WHERE team_id = $1", [teamId]);
  const values = await api.database.query("SELECT value FROM lead_values WHERE team_id = $1", [teamId]).catch(() => ({ rows: [] }));
  return JSON.stringify([leads.rows, values.rows]);
}

describe("files refused at upload", () => {
  const refused: [string, string, string | Buffer, RegExp][] = [
    ["empty", "empty.csv", "", /empty/i],
    ["header only", "header.csv", "Phone,Email\n", /no (data )?rows|only.*head/i],
    [
      "XML with an entity (XXE)",
      "xxe.xml",
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r><lead><Phone>&x;</Phone></lead></r>',
      /DOCTYPE|entit/i,
    ],
    [
      "XML billion laughs",
      "lol.xml",
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><r><lead><Phone>&lol2;</Phone></lead></r>',
      /DOCTYPE|entit/i,
    ],
    ["an XLSX that is not a zip", "fake.xlsx", "Phone\n2125550100\n", /xlsx|zip|workbook/i],
    ["an unbalanced quote in the first rows", "quote.csv", 'Phone,Name\n2125550100,"Ann\n', /quote/i],
  ];
  for (const [what, name, content, message] of refused) {
    it(`${what}: 422 with the reason, a failed history record, nothing stored`, async () => {
      const { t, list } = await target();
      const res = await im.upload(t.token, list.id, name, content);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(message);
      const history = await historyOf(t.token);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ filename: name, status: "failed", message: res.json().message, processed_count: 0 });
      expect(await leadsOf(t.ctx.teamId)).toBe(0);
      expect(await im.count("SELECT count(*)::int AS n FROM import_attributes WHERE team_id = $1", [t.ctx.teamId])).toBe(0);
    });
  }

  it("a wrong extension: 422 before a byte is stored, and no record", async () => {
    const { t, list } = await target();
    for (const name of ["leads.txt", "leads.exe", "leads"]) {
      const res = await im.upload(t.token, list.id, name, "Phone\n2125550100\n");
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("Only .csv, .tsv, .xlsx and .xml files can be imported.");
    }
    expect(await historyOf(t.token)).toEqual([]);
  });
});

describe("files that turn bad after the preview", () => {
  it("an unclosed quote near the end fails the run with the parser's message and imports nothing", async () => {
    const { t, list } = await target();
    const rows = Array.from({ length: 20_000 }, (_, i) => `212${String(5_000_000 + i)},Lead ${i}`).join("\n");
    const id = await im.start(t.token, list.id, "late.csv", `Phone,Name\n${rows}\n2125559999,"broken\n`, { Name: "Name" });
    await im.runQueued({ batchRows: 1000 });
    const record = await im.get(t.token, id);
    expect(record.status).toBe("failed");
    expect(record.message).toMatch(/quote/i);
    expect(await leadsOf(t.ctx.teamId)).toBe(0);
    expect((await historyOf(t.token))[0]).toMatchObject({ status: "failed", message: record.message });
  });
});

describe("readable oddities import correctly", () => {
  const cp1251 = Buffer.from([
    ...Buffer.from("Phone,Name\n2125550101,"),
    // "Иван" in Windows-1251
    0xc8,
    0xe2,
    0xe0,
    0xed,
    ...Buffer.from("\n"),
  ]);
  const latin1 = Buffer.from([...Buffer.from("Phone;Name\n2125550102;Jos"), 0xe9, ...Buffer.from("\n")]);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Phone\tName\r\n2125550103\tZoë\r\n", "utf16le")]);
  const cases: [string, string, string | Buffer, number, string[]][] = [
    ["a UTF-8 BOM", "bom.csv", "\uFEFFPhone,Name\n2125550100,José\n", 1, ["José"]],
    ["UTF-16 LE with BOM, tab-delimited, CRLF", "utf16.tsv", utf16, 1, ["Zoë"]],
    ["Windows-1251", "cp1251.csv", cp1251, 1, ["Иван"]],
    ["Latin-1 with semicolons", "latin1.csv", latin1, 1, ["José"]],
    ["CR line ends", "cr.csv", "Phone,Name\r2125550104,Ann\r2125550105,Bob\r", 2, ["Ann", "Bob"]],
    ["pipe delimiter", "pipe.csv", "Phone|Name\n2125550106|Cy\n", 1, ["Cy"]],
    ["a quoted newline", "nl.csv", 'Phone,Name\n2125550107,"Line one\nline two"\n', 1, ["Line one\nline two"]],
    ["NUL bytes in a value", "nul.csv", "Phone,Name\n2125550108,Ev\u0000e\n", 1, ["Eve"]],
    [
      "an HTML/script value, stored as text",
      "xss.csv",
      'Phone,Name\n2125550109,"<img src=x onerror=alert(1)>"\n',
      1,
      ["<img src=x onerror=alert(1)>"],
    ],
  ];
  for (const [what, name, content, leads, values] of cases) {
    it(what, async () => {
      const { t, list } = await target();
      const id = await im.start(t.token, list.id, name, content, { Name: "Name" });
      await im.runQueued();
      const record = await im.get(t.token, id);
      expect(record.status, record.message).toBe("completed");
      expect(record.unique_count).toBe(leads);
      expect(await leadsOf(t.ctx.teamId)).toBe(leads);
      const stored = await valuesOf(t.ctx.teamId);
      for (const v of values) expect(stored).toContain(JSON.stringify(v).slice(1, -1));
    });
  }

  it("duplicate headings stay two columns, and ragged rows are reported per row", async () => {
    const { t, list } = await target();
    const up = await im.upload(
      t.token,
      list.id,
      "dup.csv",
      "Phone,Phone,Name\n2125550110,2125550111,Al\n2125550112\n2125550113,,Bo,extra,cells\n",
    );
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data.preview.headings).toEqual(["Phone", "Phone (2)", "Name"]);
    const id = await im.start(
      t.token,
      list.id,
      "dup.csv",
      "Phone,Phone,Name\n2125550110,2125550111,Al\n2125550112\n2125550113,,Bo,extra,cells\n",
      {
        Name: "Name",
      },
    );
    await im.runQueued();
    const record = await im.get(t.token, id);
    expect(record.status).toBe("completed");
    // Every row is accounted for: a lead, a merge, or a failure with its reason.
    expect(record.unique_count + record.duplicates_count + record.failed_count + record.skipped_count).toBe(record.processed_count);
    expect(record.processed_count).toBe(3);
    const phones = await im.count("SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1", [t.ctx.teamId]);
    expect(phones).toBeGreaterThanOrEqual(3);
  });

  it("100k columns: refused or imported, never a crash", async () => {
    const { t, list } = await target();
    const header = ["Phone", ...Array.from({ length: 100_000 }, (_, i) => `C${i}`)].join(",");
    const res = await im.upload(t.token, list.id, "wide.csv", `${header}\n2125550120\n`);
    expect([201, 422]).toContain(res.statusCode);
    expect(res.json().message ?? res.json().data.filename).toBeTruthy();
  });
});

describe("cancelling in Match Format", () => {
  it("DELETE /api/imports/{id} removes an import that never started, with its file; a started one stays", async () => {
    const { t, list } = await target();
    const up = await im.upload(t.token, list.id, "cancel.csv", "Phone\n2125550130\n");
    const id = up.json().data.id as number;
    const path = (await api.database.query<{ stored_path: string }>("SELECT stored_path FROM imports WHERE id = $1", [id])).rows[0]!
      .stored_path;
    const { existsSync } = await import("node:fs");
    expect(existsSync(path)).toBe(true);
    const del = await api.app.inject({ method: "DELETE", url: `/api/imports/${id}`, headers: api.auth(t.token) });
    expect(del.statusCode, del.body).toBe(200);
    expect(existsSync(path)).toBe(false);
    expect(await historyOf(t.token)).toEqual([]);
    expect((await api.app.inject({ method: "DELETE", url: `/api/imports/${id}`, headers: api.auth(t.token) })).statusCode).toBe(404);

    const started = await im.start(t.token, list.id, "kept.csv", "Phone\n2125550131\n", {});
    const refused = await api.app.inject({ method: "DELETE", url: `/api/imports/${started}`, headers: api.auth(t.token) });
    expect(refused.statusCode).toBe(422);
    expect(await historyOf(t.token)).toHaveLength(1);
  });
});
