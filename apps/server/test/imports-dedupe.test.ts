import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportRecord } from "@leadflow/contracts";
import { runImport } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers, phoneEmailNameCsv } from "./imports-helpers";

let api: Api;
let im: ReturnType<typeof importHelpers>;
beforeAll(async () => {
  api = await setupApi({ LEADFLOW_DATA_DIR: mkdtempSync(join(tmpdir(), "leadflow-imports-")) });
  im = importHelpers(api);
});
afterAll(() => api.close());

const team = () => im.team();

const csv = phoneEmailNameCsv;

/** phone → lead id, email → lead id, for the team. */
async function owners(teamId: number) {
  const phones = await api.database.query<{ k: string; lead_id: number }>(
    "SELECT phone AS k, lead_id FROM lead_phones WHERE team_id = $1",
    [teamId],
  );
  const emails = await api.database.query<{ k: string; lead_id: number }>(
    "SELECT email AS k, lead_id FROM lead_emails WHERE team_id = $1",
    [teamId],
  );
  return Object.fromEntries([...phones.rows, ...emails.rows].map((r) => [r.k, r.lead_id]));
}

/** Nothing lost: every processed row is a new lead, a merge, a failure or a skip. */
function expectNothingLost(rec: ImportRecord) {
  expect(rec.processed_count).toBe(rec.total_rows);
  expect(rec.processed_count).toBe(rec.unique_count + rec.duplicates_count + rec.failed_count + rec.skipped_count);
}

