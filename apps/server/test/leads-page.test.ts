import type { AnyLeadValue, LeadDetail, LeadLogPage } from "@leadflow/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { type LeadHelpers, leadHelpers } from "./leads-helpers";

let api: Api;
let h: LeadHelpers;
beforeAll(async () => {
  api = await setupApi();
  h = leadHelpers(api);
});
afterAll(() => api.close());

const CSV =
  "Phone,Phone 2,Email,City,City 2,Note\n(212) 555-0100,(212) 555-0101,Jane@Example.com,Austin,Boston,<i>hi</i>\n(212) 555-0200,,bob@example.com,Chicago,,\n";
const MAPPING = { "Phone 2": null as number | null, "City 2": "City" };

async function setup() {
  const team = await api.factory.team();
  const source = await api.factory.source(team.ctx, { name: "Web" });
  const list = await api.factory.list(team.ctx, source.id, { name: "April" });
  await h.call(team.token, "GET", "/api/lead-attributes");
  const phoneAttr = (
    await h.q<{ id: number }>("SELECT id FROM lead_attributes WHERE team_id = $1 AND type = 'phone'", [team.ctx.teamId])
  )[0];
  await h.importInto(team.token, list.id, CSV, { ...MAPPING, "Phone 2": phoneAttr?.id ?? null });
  const [jane, bob] = await h.leadIds(team.ctx.teamId);
  return { ...team, source, list, jane: jane!, bob: bob! };
}

