import { LeadStatuses } from "@leadflow/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { type LeadHelpers, leadCsv, leadHelpers } from "./leads-helpers";

let api: Api;
let h: LeadHelpers;
beforeAll(async () => {
  api = await setupApi();
  h = leadHelpers(api);
});
afterAll(() => api.close());

/**
 * Twelve leads in list A (source 1); leads 0–5 imported again into list B of the same source (with an email
 * for lead 0 that it did not have: a contact added to a merged lead), leads 4–7 into list C of another source.
 * Some phones looked up and verified, with the counters a lookup would have left.
 */
async function spread() {
  const t = await h.team(leadCsv(12));
  const listB = await api.factory.list(t.ctx, t.source.id, { name: "B" });
  const source2 = await api.factory.source(t.ctx, { name: "Other source" });
  const listC = await api.factory.list(t.ctx, source2.id, { name: "C" });
  await h.importInto(t.token, listB.id, leadCsv(6));
  await h.importInto(t.token, listB.id, "Phone,Email\n(212) 555-1000,second0@example.com\n");
  await h.importInto(t.token, listC.id, leadCsv(4, { offset: 4 }));
  const ids = await h.leadIds(t.ctx.teamId);
  await h.q(
    "UPDATE lead_phones SET looked_up_at = now(), verified_at = CASE WHEN lead_id % 2 = 0 THEN now() END WHERE team_id = $1 AND lead_id = ANY($2)",
    [t.ctx.teamId, [ids[1], ids[4], ids[5], ids[8]]],
  );
  await resetCounters(t.ctx.teamId);
  return { ...t, listB, listC, source2, ids };
}

/** Sets the looked-up and verified counters to a recount, as the lookups would have maintained them. */
async function resetCounters(teamId: number) {
  const c = await h.counters(teamId);
  for (const [table, part] of [
    ["lists", c.lists],
    ["sources", c.sources],
  ] as const) {
    for (const r of part.recounted) {
      await h.q(`UPDATE ${table} SET contacts_looked_up = $2, contacts_verified = $3 WHERE id = $1`, [
        r.id,
        r.contacts_looked_up,
        r.contacts_verified,
      ]);
    }
  }
}

async function expectConsistent(teamId: number) {
  const c = await h.counters(teamId);
  expect(c.lists.stored).toEqual(c.lists.recounted);
  expect(c.sources.stored).toEqual(c.sources.recounted);
  return c;
}

