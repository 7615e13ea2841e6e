import { LeadSortKeys, type LeadTablePage } from "@leadflow/contracts";
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

const ids = (p: LeadTablePage) => p.data.map((r) => r.id);

/** Follows next_cursor to the end, then prev_cursor back to the start; answers the pages both ways. */
async function walk(token: string, base: string) {
  const forward: number[][] = [];
  let page = await h.page(token, base);
  expect(page.meta.prev_cursor).toBeNull();
  forward.push(ids(page));
  while (page.meta.next_cursor) {
    page = await h.page(token, `${base}&cursor=${page.meta.next_cursor}`);
    forward.push(ids(page));
    expect(page.meta.prev_cursor).not.toBeNull();
  }
  const backward: number[][] = [ids(page)];
  while (page.meta.prev_cursor) {
    page = await h.page(token, `${base}&cursor=${page.meta.prev_cursor}`);
    backward.unshift(ids(page));
    expect(page.meta.next_cursor).not.toBeNull();
  }
  return { forward, backward };
}

describe("lead tables", () => {
  it("pages forward and back with every sort key, in one stable order with ties", async () => {
    const t = await h.team(leadCsv(23));
    // Ties on purpose: one import gives every lead the same created_at; the others repeat a few values.
    await h.q(
      `UPDATE leads SET revenue = (id % 4) * 2.5, duplicates_count = id % 3, status = 1 + id % 3,
         updated_at = updated_at - ((id % 5) * interval '1 minute') - ((id % 2) * interval '1 microsecond')
       WHERE team_id = $1`,
      [t.ctx.teamId],
    );
    for (const key of LeadSortKeys) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = (
          await h.q<{ id: number }>(`SELECT id::int AS id FROM leads WHERE team_id = $1 ORDER BY ${key} ${dir}, id ${dir}`, [t.ctx.teamId])
        ).map((r) => r.id);
        for (const base of [`/api/leads?limit=5&sort=${key},${dir}`, `/api/lists/${t.list.id}/leads?limit=5&sort=${key}&order=${dir}`]) {
          const { forward, backward } = await walk(t.token, base);
          expect(forward.length, `${base}`).toBe(5);
          expect(forward.flat(), `${base}`).toEqual(expected);
          expect(backward, `${base} back`).toEqual(forward);
        }
      }
    }
  });

  it("defaults to id descending and answers rows with their values, columns and totals", async () => {
    const t = await h.team(leadCsv(3));
    const page = await h.page(t.token, "/api/leads");
    const all = await h.leadIds(t.ctx.teamId);
    expect(ids(page)).toEqual([...all].reverse());
    expect(page.meta).toMatchObject({ per_page: 50, total: 3, total_is_estimate: false, next_cursor: null, prev_cursor: null });
    const names = page.attributes.map((a) => a.name);
    expect(names.slice(0, 2)).toEqual(["Phone", "Email"]);
    expect(names).toEqual(expect.arrayContaining(["City", "Name"]));
    const [phone, email, city] = ["Phone", "Email", "City"].map((n) => String(page.attributes.find((a) => a.name === n)!.id));
    const first = page.data.at(-1)!;
    expect(first.values[phone!]).toEqual(["+12125551000"]);
    expect(first.values[email!]).toEqual(["person0@example.com"]);
    expect(first.values[city!]).toEqual(["Austin"]);
    expect(first).toMatchObject({ status: 1, status_label: "Imported", revenue: 0, duplicates_count: 0 });
  });

  it("finds a phone in any format, an email in any case, an id, and text in values", async () => {
    const t = await h.team(leadCsv(12));
    const all = await h.leadIds(t.ctx.teamId);
    const search = async (s: string, base = "/api/leads?") => ids(await h.page(t.token, `${base}search=${encodeURIComponent(s)}`));
    // Lead 4 has (212) 555-1004.
    for (const s of ["(212) 555-1004", "2125551004", "+1 212 555 1004", "212.555.1004", "1-212-555-1004"]) {
      expect(await search(s), s).toEqual([all[4]]);
    }
    expect(await search("PERSON7@example.COM")).toEqual([all[7]]);
    expect(await search(" person7@example.com ")).toEqual([all[7]]);
    expect(await search("nobody@example.com")).toEqual([]);
    expect(await search(String(all[9]))).toEqual([all[9]]);
    expect(await search("name 11")).toEqual([all[11]]);
    expect(await search("BOSTON")).toEqual([all[10], all[7], all[4], all[1]]);
    // Text matches inside one value, never across a key or two values.
    expect(await search('Boston"')).toEqual([]);
    expect(await search("Austin, Name")).toEqual([]);
    // On a list page too, with its total.
    const onList = await h.page(t.token, `/api/lists/${t.list.id}/leads?search=chicago`);
    expect(ids(onList)).toEqual([all[11], all[8], all[5], all[2]]);
    expect(onList.meta).toMatchObject({ total: 4, total_is_estimate: false });
    const byPhone = await h.page(t.token, `/api/lists/${t.list.id}/leads?search=${encodeURIComponent("(212) 555-1003")}`);
    expect(ids(byPhone)).toEqual([all[3]]);
    // Status filter.
    await h.q("UPDATE leads SET status = 3 WHERE team_id = $1 AND id = ANY($2)", [t.ctx.teamId, [all[0], all[5]]]);
    expect(ids(await h.page(t.token, "/api/leads?status=3"))).toEqual([all[5], all[0]]);
  });

  it("finds a rare word among thousands of leads, in any attribute and any case, with its exact total", async () => {
    const t = await h.team(leadCsv(3));
    const attrs = (await h.page(t.token, "/api/leads")).attributes;
    const [city, name] = ["City", "Name"].map((a) => String(attrs.find((x) => x.name === a)!.id));
    // Enough leads that the search samples before it looks (lead-text-search.ts): the rare word is in a name, a
    // city, and a name written in capitals; the first two are on the list.
    const added = await h.q<{ id: number }>(
      `WITH l AS (INSERT INTO leads (team_id, status, attrs)
         SELECT $1, 1, jsonb_strip_nulls(jsonb_build_object(
           $2::text, COALESCE(CASE g WHEN 2200 THEN '["Port Wellingham"]'::jsonb END, jsonb_build_array('Austin')),
           $3::text, COALESCE(CASE g WHEN 2100 THEN '["Ann Wellingham"]'::jsonb WHEN 900 THEN '["WELLINGHAM-Ross"]'::jsonb END,
                              jsonb_build_array('Name ' || g))))
         FROM generate_series(1, 2500) g RETURNING id, attrs)
       SELECT id::int AS id FROM l WHERE attrs::text ILIKE '%wellingham%' ORDER BY id`,
      [t.ctx.teamId, city, name],
    );
    expect(added).toHaveLength(3);
    const [ross, ann, port] = added.map((r) => r.id);
    await h.q("INSERT INTO list_leads (team_id, list_id, lead_id) SELECT $1, $2, unnest($3::bigint[])", [
      t.ctx.teamId,
      t.list.id,
      [ann, port],
    ]);
    await h.q("ANALYZE leads");
    const page = await h.page(t.token, "/api/leads?limit=2&search=wellINGham");
    expect(ids(page)).toEqual([port, ann]);
    expect(page.meta).toMatchObject({ total: 3, total_is_estimate: false });
    const rest = await h.page(t.token, `/api/leads?limit=2&search=wellINGham&cursor=${page.meta.next_cursor}`);
    expect(ids(rest)).toEqual([ross]);
    expect(rest.meta).toMatchObject({ total: 3, total_is_estimate: false, next_cursor: null });
    const onList = await h.page(t.token, `/api/lists/${t.list.id}/leads?search=WELLINGHAM`);
    expect(ids(onList)).toEqual([port, ann]);
    expect(onList.meta).toMatchObject({ total: 2, total_is_estimate: false });
    expect(ids(await h.page(t.token, "/api/leads?search=wellingham&sort=updated_at,desc"))).toHaveLength(3);
    expect(ids(await h.page(t.token, "/api/leads?search=ann%20wellingham"))).toEqual([ann]);
    // A common word is still found, read in id order.
    expect((await h.page(t.token, "/api/leads?limit=5&search=austin")).meta.total).toBeGreaterThan(2000);
  });

  it("pages thousands of leads in Updated Date order, and a lead edited moves to the top", async () => {
    const t = await h.team(leadCsv(3));
    await h.q(
      `INSERT INTO leads (team_id, status, updated_at)
       SELECT $1, 1, now() - ((g * 7919) % 2500) * interval '1 second' - (g % 2) * interval '1 microsecond' FROM generate_series(1, 2500) g`,
      [t.ctx.teamId],
    );
    await h.q("ANALYZE leads");
    const expected = (
      await h.q<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1 ORDER BY updated_at DESC, id DESC", [t.ctx.teamId])
    ).map((r) => r.id);
    const { forward, backward } = await walk(t.token, "/api/leads?limit=400&sort=updated_at,desc");
    expect(forward.flat()).toEqual(expected);
    expect(backward).toEqual(forward);
    const edited = expected.at(-1)!;
    await h.q("UPDATE leads SET updated_at = now() + interval '1 minute' WHERE team_id = $1 AND id = $2", [t.ctx.teamId, edited]);
    expect(ids(await h.page(t.token, "/api/leads?limit=3&sort=updated_at,desc"))[0]).toBe(edited);
    expect(ids(await h.page(t.token, "/api/leads?limit=3&sort=updated_at,asc"))[0]).toBe(expected.at(-2));
  });

  it("counts exactly while cheap and pages a searched table with the count of its matches", async () => {
    const t = await h.team(leadCsv(30));
    const page = await h.page(t.token, "/api/leads?limit=4&search=austin");
    expect(page.data).toHaveLength(4);
    expect(page.meta).toMatchObject({ total: 10, total_is_estimate: false });
    const second = await h.page(t.token, `/api/leads?limit=4&search=austin&cursor=${page.meta.next_cursor}`);
    expect(second.meta).toMatchObject({ total: 10, total_is_estimate: false });
    expect(second.data.every((r) => Object.values(r.values).flat().includes("Austin"))).toBe(true);
  });

  it("estimates totals past what it counts exactly, and says so", async () => {
    const team = await api.factory.team();
    const source = await api.factory.source(team.ctx);
    const list = await api.factory.list(team.ctx, source.id);
    const attr = (await h.call(team.token, "POST", "/api/lead-attributes", [{ name: "Code" }])).json().data[0].id as number;
    const n = 12_000;
    await h.q(
      `WITH l AS (INSERT INTO leads (team_id, status, attrs)
                  SELECT $1, 1, jsonb_build_object($4::text, jsonb_build_array(CASE WHEN g % 2 = 0 THEN 'even' ELSE 'odd' END || ' 987654321012345'))
                  FROM generate_series(1, $2) g RETURNING id)
       INSERT INTO list_leads (team_id, list_id, lead_id) SELECT $1, $3, id FROM l`,
      [team.ctx.teamId, n, list.id, String(attr)],
    );
    await h.q("UPDATE lists SET total_leads = $2 WHERE id = $1", [list.id, n]);
    await h.q("ANALYZE leads");
    const all = await h.page(team.token, "/api/leads?limit=10");
    expect(all.meta.total_is_estimate).toBe(true);
    expect(all.meta.total).toBeGreaterThan(10_000);
    // Half of the newest leads say "even": about half of all.
    const even = await h.page(team.token, "/api/leads?limit=10&search=even");
    expect(even.meta).toMatchObject({ total: 6000, total_is_estimate: true });
    const onList = await h.page(team.token, `/api/lists/${list.id}/leads?limit=10&search=odd`);
    expect(onList.meta).toMatchObject({ total: 6000, total_is_estimate: true });
    expect((await h.page(team.token, `/api/lists/${list.id}/leads?limit=10`)).meta).toMatchObject({ total: n, total_is_estimate: false });
    // A number no lead has as its id is searched as text.
    expect((await h.page(team.token, "/api/leads?limit=10&search=987654321012345")).data).toHaveLength(10);
  });

  it("shows a list's own columns and its maintained total", async () => {
    const t = await h.team(leadCsv(5));
    const other = await api.factory.list(t.ctx, t.source.id, { name: "Other" });
    await h.importInto(t.token, other.id, "Phone,Company\n(212) 555-2000,Acme\n(212) 555-2001,Initech\n");
    const own = await h.page(t.token, `/api/lists/${other.id}/leads`);
    expect(own.attributes.map((a) => a.name)).toEqual(["Phone", "Email", "Company"]);
    expect(own.meta).toMatchObject({ total: 2, total_is_estimate: false });
    const first = await h.page(t.token, `/api/lists/${t.list.id}/leads?limit=2`);
    expect(first.attributes.map((a) => a.name)).toEqual(["Phone", "Email", "City", "Name"]);
    // The maintained counter, not a count: it is what the list's header shows.
    await h.q("UPDATE lists SET total_leads = 777 WHERE id = $1", [t.list.id]);
    expect((await h.page(t.token, `/api/lists/${t.list.id}/leads?limit=2`)).meta).toMatchObject({ total: 777, total_is_estimate: false });
    const all = await h.page(t.token, "/api/leads");
    expect(all.attributes.map((a) => a.name)).toEqual(["Phone", "Email", "City", "Name", "Company"]);
    expect(all.meta.total).toBe(7);
  });

  it("returns HTML and script in values as plain strings", async () => {
    const t = await h.team('Phone,Note\n(212) 555-3000,"<script>alert(1)</script><b>x</b>"\n');
    const page = await h.page(t.token, "/api/leads");
    const note = String(page.attributes.find((a) => a.name === "Note")!.id);
    expect(page.data[0]!.values[note]).toEqual(["<script>alert(1)</script><b>x</b>"]);
    expect(ids(await h.page(t.token, `/api/leads?search=${encodeURIComponent("<b>")}`))).toEqual([page.data[0]!.id]);
  });

  it("refuses a cursor that does not decode, and starts over with a cursor of another sort", async () => {
    const t = await h.team(leadCsv(3));
    const bad = await h.call(t.token, "GET", "/api/leads?cursor=not-a-cursor");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cursor).toBeDefined();
    const page = await h.page(t.token, "/api/leads?limit=1");
    const other = await h.page(t.token, `/api/leads?limit=1&sort=revenue,asc&cursor=${page.meta.next_cursor}`);
    expect(other.meta.prev_cursor).toBeNull();
    expect((await h.call(t.token, "GET", "/api/leads?limit=501")).statusCode).toBe(422);
    expect((await h.call(t.token, "GET", "/api/lists/999999/leads")).statusCode).toBe(404);
  });
});