const values = (d: LeadDetail, kind: AnyLeadValue["kind"]) => d.lead_values.filter((v) => v.kind === kind);
const byValue = (d: LeadDetail, value: string) => d.lead_values.find((v) => v.value === value)!;
async function log(token: string, id: number, query = ""): Promise<LeadLogPage> {
  const res = await h.call(token, "GET", `/api/leads/${id}/log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("the lead page", () => {
  it("shows phones, emails and string values, lists, sources, and the log", async () => {
    const t = await setup();
    const d = await h.lead(t.token, t.jane);
    expect(d).toMatchObject({ id: t.jane, status: 1, status_label: "Imported", duplicates_count: 0, revenue: 0, total_clicks: 0 });
    expect(d.lead_values.map((v) => [v.kind, v.value])).toEqual([
      ["phone", "+12125550100"],
      ["phone", "+12125550101"],
      ["email", "jane@example.com"],
      ["string", "Austin"],
      ["string", "Boston"],
      ["string", "<i>hi</i>"],
    ]);
    expect(values(d, "phone")[0]).toMatchObject({ status: 1, status_label: "Subscribed", attribute: { name: "Phone", type: "phone" } });
    expect(values(d, "email")[0]).toMatchObject({ status: 1, status_label: "Pending", result: null });
    expect(d.lists).toEqual([{ id: t.list.id, name: "April", source: { id: t.source.id, name: "Web" } }]);

    const sources = await h.call(t.token, "GET", `/api/leads/${t.jane}/sources`);
    expect(sources.json()).toEqual({ data: [{ id: t.source.id, name: "Web", lists: [{ id: t.list.id, name: "April" }] }] });
    for (const part of ["segments", "campaigns"])
      expect((await h.call(t.token, "GET", `/api/leads/${t.jane}/${part}`)).json()).toEqual({ data: [] });

    const entries = await log(t.token, t.jane);
    expect(entries.data).toHaveLength(1);
    expect(entries.data[0]).toMatchObject({ type: "import", action: "created", filename: `leads-${t.list.id}.csv`, diff_log: [] });
    expect(entries.meta).toMatchObject({ current_page: 1, total: 1, per_page: 20 });
    expect((await log(t.token, t.jane, "?clicked=true")).data).toEqual([]);
    expect((await log(t.token, t.jane, "?clicked=false")).data).toHaveLength(1);
    expect((await log(t.token, t.jane, "?unsubscribed=1")).data).toEqual([]);
    expect((await h.call(t.token, "GET", "/api/leads/99999999")).statusCode).toBe(404);
  });

  it("replaces and removes string values, refusing a duplicate, each with a log entry", async () => {
    const t = await setup();
    const before = await h.lead(t.token, t.jane);
    const austin = byValue(before, "Austin");
    const put = (id: string, value: string) => h.call(t.token, "PUT", `/api/lead-values/${id}`, { value });

    const dup = await put(austin.id, "Boston");
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.value).toBeDefined();

    const res = await put(austin.id, "  Dallas ");
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as LeadDetail;
    expect(values(after, "string").map((v) => v.value)).toEqual(["Dallas", "Boston", "<i>hi</i>"]);
    const [bumped] = await h.q<{ later: boolean }>("SELECT updated_at > created_at AS later FROM leads WHERE id = $1", [t.jane]);
    expect(bumped!.later).toBe(true);
    // The old id named "Austin", which is gone.
    expect((await put(austin.id, "Paris")).statusCode).toBe(404);

    const removed = await put(byValue(after, "<i>hi</i>").id, "");
    expect(removed.statusCode).toBe(200);
    expect(values(removed.json().data, "string").map((v: AnyLeadValue) => v.value)).toEqual(["Dallas", "Boston"]);
    const stored = await h.q<{ attrs: Record<string, string[]> }>("SELECT attrs FROM leads WHERE id = $1", [t.jane]);
    expect(Object.values(stored[0]!.attrs)).toEqual([["Dallas", "Boston"]]);

    const entries = (await log(t.token, t.jane)).data;
    expect(entries.map((e) => [e.type, e.action])).toEqual([
      ["user", "updated"],
      ["user", "updated"],
      ["import", "created"],
    ]);
    expect(entries[1]!.diff_log).toEqual([
      { lead_attribute_name: "City", lead_attribute_value: "Dallas", action: "updated", value_from: "Austin", value_to: "Dallas" },
    ]);
    expect(entries[0]!.diff_log[0]).toMatchObject({
      lead_attribute_name: "Note",
      action: "removed",
      value_from: "<i>hi</i>",
      value_to: null,
    });
    // The same value again changes and logs nothing.
    expect((await put(byValue(after, "Boston").id, "Boston")).statusCode).toBe(200);
    expect((await log(t.token, t.jane)).meta.total).toBe(3);
  });

  it("normalises an edited phone, refuses an invalid one or one another lead owns, and logs the change", async () => {
    const t = await setup();
    const d = await h.lead(t.token, t.jane);
    const phone = byValue(d, "+12125550100");
    const put = (value: string, id = phone.id) => h.call(t.token, "PUT", `/api/lead-phones/${id}`, { value });

    const invalid = await put("555-01");
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.value[0]).toMatch(/phone number/);
    const owned = await put("212.555.0200");
    expect(owned.statusCode).toBe(422);
    expect(owned.json().message).toBe("This phone number belongs to another lead.");
    expect((await put("(212) 555-0101")).statusCode).toBe(422);

    const counters = await h.counters(t.ctx.teamId);
    const ok = await put("+1 (212) 555-0999");
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json().data as LeadDetail;
    expect(values(after, "phone").map((v) => v.value)).toEqual(["+12125550999", "+12125550101"]);
    // The id names the phone row, so it still works for the next edit.
    expect(byValue(after, "+12125550999").id).toBe(phone.id);
    expect(await h.counters(t.ctx.teamId)).toEqual(counters);
    // Found by the new number, not the old.
    expect((await h.page(t.token, "/api/leads?search=2125550999")).data.map((r) => r.id)).toEqual([t.jane]);
    expect((await h.page(t.token, "/api/leads?search=2125550100")).data).toEqual([]);
    expect((await log(t.token, t.jane)).data[0]).toMatchObject({
      type: "user",
      action: "updated",
      diff_log: [{ lead_attribute_name: "Phone", value_from: "+12125550100", value_to: "+12125550999" }],
    });

    // The Ignore Phone Format template applies to edits as to imports.
    await h.call(t.token, "PUT", "/api/validation-template/phone", { values: ["212555088?"] });
    expect((await put("(212) 555-0881")).json().message).toMatch(/Ignore Phone Format/);
  });

  it("lower-cases an edited email and refuses one another lead owns", async () => {
    const t = await setup();
    const email = byValue(await h.lead(t.token, t.jane), "jane@example.com");
    const put = (value: string) => h.call(t.token, "PUT", `/api/lead-emails/${email.id}`, { value });
    expect((await put("BOB@example.com")).json().message).toBe("This email address belongs to another lead.");
    expect((await put("not an email")).statusCode).toBe(422);
    const ok = await put(" Jane.Doe@Example.COM ");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(values(ok.json().data, "email").map((v: AnyLeadValue) => v.value)).toEqual(["jane.doe@example.com"]);
    expect((await log(t.token, t.jane)).data[0]!.diff_log[0]).toMatchObject({
      value_from: "jane@example.com",
      value_to: "jane.doe@example.com",
    });
    // A phone's id is not an email's.
    const phone = byValue(await h.lead(t.token, t.jane), "+12125550100");
    expect((await h.call(t.token, "PUT", `/api/lead-emails/${phone.id}`, { value: "x@example.com" })).statusCode).toBe(404);
    expect((await h.call(t.token, "PUT", "/api/lead-emails/garbage", { value: "x@example.com" })).statusCode).toBe(404);
  });

  it("sets phone statuses 1–6 and email statuses only as the status menus allow, logging each", async () => {
    const t = await setup();
    const d = await h.lead(t.token, t.jane);
    const phone = byValue(d, "+12125550100");
    const email = byValue(d, "jane@example.com");
    const setPhone = (s: number) => h.call(t.token, "PUT", `/api/lead-phones/${phone.id}/status?status=${s}`);
    const setEmail = (s: number) => h.call(t.token, "PUT", `/api/lead-emails/${email.id}/status?status=${s}`);

    const five = await setPhone(5);
    expect(five.statusCode, five.body).toBe(200);
    expect(five.json()).toMatchObject({ message: "Status updated successfully!" });
    expect(byValue(five.json().data, "+12125550100")).toMatchObject({ status: 5, status_label: "Federal DNC" });
    expect((await setPhone(7)).statusCode).toBe(422);
    expect((await setPhone(0)).statusCode).toBe(422);

    // Pending (1) has no menu: nothing may be set from it.
    expect((await setEmail(4)).statusCode).toBe(422);
    await h.q("UPDATE lead_emails SET status = 2 WHERE lead_id = $1", [t.jane]);
    expect((await setEmail(3)).statusCode).toBe(422);
    expect((await setEmail(1)).statusCode).toBe(422);
    const unsub = await setEmail(4);
    expect(unsub.statusCode, unsub.body).toBe(200);
    expect(byValue(unsub.json().data, "jane@example.com")).toMatchObject({ status: 4, status_label: "Unsubscribed" });
    const back = await setEmail(1);
    expect(byValue(back.json().data, "jane@example.com")).toMatchObject({ status: 1, status_label: "Pending" });

    const entries = (await log(t.token, t.jane)).data.filter((e) => e.action === "status");
    expect(entries.map((e) => [e.diff_log[0]!.lead_attribute_name, e.diff_log[0]!.value_from, e.diff_log[0]!.value_to])).toEqual([
      ["Email", "Unsubscribed", "Pending"],
      ["Email", "Valid", "Unsubscribed"],
      ["Phone", "Subscribed", "Federal DNC"],
    ]);
  });

  it("removes a lead with everything of it", async () => {
    const t = await setup();
    const res = await h.call(t.token, "DELETE", `/api/leads/${t.jane}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "1 lead deleted.", deleted: 1 });
    expect((await h.call(t.token, "GET", `/api/leads/${t.jane}`)).statusCode).toBe(404);
    expect((await h.call(t.token, "DELETE", `/api/leads/${t.jane}`)).statusCode).toBe(404);
    const c = await h.counters(t.ctx.teamId);
    expect(c.lists.stored).toEqual(c.lists.recounted);
    expect(c.lists.stored[0]).toMatchObject({ total_leads: 1, contacts_total: 2 });
  });
});

