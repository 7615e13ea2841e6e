import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

describe("sources API", () => {
  it("creates, lists, searches, renames and deletes sources within the team", async () => {
    const { token } = await api.factory.team();
    const h = api.auth(token);
    const created = await api.app.inject({ method: "POST", url: "/api/sources", headers: h, payload: { name: "Web forms" } });
    expect(created.statusCode).toBe(201);
    const source = created.json();
    expect(source).toMatchObject({ name: "Web forms", total_leads: 0, unique_today: 0, lists_count: 0 });
    await api.app.inject({ method: "POST", url: "/api/sources", headers: h, payload: { name: "Partners" } });

    const page = await api.app.inject({ method: "GET", url: "/api/sources?search=web&limit=15", headers: h });
    expect(page.json().data.map((s: { name: string }) => s.name)).toEqual(["Web forms"]);
    expect(page.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 1 });

    const sorted = await api.app.inject({ method: "GET", url: "/api/sources?sort=name,asc", headers: h });
    expect(sorted.json().data.map((s: { name: string }) => s.name)).toEqual(["Partners", "Web forms"]);

    const renamed = await api.app.inject({
      method: "PUT",
      url: `/api/sources/${source.id}`,
      headers: h,
      payload: { name: "Landing pages" },
    });
    expect(renamed.json().name).toBe("Landing pages");

    const del = await api.app.inject({ method: "DELETE", url: `/api/sources/${source.id}`, headers: h });
    expect(del.statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url: `/api/sources/${source.id}`, headers: h })).statusCode).toBe(404);
  });

  it("rejects a blank name with 422 and a field error", async () => {
    const { token } = await api.factory.team();
    const res = await api.app.inject({ method: "POST", url: "/api/sources", headers: api.auth(token), payload: { name: "  " } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "The name field is required.", errors: { name: ["The name field is required."] } });
  });

  it("deletes a batch given as ids[n] and refuses a batch holding another team's id", async () => {
    const a = await api.factory.team();
    const b = await api.factory.team();
    const s1 = await api.factory.source(a.ctx);
    const s2 = await api.factory.source(a.ctx);
    const foreign = await api.factory.source(b.ctx);
    const refused = await api.app.inject({
      method: "DELETE",
      url: `/api/sources/batch?ids[0]=${s1.id}&ids[1]=${foreign.id}`,
      headers: api.auth(a.token),
    });
    expect(refused.statusCode).toBe(404);
    expect((await api.app.inject({ method: "GET", url: `/api/sources/${s1.id}`, headers: api.auth(a.token) })).statusCode).toBe(200);
    const ok = await api.app.inject({
      method: "DELETE",
      url: `/api/sources/batch?ids[0]=${s1.id}&ids[1]=${s2.id}`,
      headers: api.auth(a.token),
    });
    expect(ok.json()).toEqual({ deleted: 2 });
  });

  it("answers 401 without a token", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/sources" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Unauthenticated.");
  });
});
