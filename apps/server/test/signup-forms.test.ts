import { DefaultConsentText } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { useApi } from "./helpers";

/*
 * Sign-up forms over HTTP (docs/opt-in.md): the list page's settings routes, and the public page on the app's host and
 * on a team's short host — what it shows, what a post writes, its token, honeypot and per-address limit.
 */

const api = useApi({ APP_URL: "https://app.leadflow.test", LEADFLOW_SIGNUP_RATE_LIMIT: "5" });
let ip = 0;

async function teamWithList() {
  const team = await api.factory.team();
  const source = await api.database.query<{ id: number }>("INSERT INTO sources (team_id, name) VALUES ($1, 'Web') RETURNING id", [
    team.ctx.teamId,
  ]);
  const list = await api.database.query<{ id: number }>(
    "INSERT INTO lists (team_id, source_id, name) VALUES ($1, $2, 'VIP') RETURNING id",
    [team.ctx.teamId, source.rows[0]!.id],
  );
  return { team, listId: list.rows[0]!.id };
}

const FORM = {
  title: "Join VIP",
  description: "Deals first.",
  consent_text: DefaultConsentText,
  success_message: "Thanks!",
  double_opt_in: false,
};

const page = (url: string, o: { host?: string; from?: string; method?: "GET" | "POST"; body?: string } = {}) =>
  api.app.inject({
    method: o.method ?? "GET",
    url,
    remoteAddress: o.from ?? `198.51.100.${++ip % 250}`,
    headers: {
      host: o.host ?? "app.leadflow.test",
      "user-agent": "Mozilla/5.0 (iPhone)",
      "content-type": "application/x-www-form-urlencoded",
    },
    ...(o.body !== undefined ? { payload: o.body } : {}),
  });
const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";

describe("sign-up form settings", () => {
  it("creates, reads and changes a list's form; bad input is a 422 on its field", async () => {
    const { team, listId } = await teamWithList();
    const auth = api.auth(team.token);
    const none = await api.app.inject({ method: "GET", url: `/api/lists/${listId}/signup-form`, headers: auth });
    expect(none.json()).toMatchObject({ data: null, defaults: { title: "Join VIP" } });
    const bad = await api.app.inject({
      method: "PUT",
      url: `/api/lists/${listId}/signup-form`,
      headers: auth,
      payload: { ...FORM, title: "", double_opt_in: true },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(["title", "from_number"]));
    const saved = await api.app.inject({ method: "PUT", url: `/api/lists/${listId}/signup-form`, headers: auth, payload: FORM });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      title: "Join VIP",
      enabled: true,
      url: expect.stringMatching(/^https:\/\/app\.leadflow\.test\/f\/[0-9A-Za-z]{10}$/),
    });
    const field = await api.app.inject({
      method: "PUT",
      url: `/api/lists/${listId}/signup-form`,
      headers: auth,
      payload: { ...FORM, fields: [{ attribute_id: 2147483647, label: "X" }] },
    });
    expect(field.statusCode).toBe(422);
    const growth = await api.app.inject({ method: "GET", url: `/api/lists/${listId}/growth?days=7`, headers: auth });
    expect(growth.statusCode).toBe(422);
    expect(growth.json().errors.days).toEqual(["The range must be 30 or 90 days."]);
    expect((await api.app.inject({ method: "GET", url: `/api/lists/${listId}/growth?days=90`, headers: auth })).json().days).toHaveLength(
      90,
    );
  });
});

describe("the public page", () => {
  it("shows only the form, takes a sign-up with its consent record, and refuses what it should", async () => {
    const { team, listId } = await teamWithList();
    const auth = api.auth(team.token);
    const form = (await api.app.inject({ method: "PUT", url: `/api/lists/${listId}/signup-form`, headers: auth, payload: FORM })).json();
    const path = `/f/${form.code}`;
    const get = await page(path);
    expect(get.statusCode).toBe(200);
    expect(get.headers["cache-control"]).toBe("no-store");
    expect(get.body).toContain("Join VIP");
    expect(get.body).toContain("Msg &#38; data rates may apply");
    expect(get.body).not.toContain(team.email);

    // Bad phone: the page again with the error, nothing written.
    const bad = await page(path, { method: "POST", body: `token=${encodeURIComponent(tokenOf(get.body))}&phone=123` });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Enter a valid mobile number.");
    // No token, or a forged one: refused.
    expect((await page(path, { method: "POST", body: "phone=2015550123" })).statusCode).toBe(400);
    expect((await page(path, { method: "POST", body: "token=1700000000000.forged&phone=2015550123" })).statusCode).toBe(400);
    // The honeypot: told it worked, nothing stored.
    const bot = await page(path, { method: "POST", body: `token=${encodeURIComponent(tokenOf(get.body))}&phone=2015550124&website=spam` });
    expect(bot.statusCode).toBe(200);
    const count = async () =>
      (await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM list_leads WHERE team_id = $1", [team.ctx.teamId])).rows[0]!
        .n;
    expect(await count()).toBe(0);

    const ok = await page(path, {
      method: "POST",
      from: "203.0.113.9",
      body: `token=${encodeURIComponent(tokenOf(get.body))}&phone=(201) 555-0125`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("Thanks!");
    expect(await count()).toBe(1);
    const consent = await api.database.query<{ ip: string; user_agent: string; page_url: string; origin: string }>(
      "SELECT ip, user_agent, page_url, origin FROM lead_consents WHERE team_id = $1",
      [team.ctx.teamId],
    );
    expect(consent.rows).toEqual([
      { ip: "203.0.113.9", user_agent: "Mozilla/5.0 (iPhone)", page_url: `http://app.leadflow.test${path}`, origin: "form" },
    ]);
  });

  it("is a 404 for an unknown code, a disabled form, and another team's form on a short host", async () => {
    const a = await teamWithList();
    const b = await teamWithList();
    const fa = (
      await api.app.inject({ method: "PUT", url: `/api/lists/${a.listId}/signup-form`, headers: api.auth(a.team.token), payload: FORM })
    ).json();
    const fb = (
      await api.app.inject({ method: "PUT", url: `/api/lists/${b.listId}/signup-form`, headers: api.auth(b.team.token), payload: FORM })
    ).json();
    await api.database.query("INSERT INTO short_url_domains (team_id, url) VALUES ($1, 'go.brand-a.test')", [a.team.ctx.teamId]);
    expect((await page(`/f/${fa.code}`, { host: "go.brand-a.test" })).statusCode).toBe(200);
    const other = await page(`/f/${fb.code}`, { host: "go.brand-a.test" });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("Join VIP");
    expect((await page("/f/AAAAAAAAAA")).statusCode).toBe(404);
    expect((await page("/f/x")).statusCode).toBe(404);
    await api.app.inject({
      method: "PUT",
      url: `/api/lists/${b.listId}/signup-form`,
      headers: api.auth(b.team.token),
      payload: { ...FORM, enabled: false },
    });
    expect((await page(`/f/${fb.code}`)).statusCode).toBe(404);
  });

  it("answers 429 past the per-address limit of posts", async () => {
    const { team, listId } = await teamWithList();
    const form = (
      await api.app.inject({ method: "PUT", url: `/api/lists/${listId}/signup-form`, headers: api.auth(team.token), payload: FORM })
    ).json();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await page(`/f/${form.code}`, { method: "POST", from: "192.0.2.77", body: "phone=1" })).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 400)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
    const limited = await page(`/f/${form.code}`, { method: "POST", from: "192.0.2.77", body: "phone=1" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});