describe("a replaced phone or email starts fresh", () => {
  /** What a lookup leaves on a phone, and the list and source counters it moves (once per list, once per source). */
  async function lookUp(t: Awaited<ReturnType<typeof setup>>, phone: string, status: number) {
    await h.q(
      `UPDATE lead_phones SET status = $3, carrier_name = 'Verizon', carrier_type = 'mobile', carrier_status = 1, state = 'NY',
         city = 'New York', timezone = 'America/New_York', lookup_action = 'block', lookup_reason = 'litigator', dnc_code = 'F',
         dnc_message = 'Federal DNC', clicked = true, unsubscribed = true, ban = true, looked_up_at = now(), verified_at = now()
       WHERE team_id = $1 AND phone = $2`,
      [t.ctx.teamId, phone, status],
    );
    await h.q(
      `UPDATE lists SET contacts_looked_up = contacts_looked_up + 1, contacts_verified = contacts_verified + 1
       WHERE id IN (SELECT m.list_id FROM list_leads m JOIN lead_phones p ON p.team_id = m.team_id AND p.lead_id = m.lead_id
                    WHERE p.team_id = $1 AND p.phone = $2)`,
      [t.ctx.teamId, phone],
    );
    await h.q(`UPDATE sources SET contacts_looked_up = contacts_looked_up + 1, contacts_verified = contacts_verified + 1 WHERE id = $1`, [
      t.source.id,
    ]);
  }

  it("clears a phone's lookup results and status, and keeps the list and source counters true", async () => {
    const t = await setup();
    // Jane is in two lists of the source: her source counts her phone once, each list once.
    const second = await api.factory.list(t.ctx, t.source.id, { name: "May" });
    await h.importInto(t.token, second.id, "Phone\n(212) 555-0100\n");
    await lookUp(t, "+12125550100", 5);
    const looked = byValue(await h.lead(t.token, t.jane), "+12125550100");
    expect(looked).toMatchObject({
      status: 5,
      carrier_name: "Verizon",
      carrier_status_label: "Mobile",
      black_list_alliance_phone_code: "F",
    });
    const before = await h.counters(t.ctx.teamId);
    expect(before.lists.stored).toEqual(before.lists.recounted);
    expect(before.sources.stored[0]).toMatchObject({ contacts_looked_up: 1, contacts_verified: 1 });

    const res = await h.call(t.token, "PUT", `/api/lead-phones/${looked.id}`, { value: "(212) 555-0999" });
    expect(res.statusCode, res.body).toBe(200);
    expect(byValue(res.json().data, "+12125550999")).toEqual({
      ...looked,
      value: "+12125550999",
      status: 1,
      status_label: "Subscribed",
      carrier_name: null,
      carrier_type: null,
      carrier_status: null,
      carrier_status_label: null,
      clicked: false,
      ban: false,
      unsubscribed: false,
      state: null,
      city: null,
      timezone: null,
      lookup_action: null,
      lookup_reason: null,
      black_list_alliance_phone_code: null,
      black_list_alliance_phone_message: null,
    });
    const [row] = await h.q<{ looked_up_at: string | null; verified_at: string | null }>(
      "SELECT looked_up_at, verified_at FROM lead_phones WHERE team_id = $1 AND phone = '+12125550999'",
      [t.ctx.teamId],
    );
    expect(row).toEqual({ looked_up_at: null, verified_at: null });
    const after = await h.counters(t.ctx.teamId);
    expect(after.lists.stored).toEqual(after.lists.recounted);
    expect(after.sources.stored).toEqual(after.sources.recounted);
    expect(after.sources.stored[0]).toMatchObject({ contacts_looked_up: 0, contacts_verified: 0 });

    expect((await log(t.token, t.jane)).data[0]).toMatchObject({
      type: "user",
      action: "updated",
      diff_log: [
        { lead_attribute_name: "Phone", value_from: "+12125550100", value_to: "+12125550999" },
        { lead_attribute_name: "Phone", lead_attribute_value: "+12125550999", value_from: "Federal DNC", value_to: "Subscribed" },
      ],
    });
  });

  it("clears an email's result and status back to Pending", async () => {
    const t = await setup();
    await h.q(
      "UPDATE lead_emails SET status = 3, result = 'undeliverable', looked_up_at = now(), verified_at = now() WHERE team_id = $1 AND lead_id = $2",
      [t.ctx.teamId, t.jane],
    );
    const email = byValue(await h.lead(t.token, t.jane), "jane@example.com");
    expect(email).toMatchObject({ status: 3, result: "undeliverable" });
    const res = await h.call(t.token, "PUT", `/api/lead-emails/${email.id}`, { value: "jane2@example.com" });
    expect(res.statusCode, res.body).toBe(200);
    expect(byValue(res.json().data, "jane2@example.com")).toMatchObject({ status: 1, status_label: "Pending", result: null });
    const [row] = await h.q<{ looked_up_at: string | null; verified_at: string | null }>(
      "SELECT looked_up_at, verified_at FROM lead_emails WHERE team_id = $1 AND lead_id = $2",
      [t.ctx.teamId, t.jane],
    );
    expect(row).toEqual({ looked_up_at: null, verified_at: null });
    expect((await log(t.token, t.jane)).data[0]!.diff_log.map((d) => [d.value_from, d.value_to])).toEqual([
      ["jane@example.com", "jane2@example.com"],
      ["Invalid", "Pending"],
    ]);
  });
});

