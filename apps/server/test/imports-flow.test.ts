import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportRecord, ImportUploadResponse } from "@leadflow/contracts";
import { runImport, SimulatedCrash } from "@leadflow/domain";
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

const team = () => im.team();

const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `212458${String(from + i).padStart(4, "0")},p${from + i}@x.test,Name ${from + i}`);
const file = (lines: string[]) => ["Phone,Email,Name", ...lines].join("\n");

async function upload(t: Awaited<ReturnType<typeof team>>, content: string) {
  const res = await im.upload(t.token, t.list.id, "f.csv", content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ImportUploadResponse;
}

describe("mapping and dispatch", () => {
  it("validates the mapping: a phone or email column, this team's attributes, this import's columns", async () => {
    const t = await team();
    const other = await team();
    const up = await upload(t, file(rows(3)));
    const url = `/api/sync-import/${up.data.sync_import.id}/import-attributes/multiple`;
    const cols = up.mapping.map((m) => m.processing_document_attribute_id);
    const noContact = await api.app.inject({
      method: "POST",
      url,
      headers: t.h,
      payload: { attributes: cols.map((c) => ({ processing_document_attribute_id: c, lead_attribute_id: null })) },
    });
    expect(noContact.statusCode).toBe(422);
    expect(noContact.json().message).toBe("Map at least one column to Phone or Email.");

    const [foreign] = (
      await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: other.h, payload: [{ name: "X" }] })
    ).json().data;
    const phoneId = up.mapping[0]!.lead_attribute_id!;
    const foreignAttr = await api.app.inject({
      method: "POST",
      url,
      headers: t.h,
      payload: {
        attributes: [
          { processing_document_attribute_id: cols[0], lead_attribute_id: phoneId },
          { processing_document_attribute_id: cols[2], lead_attribute_id: foreign.id },
        ],
      },
    });
    expect(foreignAttr.statusCode).toBe(404);
    const foreignCol = await api.app.inject({
      method: "POST",
      url,
      headers: t.h,
      payload: { attributes: [{ processing_document_attribute_id: 999999, lead_attribute_id: phoneId }] },
    });
    expect(foreignCol.statusCode).toBe(404);

    expect((await api.app.inject({ method: "POST", url: `/api/imports/${up.data.id}/dispatch`, headers: t.h })).statusCode).toBe(422);
    // A lookup toggle needs a gateway the team may use for it.
    const mapping = (extra: object) =>
      api.app.inject({
        method: "POST",
        url,
        headers: t.h,
        payload: { attributes: [{ processing_document_attribute_id: cols[0], lead_attribute_id: phoneId }], ...extra },
      });
    const noGateway = await mapping({ check_mobile_status: true });
    expect(noGateway.statusCode).toBe(422);
    expect(noGateway.json().errors).toEqual({ sms_lookup_gateway_id: ["Select a gateway for 'Lookup phone numbers'."] });
    const gateway = (
      await api.app.inject({
        method: "POST",
        url: "/api/gateways",
        headers: t.h,
        payload: { kind: "sms_lookup", type: "sandbox", name: "Sandbox", params: {} },
      })
    ).json().data as { id: number };
    const ok = await mapping({ check_mobile_status: true, sms_lookup_gateway_id: gateway.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "mapped", check_mobile_status: true, sms_lookup_gateway_id: gateway.id });
    expect(ok.json().attributes.map((a: { lead_attribute_id: number | null }) => a.lead_attribute_id)).toEqual([phoneId, null, null]);

    const dispatched = await api.app.inject({ method: "POST", url: `/api/imports/${up.data.id}/dispatch`, headers: t.h });
    expect(dispatched.json().status).toBe("queued");
    const active = (await api.app.inject({ method: "GET", url: "/api/imports/active", headers: t.h })).json().data;
    expect(active.map((i: ImportRecord) => i.id)).toEqual([up.data.id]);
    const late = await api.app.inject({
      method: "POST",
      url,
      headers: t.h,
      payload: { attributes: [{ processing_document_attribute_id: cols[0], lead_attribute_id: phoneId }] },
    });
    expect(late.statusCode).toBe(422);
    await im.runQueued();
    expect((await api.app.inject({ method: "GET", url: "/api/imports/active", headers: t.h })).json().data).toEqual([]);
  });
});

