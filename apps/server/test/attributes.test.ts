import type { LeadAttribute } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

const team = () => signedInTeam(api);

const all = async (h: Record<string, string>) =>
  (await api.app.inject({ method: "GET", url: "/api/lead-attributes-all", headers: h })).json().data as LeadAttribute[];

describe("lead attributes", () => {
  it("starts with the system Phone and Email, paged", async () => {
    const { h } = await team();
    const page = await api.app.inject({ method: "GET", url: "/api/lead-attributes?limit=15", headers: h });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 2 });
    expect(page.json().data).toMatchObject([
      { name: "Phone", type: "phone", is_system: true, sort_order: 0 },
      { name: "Email", type: "email", is_system: true, sort_order: 1 },
    ]);
  });

  it("creates an array in order, reusing names that exist (any case) and the system attributes for phone/email types", async () => {
    const { h } = await team();
    const first = await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: h, payload: [{ name: "Zip" }] });
    expect(first.statusCode).toBe(201);
    const zip = first.json().data[0] as LeadAttribute;
    expect(zip).toMatchObject({ name: "Zip", type: "string", sort_order: 2, is_system: false, slug: "zip" });

    const res = await api.app.inject({
      method: "POST",
      url: "/api/lead-attributes",
      headers: h,
      payload: [
        { name: "First Name" },
        { name: "zip" },
        { name: "Mobile", type: "phone" },
        { name: "first name" },
        { name: "City", sort_order: 40 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as LeadAttribute[];
    expect(data.map((a) => a.name)).toEqual(["First Name", "Zip", "Phone", "First Name", "City"]);
    expect(data[1]!.id).toBe(zip.id);
    expect(data[0]!.id).toBe(data[3]!.id);
    expect(data[0]!.sort_order).toBe(3);
    expect(data[4]!.sort_order).toBe(40);
    expect((await all(h)).map((a) => a.name)).toEqual(["Phone", "Email", "Zip", "First Name", "City"]);

    const single = await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: h, payload: { name: "State" } });
    expect(single.json().data[0]).toMatchObject({ name: "State", sort_order: 5 });
  });

  it("refuses blank names and empty arrays", async () => {
    const { h } = await team();
    const blank = await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: h, payload: [{ name: "  " }] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().message).toBe("The name field is required.");
    const empty = await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: h, payload: [] });
    expect(empty.statusCode).toBe(422);
  });

  it("renames and reorders, but never the system attributes or onto another name", async () => {
    const { h } = await team();
    const [zip, city] = (
      await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: h, payload: [{ name: "Zip" }, { name: "City" }] })
    ).json().data as LeadAttribute[];
    const renamed = await api.app.inject({
      method: "PUT",
      url: `/api/lead-attributes/${zip!.id}`,
      headers: h,
      payload: { name: "Postcode", sort_order: 9 },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Postcode", slug: "postcode", sort_order: 9 });
    const clash = await api.app.inject({
      method: "PUT",
      url: `/api/lead-attributes/${city!.id}`,
      headers: h,
      payload: { name: "POSTCODE" },
    });
    expect(clash.statusCode).toBe(422);
    const phone = (await all(h)).find((a) => a.type === "phone")!;
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await api.app.inject({ method, url: `/api/lead-attributes/${phone.id}`, headers: h, payload: { name: "Tel" } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("The phone and email attributes cannot be edited or removed.");
    }
  });

  it("deletes an attribute with its values and unmaps it from imports", async () => {
    const t = await team();
    const [notes] = (
      await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: t.h, payload: [{ name: "Notes" }] })
    ).json().data as LeadAttribute[];
    // Values live in each lead's attrs, by attribute id: the other attribute's value stays.
    const kept = { [String(notes!.id + 1000)]: ["y"] };
    await api.database.query("INSERT INTO leads (team_id, attrs) VALUES ($1, $2), ($1, $3)", [
      t.ctx.teamId,
      JSON.stringify({ [String(notes!.id)]: ["x", "z"], ...kept }),
      JSON.stringify({ [String(notes!.id)]: ["x"] }),
    ]);
    // The confirmation says what goes with it: 3 values on 2 leads.
    const usage = await api.app.inject({ method: "GET", url: `/api/lead-attributes/${notes!.id}/usage`, headers: t.h });
    expect(usage.json()).toEqual({ data: { leads: 2, values: 3 } });
    const del = await api.app.inject({ method: "DELETE", url: `/api/lead-attributes/${notes!.id}`, headers: t.h });
    expect(del.statusCode).toBe(200);
    const left = await api.database.query<{ attrs: Record<string, string[]> }>("SELECT attrs FROM leads WHERE team_id = $1 ORDER BY id", [
      t.ctx.teamId,
    ]);
    expect(left.rows.map((r) => r.attrs)).toEqual([kept, {}]);
    expect((await api.app.inject({ method: "DELETE", url: `/api/lead-attributes/${notes!.id}`, headers: t.h })).statusCode).toBe(404);
  });

  it("answers 404 for another team's attribute and changes nothing", async () => {
    const a = await team();
    const b = await team();
    const [zip] = (await api.app.inject({ method: "POST", url: "/api/lead-attributes", headers: a.h, payload: [{ name: "Zip" }] })).json()
      .data as LeadAttribute[];
    const put = await api.app.inject({ method: "PUT", url: `/api/lead-attributes/${zip!.id}`, headers: b.h, payload: { name: "Mine" } });
    expect(put.statusCode).toBe(404);
    expect((await api.app.inject({ method: "DELETE", url: `/api/lead-attributes/${zip!.id}`, headers: b.h })).statusCode).toBe(404);
    expect((await all(a.h)).find((x) => x.id === zip!.id)?.name).toBe("Zip");
    expect((await all(b.h)).map((x) => x.name)).toEqual(["Phone", "Email"]);
  });
});