describe("the lead page's lookup and engagement fields", () => {
  it("shows the DNC result, the line type, clicks and conversations as stored", async () => {
    const t = await setup();
    await h.q(
      `UPDATE lead_phones SET dnc_code = 'L', dnc_message = 'Litigator', carrier_type = 'Fixed Line'
       WHERE team_id = $1 AND phone = '+12125550100'`,
      [t.ctx.teamId],
    );
    await h.q("UPDATE lead_phones SET carrier_status = 3, carrier_type = 'something' WHERE team_id = $1 AND phone = '+12125550101'", [
      t.ctx.teamId,
    ]);
    await h.q(
      "UPDATE leads SET total_clicks = 7, last_clicked_at = '2026-03-04T05:06:07Z', total_conversations = 2 WHERE team_id = $1 AND id = $2",
      [t.ctx.teamId, t.jane],
    );
    const d = await h.lead(t.token, t.jane);
    expect(byValue(d, "+12125550100")).toMatchObject({
      black_list_alliance_phone_code: "L",
      black_list_alliance_phone_message: "Litigator",
      carrier_status_label: "Landline",
    });
    expect(byValue(d, "+12125550101")).toMatchObject({ carrier_status: 3, carrier_status_label: "VoIP" });
    expect(d).toMatchObject({ total_clicks: 7, last_clicked_at: "2026-03-04T05:06:07.000Z", total_conversations: 2 });
    const bob = await h.lead(t.token, t.bob);
    expect(values(bob, "phone")[0]).toMatchObject({ carrier_status_label: null, black_list_alliance_phone_code: null });
    expect(bob).toMatchObject({ total_clicks: 0, last_clicked_at: null, total_conversations: 0 });
  });
});

