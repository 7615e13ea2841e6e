import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  attributeContains,
  attributeEquals,
  listLeadLog,
  listLeadValues,
  lockTeamLeads,
  type MergeCounts,
  mergeStagedBatch,
} from "@leadflow/domain";
import { insertStagedRows } from "@leadflow/domain/import-api/staged-rows";
import { prepareBatch } from "@leadflow/domain/imports/import-rows";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers, phoneEmailNameCsv } from "./imports-helpers";

/**
 * What an import leaves on a lead for the coming lead pages and audience filters: its values (leads.attrs), its
 * activity log with the creation entry read from the lead, and the merge entry points the public import API
 * shares with file imports.
 */
let api: Api;
let im: ReturnType<typeof importHelpers>;
beforeAll(async () => {
  api = await setupApi({ LEADFLOW_DATA_DIR: mkdtempSync(join(tmpdir(), "leadflow-imports-")) });
  im = importHelpers(api);
});
afterAll(() => api.close());

const team = () => im.team();

const csv = phoneEmailNameCsv;

async function leadByPhone(teamId: number, phone: string): Promise<number> {
  const r = await api.database.query<{ lead_id: number }>("SELECT lead_id FROM lead_phones WHERE team_id = $1 AND phone = $2", [
    teamId,
    phone,
  ]);
  return r.rows[0]!.lead_id;
}

async function setStatuses(t: Awaited<ReturnType<typeof team>>, importId: number, payload: Record<string, number>) {
  const res = await api.app.inject({ method: "PUT", url: `/api/imports/${importId}/lead-statuses`, headers: t.h, payload });
  expect(res.statusCode, res.body).toBe(200);
  await im.runQueued();
}

describe("a lead's activity log", () => {
  it("lists the log newest first, ending with the creation entry read from the lead", async () => {
    const t = await team();
    const first = await im.start(t.token, t.list.id, "first.csv", csv([["2124590001", "log@x.test", "First"]]), { Name: "Name" });
    await im.runQueued();
    const second = await im.start(t.token, t.list.id, "second.csv", csv([["2124590001", "", "Second"]]), { Name: "Name" });
    await im.runQueued();
    const third = await im.start(t.token, t.list.id, "third.csv", csv([["2124590001", "", "Second"]]), { Name: "Name" });
    await im.runQueued();
    await setStatuses(t, third, { lead_status: 3 });

    const lead = await leadByPhone(t.ctx.teamId, "+12124590001");
    const log = await listLeadLog(api.database.db, t.ctx.teamId, lead);
    expect(log.map((e) => [e.action, e.import_id, e.filename])).toEqual([
      ["status", third, "third.csv"],
      ["duplicate", third, "third.csv"],
      ["updated", second, "second.csv"],
      ["created", first, "first.csv"],
    ]);
    expect(log[2]!.diff).toEqual([
      { lead_attribute_name: "Name", lead_attribute_value: "Second", action: "added", value_from: null, value_to: "Second" },
    ]);
    expect(log[3]).toMatchObject({ id: null, type: "import", diff: [] });
    expect(log.slice(0, 3).every((e) => typeof e.id === "number")).toBe(true);
    expect(new Date(log[3]!.created_at).getTime()).toBeLessThanOrEqual(new Date(log[0]!.created_at).getTime());

    const other = await team();
    expect(await listLeadLog(api.database.db, other.ctx.teamId, lead)).toEqual([]);
  });

  it("applies an import's statuses to the leads it created and merged into, and no others", async () => {
    const t = await team();
    const a = await im.start(
      t.token,
      t.list.id,
      "a.csv",
      csv([
        ["2124590011", "", "a"],
        ["2124590012", "", "b"],
        ["2124590013", "", "c"],
      ]),
      {},
    );
    await im.runQueued();
    const b = await im.start(
      t.token,
      t.list.id,
      "b.csv",
      csv([
        ["2124590011", "", "a"],
        ["2124590012", "new@x.test", "b"],
        ["2124590014", "", "d"],
      ]),
      {},
    );
    await im.runQueued();
    await setStatuses(t, b, { lead_status: 3 });
    const sync = await api.app.inject({ method: "GET", url: `/api/imports/${b}/sync-import`, headers: t.h });
    expect(sync.json()).toMatchObject({ status: "completed", processed: 3, total: 3 });
    const flagged = await api.database.query<{ phone: string }>(
      "SELECT p.phone FROM leads l JOIN lead_phones p ON p.team_id = l.team_id AND p.lead_id = l.id WHERE l.team_id = $1 AND l.status = 3 ORDER BY 1",
      [t.ctx.teamId],
    );
    expect(flagged.rows.map((r) => r.phone)).toEqual(["+12124590011", "+12124590012", "+12124590014"]);
    expect((await im.get(t.token, a)).status).toBe("completed");
  });
});

