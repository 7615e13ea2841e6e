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

  it("sets phone statuses 1–6 and email statuses only as the spec allows, logging each", async () => {
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