describe("the timeline's Unsubscribed chip", () => {
  it("keeps phone and email status changes to Unsubscribed, and unsubscribe events", async () => {
    const t = await setup();
    const d = await h.lead(t.token, t.jane);
    const phone = byValue(d, "+12125550100");
    const email = byValue(d, "jane@example.com");
    await h.call(t.token, "PUT", `/api/lead-phones/${phone.id}/status?status=5`);
    await h.call(t.token, "PUT", `/api/lead-phones/${phone.id}/status?status=2`);
    await h.call(t.token, "PUT", `/api/lead-phones/${phone.id}/status?status=1`);
    await h.q("UPDATE lead_emails SET status = 2 WHERE lead_id = $1", [t.jane]);
    await h.call(t.token, "PUT", `/api/lead-emails/${email.id}/status?status=4`);
    // A string value that reads "Unsubscribed" is an edit, not an unsubscribe.
    await h.call(t.token, "PUT", `/api/lead-values/${byValue(d, "Austin").id}`, { value: "Unsubscribed" });
    await h.q(
      `INSERT INTO lead_logs (team_id, lead_id, type, action, diff) VALUES ($1, $2, 'campaign', 'unsubscribe', '[]'::jsonb),
         ($1, $2, 'campaign', 'click', '[]'::jsonb)`,
      [t.ctx.teamId, t.jane],
    );

    const unsubscribed = (await log(t.token, t.jane, "?unsubscribed=true")).data;
    expect(
      unsubscribed.map((e) => [e.type, e.action, e.diff_log[0]?.lead_attribute_name ?? null, e.diff_log[0]?.value_to ?? null]),
    ).toEqual([
      ["campaign", "unsubscribe", null, null],
      ["user", "status", "Email", "Unsubscribed"],
      ["user", "status", "Phone", "Unsubscribed"],
    ]);
    expect((await log(t.token, t.jane, "?clicked=true")).data.map((e) => e.action)).toEqual(["click"]);
    expect((await log(t.token, t.jane, "?clicked=true&unsubscribed=true")).meta.total).toBe(4);
    expect((await log(t.token, t.jane)).meta.total).toBe(8);
  });
});