describe("bulk status", () => {
  it("sets a status on leads by id, moving the counters, and reports leads already in it or not found", async () => {
    const t = await spread();
    await expectConsistent(t.ctx.teamId);
    const put = (body: object) => h.call(t.token, "PUT", "/api/leads/batch-status", body);

    const first = await put({ ids: [t.ids[0], t.ids[4], t.ids[9]], status: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: "Status updated successfully!", info: ["3 leads set to Blacklisted."], errors: [] });
    const c = await expectConsistent(t.ctx.teamId);
    expect(c.lists.stored.map((l) => l.total_blacklisted_leads)).toEqual([3, 2, 1]);
    expect(c.sources.stored.map((s) => s.total_blacklisted_leads)).toEqual([3, 1]);

    const second = await put({ ids: [t.ids[0], t.ids[4], t.ids[1], 999999999], status: 2 });
    expect(second.json()).toEqual({
      message: "Status updated for some leads.",
      info: ["1 lead set to Blacklisted."],
      errors: ["2 leads were already Blacklisted.", "1 lead was not found."],
    });
    const flagged = await put({ ids: [t.ids[0]], status: 3 });
    expect(flagged.json().info).toEqual(["1 lead set to Flagged."]);
    await expectConsistent(t.ctx.teamId);
    expect((await put({ ids: [999999999], status: 2 })).statusCode).toBe(404);
    expect((await put({ ids: [t.ids[0]], status: 4 })).statusCode).toBe(422);
    expect((await put({ ids: [], status: 2 })).statusCode).toBe(422);

    const entries = (await h.call(t.token, "GET", `/api/leads/${t.ids[0]}/log`)).json().data;
    expect(entries[0]).toMatchObject({ type: "user", action: "status", diff_log: [{ value_from: "Blacklisted", value_to: "Flagged" }] });
  });

  it("sets a status on all the leads of a campaign's audience, and on no other team's campaign", async () => {
    const t = await spread();
    const gw = (
      await h.call(t.token, "POST", "/api/gateways", {
        kind: "sms",
        type: "sandbox",
        name: "S",
        senders: { numbers: [{ number: "+12015550101" }] },
      })
    ).json().data;
    const campaign = (
      await h.call(t.token, "POST", "/api/campaigns", { name: "C", type: "sms", sender_type: "gateway", setting_gateway_id: gw.id })
    ).json().data;
    await h.call(t.token, "POST", `/api/campaigns/${campaign.id}/lists`, { ids: [t.listC.id] });
    const res = await h.call(t.token, "PUT", "/api/leads/batch-status", { all: true, campaign_id: campaign.id, status: 3 });
    expect(res.json()).toMatchObject({ info: ["4 leads set to Flagged."], errors: [] });
    const flagged = await h.q<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1 AND status = $2 ORDER BY id", [
      t.ctx.teamId,
      LeadStatuses.flagged,
    ]);
    expect(flagged.map((r) => r.id)).toEqual([t.ids[4], t.ids[5], t.ids[6], t.ids[7]]);
    const other = await spread();
    const foreign = await h.call(other.token, "PUT", "/api/leads/batch-status", { all: true, campaign_id: campaign.id, status: 3 });
    expect(foreign.statusCode).toBe(404);
  });

  it("sets a status on all leads matching a table's query, except the unticked ones", async () => {
    const t = await spread();
    const res = await h.call(t.token, "PUT", "/api/leads/batch-status", {
      all: true,
      list_id: t.list.id,
      search: "boston",
      except: [t.ids[4]],
      status: 3,
    });
    // Boston: leads 1, 4, 7, 10; 4 unticked.
    expect(res.json()).toEqual({ message: "Status updated successfully!", info: ["3 leads set to Flagged."], errors: [] });
    const flagged = await h.q<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1 AND status = 3 ORDER BY id", [
      t.ctx.teamId,
    ]);
    expect(flagged.map((r) => r.id)).toEqual([t.ids[1], t.ids[7], t.ids[10]]);
    await expectConsistent(t.ctx.teamId);
    // The whole team's leads (no list): the three already flagged are reported.
    const all = await h.call(t.token, "PUT", "/api/leads/batch-status", { all: true, status: 3 });
    expect(all.json()).toEqual({
      message: "Status updated for some leads.",
      info: ["9 leads set to Flagged."],
      errors: ["3 leads were already Flagged."],
    });
    await expectConsistent(t.ctx.teamId);
    const none = await h.call(t.token, "PUT", "/api/leads/batch-status", { all: true, search: "no such text", status: 2 });
    expect(none.json()).toMatchObject({ info: [], errors: ["No leads match the selection."] });
  });

  it("narrows 'all matching' by the table's status filter", async () => {
    const t = await spread();
    await h.call(t.token, "PUT", "/api/leads/batch-status", { ids: [t.ids[1], t.ids[4], t.ids[7]], status: 3 });
    const res = await h.call(t.token, "PUT", "/api/leads/batch-status", {
      all: true,
      filter_status: 3,
      except: [t.ids[4]],
      status: 2,
    });
    expect(res.json()).toEqual({ message: "Status updated successfully!", info: ["2 leads set to Blacklisted."], errors: [] });
    const byStatus = await h.q<{ id: number; status: number }>(
      "SELECT id::int AS id, status::int AS status FROM leads WHERE team_id = $1 AND status <> 1 ORDER BY id",
      [t.ctx.teamId],
    );
    expect(byStatus).toEqual([
      { id: t.ids[1], status: 2 },
      { id: t.ids[4], status: 3 },
      { id: t.ids[7], status: 2 },
    ]);
    await expectConsistent(t.ctx.teamId);
  });
});