describe("a lead's values", () => {
  it("are read per lead and attribute, and filtered by 'equals' and 'contains'", async () => {
    const t = await team();
    const file = [
      "Phone,City,City 2,Note",
      '2124590021,Austin,Boston,"needs a ""call"", today"',
      "2124590022,Austin,,Ünïcode ✓ 😀",
      "2124590023,Denver,,back\\slash",
      '2124590024,Denver,,"two\nlines\twith a tab, \\. and a comma"',
    ].join("\n");
    await im.start(t.token, t.list.id, "v.csv", file, { City: "City", "City 2": "City", Note: "Note" });
    await im.runQueued();
    const first = await leadByPhone(t.ctx.teamId, "+12124590021");
    const values = await listLeadValues(api.database.db, t.ctx.teamId, first);
    expect(values.map((v) => [v.attribute, v.value])).toEqual([
      ["City", "Austin"],
      ["City", "Boston"],
      ["Note", 'needs a "call", today'],
    ]);
    const city = values[0]!.attribute_id;
    const note = values[2]!.attribute_id;
    const second = await leadByPhone(t.ctx.teamId, "+12124590022");
    expect((await listLeadValues(api.database.db, t.ctx.teamId, second)).map((v) => v.value)).toEqual(["Austin", "Ünïcode ✓ 😀"]);
    const fourth = await leadByPhone(t.ctx.teamId, "+12124590024");
    expect((await listLeadValues(api.database.db, t.ctx.teamId, fourth)).map((v) => v.value)).toEqual([
      "Denver",
      "two\nlines\twith a tab, \\. and a comma",
    ]);

    const matching = async (condition: SQL) => {
      const found = (await api.database.db.execute(
        sql`SELECT p.phone FROM leads l JOIN lead_phones p ON p.team_id = l.team_id AND p.lead_id = l.id
            WHERE l.team_id = ${t.ctx.teamId} AND ${condition} ORDER BY 1`,
      )) as unknown as { rows: { phone: string }[] };
      return found.rows.map((r) => r.phone.slice(-2));
    };
    expect(await matching(attributeEquals(city, "Austin"))).toEqual(["21", "22"]);
    expect(await matching(attributeEquals(city, "Boston"))).toEqual(["21"]);
    expect(await matching(attributeEquals(city, "austin"))).toEqual([]);
    expect(await matching(attributeEquals(note, "back\\slash"))).toEqual(["23"]);
    expect(await matching(attributeContains(city, "sto"))).toEqual(["21"]);
    expect(await matching(attributeContains(city, "AUST"))).toEqual(["21", "22"]);
    expect(await matching(attributeContains(note, "%"))).toEqual([]);
    expect(await matching(attributeContains(note, '"CALL"'))).toEqual(["21"]);
  });
});

