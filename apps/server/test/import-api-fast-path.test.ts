import { API_KEY_CACHE_MS, AppError, authenticateApiKey, createRateLimiter } from "@leadflow/domain";
import { describe, expect, it } from "vitest";
import { useApi } from "./helpers";

/**
 * The public import API's fast path (docs/scaling.md, "One team never slows another"): keys cached a few seconds, rate
 * limits counted in memory.
 */
const api = useApi();

async function teamWithKey() {
  const team = await api.factory.team();
  const source = await api.factory.source(team.ctx, { name: "Web forms" });
  const list = await api.factory.list(team.ctx, source.id, { name: "Landing page" });
  const res = await api.app.inject({
    method: "POST",
    url: "/api/import-lists",
    headers: api.auth(team.token),
    payload: { name: "Landing form", source_id: source.id, list_id: list.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { team, source, list, key: res.json().data as { id: number; api_key: string } };
}

let phone = 1000;
async function push(apiKey: string): Promise<number> {
  const res = await api.app.inject({
    method: "POST",
    url: `/api/import/lead?api_key=${encodeURIComponent(apiKey)}`,
    payload: { leads: [{ attributes: [{ type: "phone", attribute: "Phone", value: `212555${phone++}` }] }] },
  });
  return res.statusCode;
}

const put = (token: string, url: string, payload: object) =>
  api.app.inject({ method: "PUT", url, headers: api.auth(token), payload }).then((r) => r.statusCode);

describe("the import API key cache", () => {
  it("sees a change made elsewhere within the cache time, and one made here at once", async () => {
    const { team, source, list, key } = await teamWithKey();
    expect(await push(key.api_key)).toBe(200);

    // Another api process switches the list off: this process still trusts what it read, for a few seconds.
    await api.database.query("UPDATE lists SET is_active = false WHERE id = $1", [list.id]);
    expect(await push(key.api_key)).toBe(200);
    const later = authenticateApiKey(api.db, key.api_key, { now: Date.now() + API_KEY_CACHE_MS });
    await expect(later).rejects.toMatchObject({ code: "api_target_inactive" });
    expect(await push(key.api_key)).toBe(403);

    // Changes through this process's routes forget the team's keys at once.
    expect(await put(team.token, `/api/sources/lists/${list.id}`, { status: "active" })).toBe(200);
    expect(await push(key.api_key)).toBe(200);
    expect(await put(team.token, `/api/sources/${source.id}`, { status: "inactive" })).toBe(200);
    expect(await push(key.api_key)).toBe(403);
    expect(await put(team.token, `/api/sources/${source.id}`, { status: "active" })).toBe(200);
    expect(await push(key.api_key)).toBe(200);
    const gone = await api.app.inject({ method: "DELETE", url: `/api/import-lists/${key.id}`, headers: api.auth(team.token) });
    expect(gone.statusCode).toBe(200);
    expect(await push(key.api_key)).toBe(401);
  });

  it("never caches an unknown key: a key made after a miss works at once", async () => {
    await expect(authenticateApiKey(api.db, "lf_not-a-key")).rejects.toBeInstanceOf(AppError);
    const { key } = await teamWithKey();
    expect(await push(key.api_key)).toBe(200);
  });
});

describe("in-memory rate limits", () => {
  const rule = { limit: 5, windowSeconds: 60 };

  it("answer 429 with Retry-After past the limit, writing nothing on the embedded database", async () => {
    const limits = createRateLimiter({ kind: "pglite", db: api.db });
    const key = `test-local:${Date.now()}`;
    for (let i = 0; i < 5; i++) limits.hit(key, rule);
    let refused: unknown;
    try {
      limits.hit(key, rule);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    const headers = (refused as AppError).headers;
    expect(Number(headers?.["Retry-After"])).toBeGreaterThan(0);
    expect(Number(headers?.["Retry-After"])).toBeLessThanOrEqual(60);
    await limits.stop();
    const { rows } = await api.database.query("SELECT 1 FROM rate_limits WHERE key = $1", [key]);
    expect(rows).toHaveLength(0);
  });

  it("share one limit between processes through one write per flush", async () => {
    // Two limiters on one database are two api processes; flushes are the test's, not a timer's.
    const a = createRateLimiter(api.database, { shared: true, flushMs: 3_600_000 });
    const b = createRateLimiter(api.database, { shared: true, flushMs: 3_600_000 });
    const key = `test-shared:${Date.now()}`;
    for (let i = 0; i < 3; i++) a.hit(key, rule);
    await a.flush();
    b.hit(key, rule);
    await b.flush();
    const stored = await api.database.query<{ hits: number }>("SELECT hits FROM rate_limits WHERE key = $1", [key]);
    expect(stored.rows[0]?.hits).toBe(4);
    // b knows of a's three: its fifth hit is the limit's last, its sixth is refused.
    b.hit(key, rule);
    expect(() => b.hit(key, rule)).toThrow(AppError);
    await b.flush();
    // a learns the total at its next flush.
    a.hit(key, rule);
    await a.flush();
    expect(() => a.hit(key, rule)).toThrow(AppError);
    await a.stop();
    await b.stop();
  });
});