describe("bulk delete", () => {
  it("deletes leads by ids in the query or the body with everything of them, keeping every counter right", async () => {
    const t = await spread();
    await h.call(t.token, "PUT", "/api/leads/batch-status", { ids: [t.ids[0], t.ids[5]], status: 2 });
    await h.call(t.token, "PUT", "/api/leads/batch-status", { ids: [t.ids[4]], status: 3 });
    const before = await h.q<Record<string, number>>(
      "SELECT id, unique_today::int, added_today::int FROM lists WHERE team_id = $1 ORDER BY id",
      [t.ctx.teamId],
    );
    expect(before.map((l) => [l.unique_today, l.added_today])).toEqual([
      [12, 12],
      [0, 6],
      [0, 4],
    ]);

    const gone = [t.ids[0]!, t.ids[4]!, t.ids[5]!];
    const byQuery = await h.call(t.token, "DELETE", `/api/leads/batch?ids[0]=${gone[0]}&ids[1]=${gone[1]}`);
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(byQuery.json()).toEqual({ message: "2 leads deleted.", deleted: 2 });
    const byBody = await h.call(t.token, "DELETE", "/api/leads/batch", { ids: [gone[2]] });
    expect(byBody.json()).toEqual({ message: "1 lead deleted.", deleted: 1 });

    for (const table of ["leads", "lead_phones", "lead_emails", "list_leads", "lead_logs"]) {
      const col = table === "leads" ? "id" : "lead_id";
      const left = await h.q(`SELECT 1 FROM ${table} WHERE team_id = $1 AND ${col} = ANY($2)`, [t.ctx.teamId, gone]);
      expect(left, table).toEqual([]);
    }
    const c = await expectConsistent(t.ctx.teamId);
    expect(c.lists.stored.map((l) => l.total_leads)).toEqual([9, 3, 2]);
    expect(c.sources.stored.map((s) => s.total_leads)).toEqual([9, 2]);
    const after = await h.q<Record<string, number>>(
      "SELECT unique_today::int, added_today::int FROM lists WHERE team_id = $1 ORDER BY id",
      [t.ctx.teamId],
    );
    expect(after.map((l) => [l.unique_today, l.added_today])).toEqual([
      [9, 9],
      [0, 3],
      [0, 2],
    ]);
    const sources = await h.q<Record<string, number>>(
      "SELECT unique_today::int, added_today::int FROM sources WHERE team_id = $1 ORDER BY id",
      [t.ctx.teamId],
    );
    expect(sources.map((s) => [s.unique_today, s.added_today])).toEqual([
      [9, 9],
      [0, 2],
    ]);
    // The phones and emails are free again: a new import makes new leads of them.
    await h.importInto(t.token, t.list.id, "Phone\n(212) 555-1000\n");
    expect((await h.page(t.token, "/api/leads?search=2125551000")).data[0]!.id).toBeGreaterThan(t.ids.at(-1)!);
    await expectConsistent(t.ctx.teamId);
  });

  it("deletes nothing when any id is not the team's lead", async () => {
    const t = await spread();
    const res = await h.call(t.token, "DELETE", "/api/leads/batch", { ids: [t.ids[0], 999999999] });
    expect(res.statusCode).toBe(404);
    expect((await h.leadIds(t.ctx.teamId)).length).toBe(12);
    expect((await h.call(t.token, "DELETE", "/api/leads/batch")).statusCode).toBe(422);
  });

  it("deletes all leads matching a list's search, except the unticked ones", async () => {
    const t = await spread();
    const res = await h.call(t.token, "DELETE", "/api/leads/batch", { all: true, list_id: t.listC.id, search: "name", except: [t.ids[7]] });
    expect(res.json()).toEqual({ message: "3 leads deleted.", deleted: 3 });
    expect(await h.leadIds(t.ctx.teamId)).toEqual(t.ids.filter((_, i) => ![4, 5, 6].includes(i)));
    await expectConsistent(t.ctx.teamId);
  });

  it("sets a status on and deletes a hundred thousand leads selected as all matching", async () => {
    const team = await api.factory.team();
    const source = await api.factory.source(team.ctx);
    const list = await api.factory.list(team.ctx, source.id);
    const n = 100_000;
    const t = team.ctx.teamId;
    await h.q(
      `WITH l AS (INSERT INTO leads (team_id, status, attrs) SELECT $1, 1, '{}'::jsonb FROM generate_series(1, $2) RETURNING id)
       , p AS (INSERT INTO lead_phones (team_id, lead_id, phone) SELECT $1, id, '+1212' || lpad(id::text, 7, '0') FROM l)
       , e AS (INSERT INTO lead_emails (team_id, lead_id, email) SELECT $1, id, 'p' || id || '@example.com' FROM l)
       INSERT INTO list_leads (team_id, list_id, lead_id) SELECT $1, $3, id FROM l`,
      [t, n, list.id],
    );
    for (const table of ["lists", "sources"]) {
      await h.q(
        `UPDATE ${table} SET total_leads = $2, contacts_total = $3, unique_today = $2, added_today = $2, today_on = current_date WHERE id = $1`,
        [table === "lists" ? list.id : source.id, n, 2 * n],
      );
    }
    const flag = await h.call(team.token, "PUT", "/api/leads/batch-status", { all: true, list_id: list.id, status: 3 });
    expect(flag.json().info).toEqual([`${n} leads set to Flagged.`]);
    await expectConsistent(t);
    const res = await h.call(team.token, "DELETE", "/api/leads/batch", { all: true, list_id: list.id, except: [] });
    expect(res.json()).toEqual({ message: `${n} leads deleted.`, deleted: n });
    const c = await expectConsistent(t);
    expect(c.lists.stored[0]).toMatchObject({ total_leads: 0, total_flagged_leads: 0, contacts_total: 0 });
    const today = await h.q("SELECT unique_today::int, added_today::int FROM lists WHERE id = $1", [list.id]);
    expect(today).toEqual([{ unique_today: 0, added_today: 0 }]);
    for (const table of ["leads", "lead_phones", "lead_emails", "list_leads", "lead_logs"]) {
      expect(await h.q(`SELECT 1 FROM ${table} WHERE team_id = $1 LIMIT 1`, [t]), table).toEqual([]);
    }
  }, 120_000);
});