describe("bad input during the run", () => {
  it("a file that turns bad after the preview fails with the parser's message and imports nothing", async () => {
    const t = await team();
    // Past what the preview reads: the unclosed quote is found only by the run.
    const filler = Array.from({ length: 40_000 }, (_, i) => `2124${String(i).padStart(6, "0")},f${i}@x.test,Filler name ${i}`);
    const content = `${file(filler)}\n"2124589999,unclosed@x.test,Unclosed`;
    const id = await im.start(t.token, t.list.id, "late.csv", content, { Name: "Name" });
    await im.runQueued({ batchRows: 5000 });
    const rec = (await im.get(t.token, id)) as ImportRecord;
    expect(rec.status).toBe("failed");
    expect(rec.message).toMatch(/quote/i);
    expect(rec.processed_count).toBe(0);
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1", [t.ctx.teamId])).toBe(0);
    expect(await im.count("SELECT count(*)::int AS n FROM import_staging WHERE import_id = $1", [id])).toBe(0);
    const list = (await api.app.inject({ method: "GET", url: `/api/sources/lists/${t.list.id}`, headers: t.h })).json();
    expect(list.total_leads).toBe(0);
    const events = api.live.events.filter((e) => e.userId === t.ctx.userId).map((e) => (e.payload as { type: string }).type);
    expect(events.at(-1)).toBe("failed");
    const processes = (await api.app.inject({ method: "GET", url: "/api/processes", headers: t.h })).json().data;
    expect(processes[0]).toMatchObject({ kind: "import", status: "failed" });
  });

  it("fails with a message when the list is deleted before the run", async () => {
    const t = await team();
    const id = await im.start(t.token, t.list.id, "f.csv", file(rows(3)), {});
    await api.app.inject({ method: "DELETE", url: `/api/sources/lists/${t.list.id}`, headers: t.h });
    await im.runQueued();
    const rec = (await im.get(t.token, id)) as ImportRecord;
    expect(rec).toMatchObject({ status: "failed", message: "The list this file was being imported into was deleted.", list: null });
  });

  it("skips phones matching the Ignore Phone Format template and fails the rows left without a contact", async () => {
    const t = await team();
    const bad = await api.app.inject({ method: "PUT", url: "/api/validation-template/phone", headers: t.h, payload: { values: ["12"] } });
    expect(bad.statusCode).toBe(422);
    const put = await api.app.inject({
      method: "PUT",
      url: "/api/validation-template/phone",
      headers: t.h,
      payload: { values: ["(212) 458-000*"] },
    });
    expect(put.json()).toEqual({ values: ["(212) 458-000*"] });
    expect((await api.app.inject({ method: "GET", url: "/api/validation-template/phone", headers: t.h })).json()).toEqual({
      values: ["(212) 458-000*"],
    });
    const lines = rows(12).map((l, i) => (i === 1 ? l.replace(/,p1@x.test/, ",") : l));
    const id = await im.start(t.token, t.list.id, "t.csv", file(lines), {});
    await im.runQueued();
    const rec = (await im.get(t.token, id)) as ImportRecord;
    // Rows 0–9 carry ignored phones; row 1 has no email left, so it is skipped; the rest import by email.
    expect(rec).toMatchObject({ processed_count: 12, ignored_phones_count: 10, skipped_count: 1, unique_count: 11, failed_count: 0 });
    const history = (await api.app.inject({ method: "GET", url: `/api/import-files/${id}/history`, headers: t.h })).json().data;
    expect(history).toMatchObject([{ line: 2, status: "skipped", failed_reason: "ignored_phone" }]);
  });

  it("pages the failed-rows history (default limit 20)", async () => {
    const t = await team();
    const lines = [...rows(2), ...Array.from({ length: 25 }, (_, i) => `not-a-phone-${i},,x`)];
    const id = await im.start(t.token, t.list.id, "h.csv", file(lines), {});
    await im.runQueued();
    const p1 = (await api.app.inject({ method: "GET", url: `/api/import-files/${id}/history`, headers: t.h })).json();
    expect(p1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(p1.data[0]).toMatchObject({ line: 3, failed_reason: "invalid_phone", status_label: "Failed" });
    const p2 = (await api.app.inject({ method: "GET", url: `/api/import-files/${id}/history?page=2`, headers: t.h })).json();
    expect(p2.data).toHaveLength(5);
    const file_ = (await api.app.inject({ method: "GET", url: `/api/import-files/${id}`, headers: t.h })).json();
    expect(file_).toMatchObject({ id, failed_count: 25, unique_count: 2 });
  });
});

describe("statuses and synchronisation", () => {
  it("applies lead, phone and email statuses to the import's leads and moves the flagged counters", async () => {
    const t = await team();
    const id = await im.start(t.token, t.list.id, "s.csv", file(rows(4)), {});
    await im.runQueued();
    const res = await api.app.inject({
      method: "PUT",
      url: `/api/imports/${id}/lead-statuses`,
      headers: t.h,
      payload: { lead_status: 3, phone_status: 4, email_status: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lead_status: 3, phone_status: 4, email_status: 4, sync_import: { status: "pending" } });
    await im.runQueued();
    const sync = (await api.app.inject({ method: "GET", url: `/api/imports/${id}/sync-import`, headers: t.h })).json();
    expect(sync).toMatchObject({ id, import_id: id, status: "completed", progress: 100, processed: 4, total: 4 });
    const statuses = await api.database.query<{ s: number; n: number }>(
      "SELECT status AS s, count(*)::int AS n FROM leads WHERE team_id = $1 GROUP BY status",
      [t.ctx.teamId],
    );
    expect(statuses.rows).toEqual([{ s: 3, n: 4 }]);
    expect(await im.count("SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1 AND status = 4", [t.ctx.teamId])).toBe(4);
    expect(await im.count("SELECT count(*)::int AS n FROM lead_emails WHERE team_id = $1 AND status = 4", [t.ctx.teamId])).toBe(4);
    const list = (await api.app.inject({ method: "GET", url: `/api/sources/lists/${t.list.id}`, headers: t.h })).json();
    expect(list.total_flagged_leads).toBe(4);
    const source = (await api.app.inject({ method: "GET", url: `/api/sources/${t.source.id}`, headers: t.h })).json();
    expect(source.total_flagged_leads).toBe(4);

    // Back to imported: the counters follow.
    await api.app.inject({ method: "PUT", url: `/api/imports/${id}/lead-statuses`, headers: t.h, payload: { lead_status: 1 } });
    await im.runQueued();
    const after = (await api.app.inject({ method: "GET", url: `/api/sources/lists/${t.list.id}`, headers: t.h })).json();
    expect(after.total_flagged_leads).toBe(0);
    const log = await api.database.query<{ action: string }>("SELECT action FROM lead_logs WHERE team_id = $1 AND action = 'status'", [
      t.ctx.teamId,
    ]);
    expect(log.rows).toHaveLength(8);
  });

  it("statuses set before the run are applied by its synchronisation phase", async () => {
    const t = await team();
    const up = await upload(t, file(rows(3)));
    await api.app.inject({ method: "PUT", url: `/api/imports/${up.data.id}/lead-statuses`, headers: t.h, payload: { lead_status: 2 } });
    await api.app.inject({
      method: "POST",
      url: `/api/sync-import/${up.data.id}/import-attributes/multiple`,
      headers: t.h,
      payload: {
        attributes: [
          {
            processing_document_attribute_id: up.mapping[0]!.processing_document_attribute_id,
            lead_attribute_id: up.mapping[0]!.lead_attribute_id,
          },
        ],
      },
    });
    await api.app.inject({ method: "POST", url: `/api/imports/${up.data.id}/dispatch`, headers: t.h });
    await im.runQueued();
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1 AND status = 2", [t.ctx.teamId])).toBe(3);
    const list = (await api.app.inject({ method: "GET", url: `/api/sources/lists/${t.list.id}`, headers: t.h })).json();
    expect(list.total_blacklisted_leads).toBe(3);
  });

  it("PUT /sync-import/{id} re-runs the synchronisation of a finished import; other statuses are refused", async () => {
    const t = await team();
    const id = await im.start(t.token, t.list.id, "f.csv", file(rows(2)), {});
    await im.runQueued();
    const bad = await api.app.inject({ method: "PUT", url: `/api/sync-import/${id}`, headers: t.h, payload: { status: "completed" } });
    expect(bad.statusCode).toBe(422);
    const again = await api.app.inject({ method: "PUT", url: `/api/sync-import/${id}`, headers: t.h, payload: { status: "pending" } });
    expect(again.json()).toMatchObject({ id, status: "pending" });
    expect(await im.runQueued()).toBe(1);
    expect((await im.get(t.token, id)).sync_import).toMatchObject({ status: "completed", progress: 100 });
  });
});

describe("resume", () => {
  it("a run that dies after some batches resumes after its checkpoint: no duplicates, nothing lost", async () => {
    const t = await team();
    const lines = [...rows(40), ...rows(5, 0).map((l) => l.replace("Name", "Again")), "nope,,x"];
    const id = await im.start(t.token, t.list.id, "r.csv", file(lines), { Name: "Name" });
    const [job] = api.jobs.sent.splice(0);
    const ref = job!.payload as { importId: number; teamId: number };
    await expect(runImport(im.deps(), ref, { batchRows: 7, crashAfterBatches: 3, leaseSeconds: 60 })).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    const mid = (await im.get(t.token, id)) as ImportRecord;
    expect(mid).toMatchObject({ status: "processing", processed_count: 21 });
    // The dead run's lease still holds: a retry backs off. Then the lease runs out (moved, not waited for: a
    // 1-second lease and a sleep would race a busy machine on both sides).
    await expect(runImport(im.deps(), ref, { batchRows: 7 })).rejects.toThrow(/another worker/);
    await api.database.query("UPDATE imports SET lease_until = now() - interval '1 second' WHERE team_id = $1 AND id = $2", [
      t.ctx.teamId,
      id,
    ]);
    await runImport(im.deps(), ref, { batchRows: 7 });
    const rec = (await im.get(t.token, id)) as ImportRecord;
    expect(rec).toMatchObject({
      status: "completed",
      total_rows: 46,
      processed_count: 46,
      unique_count: 40,
      duplicates_count: 5,
      failed_count: 1,
    });
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1", [t.ctx.teamId])).toBe(40);
    expect(await im.count("SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1", [t.ctx.teamId])).toBe(40);
    expect(await im.count("SELECT count(*)::int AS n FROM list_leads WHERE team_id = $1", [t.ctx.teamId])).toBe(40);
    // 40 leads created once (their creation read from leads.import_id), 5 rows merged into them once each.
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1 AND import_id = $2", [t.ctx.teamId, id])).toBe(40);
    expect(await im.count("SELECT count(*)::int AS n FROM lead_logs WHERE team_id = $1 AND import_id = $2", [t.ctx.teamId, id])).toBe(5);
    expect(await im.count("SELECT count(*)::int AS n FROM import_failures WHERE team_id = $1", [t.ctx.teamId])).toBe(1);
    const list = (await api.app.inject({ method: "GET", url: `/api/sources/lists/${t.list.id}`, headers: t.h })).json();
    expect(list.total_leads).toBe(40);
  });

  it("an import that keeps failing ends as failed after its attempts", async () => {
    const t = await team();
    const id = await im.start(t.token, t.list.id, "f.csv", file(rows(2)), {});
    const [job] = api.jobs.sent.splice(0);
    await api.database.query("UPDATE imports SET attempts = 6, message = 'boom' WHERE id = $1", [id]);
    await runImport(im.deps(), job!.payload as { importId: number; teamId: number });
    expect(await im.get(t.token, id)).toMatchObject({ status: "failed", message: "boom" });
  });
});
