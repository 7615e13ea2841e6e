import { ListSortKeys, SourceSortKeys } from "@leadflow/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({ method, url, payload, headers: api.auth(token) });

interface ListJson {
  id: number;
  name: string;
  status: string;
  is_active: boolean;
  source_id: number;
  source: { id: number; name: string };
}
const names = (body: { data: { name: string }[] }) => body.data.map((x) => x.name);

const COUNTER_KEYS = [
  "added_today",
  "id",
  "percentage_lookup",
  "percentage_verified",
  "total_blacklisted_leads",
  "total_flagged_leads",
  "total_leads",
  "unique_today",
];

/** Sets maintained counters directly, as imports will. */
async function setCounters(table: "sources" | "lists", id: number, c: Record<string, number | string>) {
  const cols = Object.keys(c);
  await api.database.query(`UPDATE ${table} SET ${cols.map((k, i) => `${k} = $${i + 2}`).join(", ")} WHERE id = $1`, [
    id,
    ...Object.values(c),
  ]);
}

describe("lists under a source", () => {
  it("creates, lists, reads, renames, deactivates, activates and deletes a list", async () => {
    const { ctx, token } = await api.factory.team();
    const source = await api.factory.source(ctx, { name: "Web" });

    const created = await call(token, "POST", `/api/sources/${source.id}/lists`, { name: "  April leads " });
    expect(created.statusCode).toBe(201);
    const list = created.json() as ListJson;
    expect(list).toMatchObject({
      name: "April leads",
      status: "active",
      is_active: true,
      source_id: source.id,
      source: { id: source.id, name: "Web" },
    });
    expect(list).toMatchObject({ total_leads: 0, unique_today: 0, added_today: 0 });

    const inactive = await call(token, "POST", `/api/sources/${source.id}/lists`, { name: "Old", status: "inactive" });
    expect(inactive.json()).toMatchObject({ status: "inactive", is_active: false });

    const page = await call(token, "GET", `/api/sources/${source.id}/lists`);
    expect(page.statusCode).toBe(200);
    expect(names(page.json()).sort()).toEqual(["April leads", "Old"]);

    const got = await call(token, "GET", `/api/sources/lists/${list.id}`);
    expect(got.json()).toMatchObject({ id: list.id, name: "April leads" });

    const renamed = await call(token, "PUT", `/api/sources/lists/${list.id}`, { name: "May leads" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "May leads", status: "active", is_active: true });

    const off = await call(token, "PUT", `/api/sources/lists/${list.id}`, { status: "inactive" });
    expect(off.json()).toMatchObject({ name: "May leads", status: "inactive", is_active: false });
    const on = await call(token, "PUT", `/api/sources/lists/${list.id}`, { status: "active" });
    expect(on.json()).toMatchObject({ status: "active", is_active: true });

    const badStatus = await call(token, "PUT", `/api/sources/lists/${list.id}`, { status: "archived" });
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors.status).toBeDefined();
    const blank = await call(token, "PUT", `/api/sources/lists/${list.id}`, { name: " " });
    expect(blank.statusCode).toBe(422);
    expect((await call(token, "GET", `/api/sources/lists/${list.id}`)).json().name).toBe("May leads");

    const del = await call(token, "DELETE", `/api/sources/lists/${list.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBeTruthy();
    expect((await call(token, "GET", `/api/sources/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(token, "DELETE", `/api/sources/lists/${list.id}`)).statusCode).toBe(404);
    const after = await call(token, "GET", `/api/sources/${source.id}`);
    expect(after.json().lists_count).toBe(1);
  });

  it("answers 404 for lists of an unknown source", async () => {
    const { token } = await api.factory.team();
    expect((await call(token, "GET", "/api/sources/2147483000/lists")).statusCode).toBe(404);
    expect((await call(token, "POST", "/api/sources/2147483000/lists", { name: "x" })).statusCode).toBe(404);
  });

  it("pages lists with a default limit of 100 and the meta", async () => {
    const { ctx, token } = await api.factory.team();
    const source = await api.factory.source(ctx);
    const values = Array.from({ length: 105 }, (_, i) => `(${ctx.teamId}, ${source.id}, 'L${String(i).padStart(3, "0")}')`).join(",");
    await api.database.query(`INSERT INTO lists (team_id, source_id, name) VALUES ${values}`);

    const first = (await call(token, "GET", `/api/sources/${source.id}/lists`)).json();
    expect(first.data).toHaveLength(100);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 100, total: 105 });
    const second = (await call(token, "GET", `/api/sources/${source.id}/lists?page=2`)).json();
    expect(second.data).toHaveLength(5);
    const small = (await call(token, "GET", `/api/sources/${source.id}/lists?limit=15&page=2&sort=name,asc`)).json();
    expect(small.meta).toEqual({ current_page: 2, last_page: 7, per_page: 15, total: 105 });
    expect(small.data[0].name).toBe("L015");
    const found = (await call(token, "GET", `/api/sources/${source.id}/lists?search=L10`)).json();
    expect(names(found).sort()).toEqual(["L100", "L101", "L102", "L103", "L104"]);
    const beyond = (await call(token, "GET", `/api/sources/${source.id}/lists?page=9`)).json();
    expect(beyond).toEqual({ data: [], meta: { current_page: 9, last_page: 2, per_page: 100, total: 105 } });
  });

  it("deletes a batch of lists given in the query or in a JSON body, all or nothing", async () => {
    const a = await api.factory.team();
    const b = await api.factory.team();
    const source = await api.factory.source(a.ctx);
    const [l1, l2, l3, l4] = await Promise.all([1, 2, 3, 4].map(() => api.factory.list(a.ctx, source.id)));
    const foreign = await api.factory.list(b.ctx, (await api.factory.source(b.ctx)).id);

    const refused = await call(a.token, "DELETE", `/api/sources/lists/batch?ids[0]=${l1!.id}&ids[1]=${foreign.id}`);
    expect(refused.statusCode).toBe(404);
    const refusedBody = await call(a.token, "DELETE", "/api/sources/lists/batch", { ids: [l1!.id, foreign.id] });
    expect(refusedBody.statusCode).toBe(404);
    expect((await call(a.token, "GET", `/api/sources/lists/${l1!.id}`)).statusCode).toBe(200);
    expect((await call(b.token, "GET", `/api/sources/lists/${foreign.id}`)).statusCode).toBe(200);

    const byQuery = await call(a.token, "DELETE", `/api/sources/lists/batch?ids[0]=${l1!.id}&ids[1]=${l2!.id}`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toEqual({ deleted: 2 });
    const byBody = await call(a.token, "DELETE", "/api/sources/lists/batch", { ids: [l3!.id] });
    expect(byBody.json()).toEqual({ deleted: 1 });
    const single = await call(a.token, "DELETE", `/api/sources/lists/batch?ids=${l4!.id}`);
    expect(single.json()).toEqual({ deleted: 1 });
    expect((await call(a.token, "GET", `/api/sources/${source.id}/lists`)).json().meta.total).toBe(0);

    const empty = await call(a.token, "DELETE", "/api/sources/lists/batch");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.ids).toBeDefined();
    const junk = await call(a.token, "DELETE", "/api/sources/lists/batch?ids[0]=abc");
    expect(junk.statusCode).toBe(422);
  });

  it("answers the counter shape for source and list aggregations", async () => {
    const { ctx, token } = await api.factory.team();
    const source = await api.factory.source(ctx);
    const list = await api.factory.list(ctx, source.id);
    await setCounters("lists", list.id, {
      total_leads: 40,
      unique_today: 3,
      added_today: 5,
      today_on: new Date().toISOString().slice(0, 10),
      total_flagged_leads: 2,
      total_blacklisted_leads: 1,
      contacts_total: 8,
      contacts_verified: 2,
      contacts_looked_up: 4,
    });
    // Yesterday's today-counters read as 0.
    await setCounters("sources", source.id, { total_leads: 40, unique_today: 9, added_today: 9, today_on: "2001-01-01" });

    const listAgg = await call(token, "GET", `/api/sources/lists/${list.id}/aggregations`);
    expect(listAgg.statusCode).toBe(200);
    expect(Object.keys(listAgg.json()).sort()).toEqual(COUNTER_KEYS);
    expect(listAgg.json()).toEqual({
      id: list.id,
      total_leads: 40,
      unique_today: 3,
      added_today: 5,
      total_flagged_leads: 2,
      total_blacklisted_leads: 1,
      percentage_lookup: 50,
      percentage_verified: 25,
    });
    const srcAgg = await call(token, "GET", `/api/sources/${source.id}/aggregations`);
    expect(Object.keys(srcAgg.json()).sort()).toEqual(COUNTER_KEYS);
    expect(srcAgg.json()).toMatchObject({ id: source.id, total_leads: 40, unique_today: 0, added_today: 0, percentage_lookup: 0 });
  });

  it("sums the team's sources in GET /api/sources/total", async () => {
    const { ctx, token } = await api.factory.team();
    const today = new Date().toISOString().slice(0, 10);
    const s1 = await api.factory.source(ctx);
    const s2 = await api.factory.source(ctx);
    await setCounters("sources", s1.id, { total_leads: 10, unique_today: 2, added_today: 3, today_on: today });
    await setCounters("sources", s2.id, { total_leads: 5, unique_today: 7, added_today: 7, today_on: "2001-01-01" });
    const other = await api.factory.team();
    await setCounters("sources", (await api.factory.source(other.ctx)).id, { total_leads: 1000 });
    const res = await call(token, "GET", "/api/sources/total");
    expect(res.json()).toEqual({ total_leads: 15, unique_today: 2, added_today: 3 });
  });

  it("nests lists in GET /api/all-sources-with-lists and counts them in the sources table", async () => {
    const { ctx, token } = await api.factory.team();
    const web = await api.factory.source(ctx, { name: "Web" });
    const empty = await api.factory.source(ctx, { name: "Empty" });
    await api.factory.list(ctx, web.id, { name: "b list" });
    const a = await api.factory.list(ctx, web.id, { name: "A list" });
    await call(token, "PUT", `/api/sources/lists/${a.id}`, { status: "inactive" });

    const res = await call(token, "GET", "/api/all-sources-with-lists?limit=100");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 100, total: 2 });
    expect(body.data).toEqual([
      { id: empty.id, name: "Empty", status: "active", lists: [] },
      {
        id: web.id,
        name: "Web",
        status: "active",
        lists: [
          { id: a.id, name: "A list", status: "inactive", is_active: false },
          expect.objectContaining({ name: "b list", status: "active", is_active: true }),
        ],
      },
    ]);

    const sources = (await call(token, "GET", "/api/sources?sort=name,asc")).json();
    expect(sources.data.map((s: { name: string; lists_count: number }) => [s.name, s.lists_count])).toEqual([
      ["Empty", 0],
      ["Web", 2],
    ]);
  });

  it("searches names literally: % and _ are not wildcards", async () => {
    const { ctx, token } = await api.factory.team();
    const source = await api.factory.source(ctx, { name: "50% off" });
    await api.factory.source(ctx, { name: "500 leads" });
    await api.factory.source(ctx, { name: "a_b" });
    await api.factory.source(ctx, { name: "axb" });
    expect(names((await call(token, "GET", "/api/sources?search=50%25")).json())).toEqual(["50% off"]);
    expect(names((await call(token, "GET", "/api/sources?search=a_b")).json())).toEqual(["a_b"]);
    await api.factory.list(ctx, source.id, { name: "x_y" });
    await api.factory.list(ctx, source.id, { name: "xzy" });
    expect(names((await call(token, "GET", `/api/sources/${source.id}/lists?search=x_`)).json())).toEqual(["x_y"]);
  });

  it("deletes sources given as a comma list or a single id", async () => {
    const { ctx, token } = await api.factory.team();
    const [s1, s2, s3] = [await api.factory.source(ctx), await api.factory.source(ctx), await api.factory.source(ctx)];
    expect((await call(token, "DELETE", `/api/sources/batch?ids=${s1.id},${s2.id}`)).json()).toEqual({ deleted: 2 });
    expect((await call(token, "DELETE", `/api/sources/batch?ids=${s3.id}`)).json()).toEqual({ deleted: 1 });
    expect((await call(token, "GET", "/api/sources")).json().meta.total).toBe(0);
  });

  it("returns an empty page with the right meta beyond the last page", async () => {
    const { ctx, token } = await api.factory.team();
    await api.factory.source(ctx);
    await api.factory.source(ctx);
    const res = await call(token, "GET", "/api/sources?page=3&limit=15");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { current_page: 3, last_page: 1, per_page: 15, total: 2 } });
  });

  it("sorts sources and lists by every allowed key, both ways, and refuses an unknown key", async () => {
    const { ctx, token } = await api.factory.team();
    const today = new Date().toISOString().slice(0, 10);
    const spec = [
      { name: "bravo", n: 2 },
      { name: "Alpha", n: 1 },
      { name: "charlie", n: 3 },
    ];
    const parent = await api.factory.source(ctx, { name: "parent" });
    const sources = [];
    const lists = [];
    for (const { name, n } of spec) {
      const counters = {
        total_leads: n,
        unique_today: n,
        added_today: n,
        today_on: today,
        total_flagged_leads: n,
        total_blacklisted_leads: n,
        contacts_total: 10,
        contacts_verified: n,
        contacts_looked_up: n,
        created_at: `2024-01-0${n}T00:00:00Z`,
        updated_at: `2024-01-0${n}T00:00:00Z`,
      };
      const s = await api.factory.source(ctx, { name });
      await setCounters("sources", s.id, counters);
      sources.push(s);
      const l = await api.factory.list(ctx, parent.id, { name });
      await setCounters("lists", l.id, counters);
      lists.push(l);
    }
    // "parent" has no counters and the oldest possible dates, so it sorts first ascending on every key but name.
    await setCounters("sources", parent.id, { created_at: "2000-01-01T00:00:00Z", updated_at: "2000-01-01T00:00:00Z" });
    const ascending = ["Alpha", "bravo", "charlie"];

    for (const key of SourceSortKeys) {
      const asc = names((await call(token, "GET", `/api/sources?sort=${key},asc`)).json()).filter((n) => n !== "parent");
      const desc = names((await call(token, "GET", `/api/sources?sort=${key},desc`)).json()).filter((n) => n !== "parent");
      const expected = key === "id" ? sources.map((s) => s.name) : ascending;
      expect(asc, `sources by ${key}`).toEqual(expected);
      expect(desc, `sources by ${key} desc`).toEqual([...expected].reverse());
    }
    for (const key of ListSortKeys) {
      const asc = names((await call(token, "GET", `/api/sources/${parent.id}/lists?sort=${key}&order=asc`)).json());
      const desc = names((await call(token, "GET", `/api/sources/${parent.id}/lists?sort=${key}&order=desc`)).json());
      const expected = key === "id" ? lists.map((l) => l.name) : ascending;
      expect(asc, `lists by ${key}`).toEqual(expected);
      expect(desc, `lists by ${key} desc`).toEqual([...expected].reverse());
    }

    // A key the list does not have never reaches SQL: a 422 that names the keys it has.
    for (const sort of ["nope,asc", "name;DROP TABLE sources", "password_hash", "team_id,desc", "name,sideways"]) {
      const res = await call(token, "GET", `/api/sources?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(422);
      expect(res.json().errors.sort[0], sort).toMatch(/^Sort (by one of: .*name|direction must be asc or desc)/);
      const lres = await call(token, "GET", `/api/sources/${parent.id}/lists?sort=${encodeURIComponent(sort)}`);
      expect(lres.statusCode, sort).toBe(422);
    }
    // No key at all: the default, newest first.
    for (const sort of ["-", ","]) {
      const res = await call(token, "GET", `/api/sources?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(200);
      expect(names(res.json())[0]).toBe("charlie");
    }
  });
});