describe("mergeStagedBatch, as the public import API calls it", () => {
  /** An API day record to stage under (the merge needs only its id). */
  async function record(teamId: number): Promise<number> {
    const r = await api.database.query<{ id: number }>(
      "INSERT INTO imports (team_id, filename, stored_path, format) VALUES ($1, 'API', '', 'api') RETURNING id",
      [teamId],
    );
    return r.rows[0]!.id;
  }

  async function merge(t: Awaited<ReturnType<typeof team>>, importId: number, batch: number): Promise<MergeCounts> {
    return api.database.db.transaction(async (tx) => {
      await lockTeamLeads(tx, t.ctx.teamId);
      return mergeStagedBatch(
        tx,
        { teamId: t.ctx.teamId, listId: t.list.id, sourceId: t.source.id, importId, filename: "API", batch },
        { rowLeads: true },
      );
    });
  }

  it("merges rows staged with a plain INSERT, in the older array form and as attrs, and answers each line's lead", async () => {
    const t = await team();
    const [name, city] = (
      await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: t.h, payload: [{ name: "Name" }, { name: "City" }] })
    )
      .json()
      .data.map((a: { id: number }) => a.id) as number[];
    const phone = (await api.app.inject({ method: "GET", url: "/api/lead-attributes-all", headers: t.h })).json().data[0].id as number;
    const plan = [
      { col: 0, kind: "phone" as const, attributeId: phone, name: "Phone" },
      { col: 1, kind: "string" as const, attributeId: name!, name: "Name" },
      { col: 2, kind: "string" as const, attributeId: city!, name: "City" },
      { col: 3, kind: "string" as const, attributeId: city!, name: "City" },
    ];
    const imp = await record(t.ctx.teamId);
    const stage = (batch: number, rows: { line: number; cells: string[] }[]) =>
      insertStagedRows(api.database.db, imp, batch, prepareBatch(rows, plan, { ignoreTemplate: [] }).rows);

    await stage(1, [
      { line: 1, cells: ["2124590031", "Ann", "Austin", "Boston"] },
      { line: 2, cells: ["2124590032", "Bob", "", ""] },
      { line: 3, cells: ["2124590032", "Bobby", "Austin", ""] },
    ]);
    const one = await merge(t, imp, 1);
    const ann = await leadByPhone(t.ctx.teamId, "+12124590031");
    const bob = await leadByPhone(t.ctx.teamId, "+12124590032");
    expect(one).toMatchObject({ processed: 3, unique: 2, duplicates: 1 });
    expect(one.rows).toEqual([
      { line: 1, leadId: ann, created: true },
      { line: 2, leadId: bob, created: true },
      { line: 3, leadId: bob, created: false },
    ]);

    // The same lead again, staged in the current form (attrs), adding one value and repeating one.
    await api.database.query(
      `INSERT INTO import_staging (import_id, batch, line, grp, phones, phones_raw, emails, attrs)
       VALUES ($1, 2, 4, 4, '{+12124590031}', '{212-459-0031}', '{}', $2), ($1, 2, 5, 5, '{+12124590033}', '{2124590033}', '{}', $3)`,
      [imp, JSON.stringify({ [String(city)]: ["Austin", "Chicago"] }), JSON.stringify({ [String(name)]: ["Cy"] })],
    );
    const two = await merge(t, imp, 2);
    const cy = await leadByPhone(t.ctx.teamId, "+12124590033");
    expect(two.rows).toEqual([
      { line: 4, leadId: ann, created: false },
      { line: 5, leadId: cy, created: true },
    ]);
    const values = async (lead: number) =>
      (await listLeadValues(api.database.db, t.ctx.teamId, lead)).map((v) => `${v.attribute}:${v.value}`);
    expect(await values(ann)).toEqual(["Name:Ann", "City:Austin", "City:Boston", "City:Chicago"]);
    expect(await values(bob)).toEqual(["Name:Bob", "Name:Bobby", "City:Austin"]);
    expect(await values(cy)).toEqual(["Name:Cy"]);
    expect((await listLeadLog(api.database.db, t.ctx.teamId, ann))[0]).toMatchObject({
      action: "updated",
      diff: [expect.objectContaining({ lead_attribute_name: "City", value_to: "Chicago" })],
    });
    expect(await im.count("SELECT count(*)::int AS n FROM import_staging WHERE import_id = $1", [imp])).toBe(0);
  });
});