describe("dedupe rule", () => {
  it("groups rows sharing keys transitively inside the file, also across batches", async () => {
    for (const batchRows of [1000, 2]) {
      const t = await team();
      const file = csv([
        ["2124560001", "a@x.test", "A"],
        ["2124560002", "a@x.test", "A2"], // shares a@ with row 1
        ["2124560002", "b@x.test", "B"], // shares the phone with row 2
        ["2124560003", "c@x.test", "C"],
        ["2124560001", "", "A3"],
      ]);
      const id = await im.start(t.token, t.list.id, "g.csv", file, { Name: "Name" });
      await im.runQueued({ batchRows });
      const rec = (await im.get(t.token, id)) as ImportRecord;
      expectNothingLost(rec);
      expect(rec).toMatchObject({ unique_count: 2, duplicates_count: 3 });
      const o = await owners(t.ctx.teamId);
      expect(new Set([o["+12124560001"], o["+12124560002"], o["a@x.test"], o["b@x.test"]]).size).toBe(1);
      expect(o["+12124560003"]).toBe(o["c@x.test"]);
      expect(o["+12124560003"]).not.toBe(o["+12124560001"]);
      const dupes = await api.database.query<{ d: number }>("SELECT duplicates_count AS d FROM leads WHERE team_id = $1 AND id = $2", [
        t.ctx.teamId,
        o["a@x.test"],
      ]);
      expect(dupes.rows[0]!.d).toBe(3);
    }
  });

  it("merges into the lead found by phone when phone and email belong to different leads, and says so in the history", async () => {
    const t = await team();
    await im.start(
      t.token,
      t.list.id,
      "1.csv",
      csv([
        ["2124560011", "p@x.test", "P"],
        ["2124560012", "q@x.test", "Q"],
      ]),
      {},
    );
    await im.runQueued();
    const before = await owners(t.ctx.teamId);
    const id = await im.start(t.token, t.list.id, "2.csv", csv([["2124560011", "q@x.test", "both"]]), { Name: "Name" });
    await im.runQueued();
    const rec = (await im.get(t.token, id)) as ImportRecord;
    expectNothingLost(rec);
    expect(rec).toMatchObject({ unique_count: 0, duplicates_count: 1, failed_count: 0 });
    // Keys never move between leads, and leads are never merged with each other.
    expect(await owners(t.ctx.teamId)).toEqual(before);
    const value = await api.database.query<{ id: number }>(
      `SELECT id FROM leads WHERE team_id = $1 AND EXISTS (SELECT 1 FROM jsonb_each(attrs) e, jsonb_array_elements_text(e.value) v WHERE v = 'both')`,
      [t.ctx.teamId],
    );
    expect(value.rows).toEqual([{ id: before["+12124560011"] }]);
    const history = (await api.app.inject({ method: "GET", url: `/api/import-files/${id}/history`, headers: t.h })).json();
    expect(history.data).toEqual([
      expect.objectContaining({
        line: 1,
        status: "merged",
        status_label: "Merged",
        failed_reason: "conflicting_leads",
        found_lead_by_phone: before["+12124560011"],
        found_lead_by_email: before["q@x.test"],
        phone: "+12124560011",
        email: "q@x.test",
      }),
    ]);
    const log = await api.database.query<{ action: string; diff: { lead_attribute_name: string; value_to: string }[] }>(
      "SELECT action, diff FROM lead_logs WHERE team_id = $1 AND import_id = $2",
      [t.ctx.teamId, id],
    );
    expect(log.rows).toEqual([
      { action: "updated", diff: [expect.objectContaining({ lead_attribute_name: "Name", value_to: "both", value_from: null })] },
    ]);
  });

  it("a merge adds new values and the list membership, and counts them where the lead already was", async () => {
    const t = await team();
    const other = await api.factory.list(t.ctx, t.source.id);
    const source2 = await api.factory.source(t.ctx);
    const list3 = await api.factory.list(t.ctx, source2.id);
    await im.start(t.token, other.id, "1.csv", csv([["2124560021", "", "first"]]), { Name: "Name" });
    await im.runQueued();
    await im.start(t.token, list3.id, "2.csv", csv([["2124560021", "", "first"]]), { Name: "Name" });
    await im.runQueued();
    // Into a second list of the first source: the lead is new to the list, not to the source.
    await im.start(t.token, t.list.id, "3.csv", csv([["2124560021", "new@x.test", "first"]]), { Name: "Name" });
    await im.runQueued();
    const counts = async (table: string, id: number) =>
      (
        await api.database.query<Record<string, number>>(
          `SELECT total_leads, added_today, unique_today, contacts_total FROM ${table} WHERE id = $1`,
          [id],
        )
      ).rows[0];
    expect(await counts("lists", t.list.id)).toEqual({ total_leads: 1, added_today: 1, unique_today: 0, contacts_total: 2 });
    expect(await counts("lists", other.id)).toEqual({ total_leads: 1, added_today: 1, unique_today: 1, contacts_total: 2 });
    expect(await counts("sources", t.source.id)).toEqual({ total_leads: 1, added_today: 1, unique_today: 1, contacts_total: 2 });
    expect(await counts("sources", source2.id)).toEqual({ total_leads: 1, added_today: 1, unique_today: 0, contacts_total: 2 });
    expect(await counts("lists", list3.id)).toEqual({ total_leads: 1, added_today: 1, unique_today: 0, contacts_total: 2 });
    const values = await api.database.query<{ attrs: Record<string, string[]> }>("SELECT attrs FROM leads WHERE team_id = $1", [
      t.ctx.teamId,
    ]);
    expect(values.rows.map((r) => Object.values(r.attrs))).toEqual([[["first"]]]);
    const lead = await api.database.query<{ duplicates_count: number }>("SELECT duplicates_count FROM leads WHERE team_id = $1", [
      t.ctx.teamId,
    ]);
    expect(lead.rows).toEqual([{ duplicates_count: 2 }]);
  });

  it("a re-import of unchanged rows rewrites no lead, key or membership, and still counts every duplicate", async () => {
    const t = await team();
    const file = csv([
      ["2124560031", "r1@x.test", "R1"],
      ["2124560032", "r2@x.test", "R2"],
      ["2124560033", "", "R3"],
    ]);
    await im.start(t.token, t.list.id, "1.csv", file, { Name: "Name" });
    await im.runQueued();
    const q = (sql: string) => api.database.query<Record<string, unknown>>(sql, [t.ctx.teamId]).then((r) => r.rows);
    // What a rewrite would change: the row version of keys and memberships, a lead's values and Updated Date.
    const state = async () => ({
      leads: await q("SELECT id, attrs::text AS attrs, updated_at::text AS updated_at FROM leads WHERE team_id = $1 ORDER BY id"),
      phones: await q("SELECT phone, xmin::text AS v FROM lead_phones WHERE team_id = $1 ORDER BY phone"),
      emails: await q("SELECT email, xmin::text AS v FROM lead_emails WHERE team_id = $1 ORDER BY email"),
      members: await q("SELECT list_id, lead_id, xmin::text AS v FROM list_leads WHERE team_id = $1 ORDER BY lead_id"),
    });
    const dupes = () => q("SELECT duplicates_count::int AS d FROM leads WHERE team_id = $1 ORDER BY id").then((r) => r.map((x) => x.d));
    const before = await state();

    for (const [n, batchRows] of [
      [1, 1000],
      [2, 2],
    ] as const) {
      const id = await im.start(t.token, t.list.id, `again-${n}.csv`, file, { Name: "Name" });
      await im.runQueued({ batchRows });
      const rec = (await im.get(t.token, id)) as ImportRecord;
      expectNothingLost(rec);
      expect(rec).toMatchObject({ processed_count: 3, unique_count: 0, duplicates_count: 3, failed_count: 0 });
      expect(await state()).toEqual(before);
      expect(await dupes()).toEqual([n, n, n]);
    }

    // One row bringing a new value: only its lead is rewritten (values and Updated Date), the others only counted.
    await im.start(
      t.token,
      t.list.id,
      "changed.csv",
      csv([
        ...file
          .split("\n")
          .slice(1, 3)
          .map((l) => l.split(",")),
        ["2124560033", "", "R3b"],
      ]),
      {
        Name: "Name",
      },
    );
    await im.runQueued();
    const after = await state();
    expect(after.leads.slice(0, 2)).toEqual(before.leads.slice(0, 2));
    expect(after.leads[2]!.updated_at).not.toBe(before.leads[2]!.updated_at);
    expect(Object.values(JSON.parse(after.leads[2]!.attrs as string))).toEqual([["R3", "R3b"]]);
    expect(after.phones).toEqual(before.phones);
    expect(await dupes()).toEqual([3, 3, 3]);
  });

  it("holds under two concurrent imports into the same team: no duplicate leads", async () => {
    const t = await team();
    const list2 = await api.factory.list(t.ctx, t.source.id);
    const rows = Array.from({ length: 300 }, (_, i) => [`212457${String(i).padStart(4, "0")}`, `u${i}@x.test`, `n${i}`]);
    // Overlapping halves, in different orders, with emails crossing phones between the files.
    const fileA = csv(rows.slice(0, 200));
    const fileB = csv(
      rows
        .slice(100)
        .reverse()
        .map(([p, e, n]) => [p!, e!, `${n}-b`]),
    );
    const a = await im.start(t.token, t.list.id, "a.csv", fileA, { Name: "Name" });
    const b = await im.start(t.token, list2.id, "b.csv", fileB, { Name: "Name" });
    const queued = api.jobs.sent.splice(0).map((j) => j.payload as { importId: number; teamId: number });
    await Promise.all(queued.map((p) => runImport(im.deps(), p, { batchRows: 25 })));
    const ra = (await im.get(t.token, a)) as ImportRecord;
    const rb = (await im.get(t.token, b)) as ImportRecord;
    expectNothingLost(ra);
    expectNothingLost(rb);
    expect(ra.unique_count + rb.unique_count).toBe(300);
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1", [t.ctx.teamId])).toBe(300);
    const o = await owners(t.ctx.teamId);
    for (let i = 0; i < 300; i++) expect(o[`+1212457${String(i).padStart(4, "0")}`]).toBe(o[`u${i}@x.test`]);
    const lists = await api.database.query<{ n: number }>(
      "SELECT (SELECT total_leads FROM lists WHERE id = $1)::int + (SELECT total_leads FROM lists WHERE id = $2)::int AS n",
      [t.list.id, list2.id],
    );
    expect(lists.rows[0]!.n).toBe(400);
    const source = await api.database.query<{ total_leads: number }>("SELECT total_leads FROM sources WHERE id = $1", [t.source.id]);
    expect(source.rows[0]!.total_leads).toBe(300);
  });
});
