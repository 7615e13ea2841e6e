import type { InjectOptions, LightMyRequestResponse } from "fastify";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../src/http/errors";
import { parseQuery } from "../src/http/querystring";
import { type Api, setupApi } from "./helpers";

/** Bad input to the API: each gets a clear error and changes nothing else. */

let api: Api;
let team: Awaited<ReturnType<Api["factory"]["team"]>>;
const seen: LightMyRequestResponse[] = [];

beforeAll(async () => {
  api = await setupApi();
  team = await api.factory.team();
});
afterAll(async () => {
  // No answer of this whole file carries a stack trace or an internal path.
  expect(seen.length).toBeGreaterThan(30);
  for (const res of seen) {
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\/work\/|"stack"|Error: /);
    if (res.statusCode >= 400) expect(typeof res.json().message, res.body).toBe("string");
  }
  await api.close();
});

async function send(opts: InjectOptions & { auth?: boolean }): Promise<LightMyRequestResponse> {
  const { auth = true, headers, ...rest } = opts;
  const res = await api.app.inject({ ...rest, headers: { ...(auth ? api.auth(team.token) : {}), ...headers } });
  seen.push(res);
  return res;
}
const json = (method: "POST" | "PUT" | "DELETE", url: string, body: string, auth = true) =>
  send({ method, url, auth, payload: body, headers: { "content-type": "application/json" } });

async function sourceCount(): Promise<number> {
  return (await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM sources WHERE team_id = $1", [team.ctx.teamId])).rows[0]!
    .n;
}

describe("bad bodies", () => {
  it("answers oversized JSON with 413 and a message", async () => {
    const before = await sourceCount();
    const res = await json("POST", "/api/sources", JSON.stringify({ name: "big", pad: "x".repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The request is too large.");
    const form = await send({
      method: "POST",
      url: "/api/signin",
      auth: false,
      payload: `email=a&password=${"x".repeat(70_000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.statusCode).toBe(413);
    expect(await sourceCount()).toBe(before);
  });

  it("answers malformed JSON with 400 and a message", async () => {
    for (const body of ['{"name": ', "{name: 'x'}", "\u0000", '{"name":"x"}}']) {
      const res = await json("POST", "/api/sources", body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("answers JSON that is not an object with 422", async () => {
    for (const body of ["null", "[]", '"name"', "42", "true"]) {
      const res = await json("POST", "/api/sources", body);
      expect(res.statusCode, body).toBe(422);
      expect(res.json().message, body).toBe("The request body must be a JSON object.");
    }
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await send({
      method: "POST",
      url: "/api/sources",
      payload: "<name>x</name>",
      headers: { "content-type": "application/xml" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Unsupported content type.");
  });

  it("neither crashes nor pollutes prototypes with __proto__ and constructor keys", async () => {
    const before = await sourceCount();
    const bodies = [
      '{"name":"p1","__proto__":{"polluted":"yes"}}',
      '{"name":"p2","constructor":{"prototype":{"polluted":"yes"}}}',
      '{"name":{"__proto__":{"polluted":"yes"}}}',
    ];
    for (const body of bodies) {
      const res = await json("POST", "/api/sources", body);
      expect(res.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body).toBeLessThan(500);
      expect(res.json().message).toBeTruthy();
    }
    for (const qs of ["__proto__[polluted]=yes", "__proto__=yes", "constructor[prototype][polluted]=yes", "search[__proto__]=yes"]) {
      const res = await send({ method: "GET", url: `/api/sources?${qs}` });
      expect(res.statusCode, qs).toBeLessThan(500);
    }
    const res = await send({
      method: "POST",
      url: "/api/signin",
      auth: false,
      payload: "email=a%40b.c&password=x&__proto__[polluted]=yes&constructor=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(401);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(await sourceCount()).toBe(before);
    // A harmless "constructor" (no "prototype" inside) is data like any other.
    const harmless = await json("POST", "/api/sources", '{"name":"p4","constructor":"x"}');
    expect(harmless.statusCode).toBe(201);
  });

  it("says which key a poisoned body may not contain", async () => {
    const proto = 'The body may not contain a "__proto__" key.';
    const ctor = 'The body may not contain a "constructor" key with a "prototype" inside.';
    for (const [body, message] of [
      ['{"name":"p1","__proto__":{"polluted":"yes"}}', proto],
      ['{"name":{"__proto__":{"polluted":"yes"}}}', proto],
      ['[{"a":[{"__proto__":null}]}]', proto],
      ['{"name":"p","\\u005f_proto__":{}}', proto],
      ['{"name":"p2","constructor":{"prototype":{"polluted":"yes"}}}', ctor],
    ]) {
      const res = await json("POST", "/api/sources", body!);
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toEqual({ message });
    }
    const broken = await json("POST", "/api/sources", '{"name": ');
    expect(broken.json()).toEqual({ message: "The body is not valid JSON." });
    const bom = await json("POST", "/api/sources", '\uFEFF{"name":"With a byte order mark"}');
    expect(bom.statusCode).toBe(201);
  });

  it("survives deep nesting", async () => {
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
    const before = await sourceCount();
    expect((await json("POST", "/api/sources", `{"name":${deep(200_000)}}`)).statusCode).toBe(422);
    expect((await json("POST", "/api/sources", `{"name":${objects(100_000)}}`)).statusCode).toBe(422);
    expect((await json("POST", "/api/sources", `{"x":${objects(50_000)},"constructor":{"prototype":{}}}`)).statusCode).toBe(400);
    expect(await sourceCount()).toBe(before);
    // Deep junk in a field nobody reads is dropped, not walked.
    expect((await json("POST", "/api/sources", `{"name":"deep","x":${objects(100_000)}}`)).statusCode).toBe(201);
    expect((await send({ method: "GET", url: "/api/sources" })).statusCode).toBe(200);
  });

  it("ignores unknown fields", async () => {
    const other = await api.factory.team();
    const res = await json(
      "POST",
      "/api/sources",
      JSON.stringify({ name: "Extra", foo: "bar", team_id: other.ctx.teamId, total_leads: 999, id: 1 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty("foo");
    expect(res.json()).toMatchObject({ name: "Extra", total_leads: 0 });
    const [row] = (await api.database.query<{ team_id: number }>("SELECT team_id FROM sources WHERE id = $1", [res.json().id])).rows;
    expect(row!.team_id).toBe(team.ctx.teamId);
  });

  it("rejects fields that are far too long or of the wrong type", async () => {
    expect((await json("POST", "/api/sources", JSON.stringify({ name: "x".repeat(50_000) }))).statusCode).toBe(422);
    expect((await json("POST", "/api/sources", JSON.stringify({ name: 42 }))).statusCode).toBe(422);
    const signup = await json(
      "POST",
      "/api/signup",
      JSON.stringify({
        name: "L",
        email: `${"a".repeat(50_000)}@example.test`,
        phone_number: "+15551234567",
        industry: 1,
        password: "Secret#123",
        password_confirmation: "Secret#123",
      }),
      false,
    );
    expect(signup.statusCode).toBe(422);
    expect(signup.json().errors.email).toBeDefined();
    const industry = await json(
      "POST",
      "/api/signup",
      JSON.stringify({
        name: "L",
        email: "l@example.test",
        phone_number: "+15551234567",
        industry: 9,
        password: "Secret#123",
        password_confirmation: "Secret#123",
      }),
      false,
    );
    expect(industry.statusCode).toBe(422);
    expect(industry.json().errors.industry).toBeDefined();
  });
});

describe("NUL bytes", () => {
  it("answers 422, never 500, for a NUL byte in any text", async () => {
    const before = await sourceCount();
    const cases: (InjectOptions & { url: string })[] = [
      { method: "GET", url: "/api/sources?search=%00" },
      { method: "GET", url: "/api/sources?sort=name%00" },
      { method: "GET", url: "/api/team/users?search=a%00b" },
      { method: "POST", url: "/api/sources", payload: { name: "a\u0000b" } },
      { method: "PUT", url: "/api/user/profile", payload: { name: "a\u0000b", phone_number: "+15551234567" } },
    ];
    for (const c of cases) {
      const res = await send(c);
      expect(res.statusCode, c.url).toBe(422);
      expect(res.json().message, c.url).toBe("The text contains a character that is not allowed.");
    }
    const signIn = await send({ method: "POST", url: "/api/signin", auth: false, payload: { email: "a\u0000b", password: "x" } });
    expect(signIn.statusCode).toBe(422);
    const signup = await send({
      method: "POST",
      url: "/api/signup",
      auth: false,
      payload: {
        name: "a\u0000b",
        email: "nul@example.test",
        phone_number: "+15551234567",
        industry: 1,
        password: "Secret#123",
        password_confirmation: "Secret#123",
      },
    });
    expect(signup.statusCode).toBe(422);
    expect(signup.json().errors.name).toBeDefined();
    expect(await sourceCount()).toBe(before);
  });
});

describe("mass assignment", () => {
  it("registration ignores team_id, role, is_admin and email_verified_at", async () => {
    const email = `mass-${Date.now()}@example.test`;
    const res = await json(
      "POST",
      "/api/signup",
      JSON.stringify({
        name: "Mallory",
        email,
        phone_number: "+15551234567",
        industry: 1,
        password: "Secret#123",
        password_confirmation: "Secret#123",
        team_id: team.ctx.teamId,
        role: "team_operator",
        roles: ["team_admin"],
        is_admin: true,
        email_verified_at: "2020-01-01T00:00:00Z",
        status: "active",
        balance: 1_000_000,
      }),
      false,
    );
    expect(res.statusCode).toBe(201);
    const [row] = (
      await api.database.query<{ team_id: number; role: string; is_admin: boolean; email_verified_at: string | null }>(
        "SELECT team_id, role, is_admin, email_verified_at FROM users WHERE email = $1",
        [email],
      )
    ).rows;
    expect(row!.team_id).not.toBe(team.ctx.teamId);
    expect(row).toMatchObject({ role: "team_admin", is_admin: false, email_verified_at: null });
    const signIn = await json("POST", "/api/signin", JSON.stringify({ email, password: "Secret#123" }), false);
    expect(signIn.statusCode).toBe(403);
  });

  it("the profile ignores team_id, role, email, is_admin and email_verified_at", async () => {
    const t = await api.factory.team({ role: "team_operator" });
    const other = await api.factory.team();
    const res = await send({
      method: "PUT",
      url: "/api/user/profile",
      headers: api.auth(t.token),
      payload: {
        name: "Renamed",
        phone_number: "+15559990000",
        team_id: other.ctx.teamId,
        role: "team_admin",
        roles: ["team_admin"],
        email: "takeover@example.test",
        is_admin: true,
        email_verified_at: null,
        blocked_at: "2020-01-01",
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = (
      await api.database.query<Record<string, unknown>>(
        "SELECT name, team_id, role, email, is_admin, email_verified_at, blocked_at FROM users WHERE id = $1",
        [t.ctx.userId],
      )
    ).rows;
    expect(row).toMatchObject({
      name: "Renamed",
      team_id: t.ctx.teamId,
      role: "team_operator",
      email: t.email,
      is_admin: false,
      blocked_at: null,
    });
    expect(row!.email_verified_at).not.toBeNull();
  });

  it("an invitation cannot place a user in another team or make a global admin", async () => {
    const other = await api.factory.team();
    const email = `inv-${Date.now()}@example.test`;
    const res = await json(
      "POST",
      "/api/team/users",
      JSON.stringify({ name: "I", email, role: "team_operator", team_id: other.ctx.teamId, is_admin: true }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = (
      await api.database.query<{ team_id: number; is_admin: boolean }>("SELECT team_id, is_admin FROM users WHERE email = $1", [email])
    ).rows;
    expect(row).toEqual({ team_id: team.ctx.teamId, is_admin: false });
  });
});

describe("bad query strings and ids", () => {
  it("answers an absurd limit or page with 422 instead of running the query", async () => {
    for (const url of [
      "/api/sources?limit=1000000000",
      "/api/sources?limit=0",
      "/api/sources?limit=-5",
      "/api/sources?limit=abc",
      "/api/sources?page=0",
      "/api/sources?page=99999999999",
      "/api/sources/1/lists?limit=1000000000",
      "/api/all-sources-with-lists?limit=1000000000",
      "/api/team/users?limit=1000000000",
    ]) {
      const res = await send({ method: "GET", url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message, url).toBeTruthy();
      expect(Object.keys(res.json().errors).length, url).toBeGreaterThan(0);
    }
    const res = await send({ method: "GET", url: "/api/sources?limit=1000000000" });
    expect(res.json().errors.limit).toEqual(["The limit may not be greater than 1000."]);
  });

  it("answers a non-numeric or out-of-range id with 422 or 404 and a message", async () => {
    const urls = [
      "/api/sources/abc",
      "/api/sources/1.5",
      "/api/sources/-1",
      "/api/sources/0",
      "/api/sources/99999999999999999999",
      "/api/sources/1e400",
      "/api/sources/%00",
      "/api/sources/lists/abc",
      "/api/sources/lists/abc/aggregations",
      "/api/lists/abc/signup-form",
      "/api/lists/0/growth",
      "/api/lists/1.5/opt-in-requests",
      "/api/sources/abc/lists",
      "/api/sources/NaN/aggregations",
      "/api/team/users/abc",
      "/api/sources/2147483647",
      "/api/campaigns/abc/send-preview",
      "/api/campaigns/0/send-preview",
      "/api/campaigns/2147483647/send-preview",
    ];
    for (const url of urls) {
      const res = await send({
        method: url.startsWith("/api/team") ? "PUT" : "GET",
        url,
        payload: url.startsWith("/api/team") ? { blocked: true } : undefined,
      });
      expect([404, 422], url).toContain(res.statusCode);
      expect(res.json().message, url).toBeTruthy();
    }
    const abc = await send({ method: "GET", url: "/api/sources/abc" });
    expect(abc.json()).toEqual({ message: "The id must be a number.", errors: { id: ["The id must be a number."] } });
    const change = await json("POST", "/api/user/abc/password/change", JSON.stringify({}));
    expect(change.statusCode).toBe(422);
  });

  it("answers a message preview's bad campaign, lead, domain or message with 404 or 422 and a message", async () => {
    const gateway = (
      await json(
        "POST",
        "/api/gateways",
        JSON.stringify({ kind: "sms", type: "sandbox", name: "Preview sandbox", senders: { numbers: [{ number: "+12015550111" }] } }),
      )
    ).json().data as { id: number };
    const c = (
      await json(
        "POST",
        "/api/campaigns",
        JSON.stringify({ name: "Preview input", type: "sms", sender_type: "gateway", setting_gateway_id: gateway.id }),
      )
    ).json().data as { id: number };
    const cases: [string, unknown, number][] = [
      ["/api/campaigns/abc/message-preview", { message: "Hi" }, 422],
      ["/api/campaigns/2147483647/message-preview", { message: "Hi" }, 404],
      [`/api/campaigns/${c.id}/message-preview`, { message: "Hi", lead_id: "abc" }, 422],
      [`/api/campaigns/${c.id}/message-preview`, { message: "Hi", lead_id: -1 }, 422],
      [`/api/campaigns/${c.id}/message-preview`, { message: "Hi", lead_id: 1.5 }, 422],
      [`/api/campaigns/${c.id}/message-preview`, { message: "Hi", lead_id: 9_007_199_254_740_991 }, 404],
      [`/api/campaigns/${c.id}/message-preview`, { message: "Hi", short_url_domain_id: "x" }, 422],
      [`/api/campaigns/${c.id}/message-preview`, { message: 5 }, 422],
      [`/api/campaigns/${c.id}/message-preview`, { message: "x".repeat(10_001) }, 422],
      [`/api/campaigns/${c.id}/message-preview`, {}, 422],
    ];
    for (const [url, body, status] of cases) {
      const res = await json("POST", url, JSON.stringify(body));
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(res.json().message, url).toBeTruthy();
    }
  });

  it("answers the inbox's bad ids, filters, cursors, users and texts with 404 or 422 and a message", async () => {
    const gets: [string, number][] = [
      ["/api/conversations?filter=everything", 422],
      ["/api/conversations?limit=1000", 422],
      ["/api/conversations?cursor=not-a-cursor", 422],
      [`/api/conversations?cursor=${Buffer.from('["x", 1]').toString("base64url")}`, 422],
      ["/api/conversations?assigned_user_id=abc", 422],
      ["/api/conversations?assigned_user_id=2147483647", 404],
      ["/api/conversations/abc", 422],
      ["/api/conversations/2147483647", 404],
    ];
    for (const [url, status] of gets) {
      const res = await send({ method: "GET", url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toBeTruthy();
    }
    const posts: [string, unknown, number][] = [
      ["/api/conversations", {}, 422],
      ["/api/conversations", { lead_id: "abc" }, 422],
      ["/api/conversations", { lead_id: 9_007_199_254_740_991 }, 404],
      ["/api/conversations/2147483647/reply", { text: "Hi" }, 404],
      ["/api/conversations/1/reply", { text: "" }, 422],
      ["/api/conversations/1/reply", { text: "x".repeat(1601) }, 422],
      ["/api/conversations/1/reply", {}, 422],
      ["/api/conversations/1/assign", {}, 422],
      ["/api/conversations/1/assign", { user_id: "me" }, 422],
      ["/api/conversations/2147483647/assign", { user_id: null }, 404],
      ["/api/conversations/2147483647/close", {}, 404],
    ];
    for (const [url, body, status] of posts) {
      const res = await json("POST", url, JSON.stringify(body));
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(res.json().message, url).toBeTruthy();
    }
  });

  it("answers batch ids that are not ids, too many, or a sparse index", async () => {
    for (const qs of ["ids[0]=abc", "ids=", "ids[0]=-1", "ids[0]=1.5", "x=1"]) {
      const res = await send({ method: "DELETE", url: `/api/sources/batch?${qs}` });
      expect(res.statusCode, qs).toBe(422);
      expect(
        Object.keys(res.json().errors).some((k) => k.startsWith("ids")),
        qs,
      ).toBe(true);
    }
    const many = await json(
      "DELETE",
      "/api/sources/lists/batch",
      JSON.stringify({ ids: Array.from({ length: 100_000 }, (_, i) => i + 1) }),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json()).toEqual({
      message: "The ids may not have more than 10000 items.",
      errors: { ids: ["The ids may not have more than 10000 items."] },
    });
    // The index only orders the values ("the query-string parser" below); how fast is B11c's business.
    const sparse = await send({ method: "DELETE", url: "/api/sources/batch?ids[999999999]=2147483000" });
    expect(sparse.statusCode).toBe(404);
  });

  it("names the field and the limit when a selection's list is too long, not a bare 'Invalid input'", async () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const deleted = await json("DELETE", "/api/leads/batch", JSON.stringify({ ids }));
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json()).toEqual({
      message: "The ids may not have more than 10000 items.",
      errors: { ids: ["The ids may not have more than 10000 items."] },
    });
    const status = await json("PUT", "/api/leads/batch-status", JSON.stringify({ all: true, except: ids, status: 2 }));
    expect(status.statusCode).toBe(422);
    expect(status.json().errors).toEqual({ except: ["The except may not have more than 10000 items."] });
  });

  it("answers an unknown API path with 404 and a message, with or without a token", async () => {
    for (const auth of [true, false]) {
      const res = await send({ method: "GET", url: "/api/nope", auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe("the query-string parser", () => {
  it.each([
    ["ids[0]=1&ids[1]=2", { ids: ["1", "2"] }],
    ["ids[1]=b&ids[0]=a", { ids: ["a", "b"] }],
    ["ids[]=1&ids[]=2", { ids: ["1", "2"] }],
    ["ids=1&ids=2", { ids: ["1", "2"] }],
    ["ids=1,2", { ids: "1,2" }],
    ["ids[5]=x", { ids: ["x"] }],
    ["search=a%26b&page=2", { search: "a&b", page: "2" }],
    ["__proto__=1&constructor=2&prototype=3&ok=4", { ok: "4" }],
  ])("parses %s", (qs, expected) => {
    expect(parseQuery(qs)).toEqual(expected);
  });

  it("does not build a sparse array from a huge index", () => {
    // Two values, not an array a billion long: the index only orders them. How fast: B11c.
    expect(parseQuery("ids[999999999]=1&ids[0]=2")).toEqual({ ids: ["2", "1"] });
  });

  it("stops after 1000 parameters", () => {
    const qs = Array.from({ length: 5000 }, (_, i) => `k${i}=v`).join("&");
    expect(Object.keys(parseQuery(qs))).toHaveLength(1000);
  });
});

describe("public endpoints (no login: links, pixel, callbacks, inbound, postbacks, unsubscribe)", () => {
  /** An answer for a person's browser (the redirect's and unsubscribe's pages): a status, and nothing internal. */
  const page = async (method: "GET" | "POST" | "HEAD", url: string) => {
    const res = await api.app.inject({ method, url, remoteAddress: "203.0.113.7" });
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\/work\/|"stack"|Error: /);
    return res.statusCode;
  };
  const anon = (method: "GET" | "POST", url: string, payload?: string, headers: Record<string, string> = {}) =>
    send({
      method,
      url,
      auth: false,
      ...(payload === undefined ? {} : { payload }),
      headers: { "content-type": "text/plain", ...headers },
    });

  it("answers unknown, odd and overlong link codes and pixels with a small page, never an error", async () => {
    expect(await page("GET", "/ZZZZZZZZZZ")).toBe(404);
    expect(await page("HEAD", "/ZZZZZZZZZZz")).toBe(404);
    expect(await page("GET", `/${"Z".repeat(11)}?x=${"y".repeat(5000)}`)).toBe(404);
    expect(await page("GET", "/o/1/forged")).toBe(404);
    expect(await page("GET", `/o/${"9".repeat(30)}/x`)).toBeGreaterThanOrEqual(400);
  });

  it("refuses forged and malformed provider callbacks with a message, storing nothing", async () => {
    const before = (await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM provider_events", [])).rows[0]!.n;
    for (const [url, body] of [
      ["/hooks/sms/1/status", "MessageSid=SM1&MessageStatus=delivered"],
      ["/hooks/sms/1/inbound", "From=%2B12125550100&To=%2B12015550101&Body=STOP"],
      ["/hooks/sms/0/status", "{}"],
      ["/hooks/sms/abc/status", "{}"],
      ["/hooks/email/1/sns", '{"Type":"Notification","Message":"{}","Signature":"forged"}'],
      ["/hooks/email/1/status", "\u0000"],
    ] as const) {
      const res = await anon("POST", url, body);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM provider_events", [])).rows[0]!.n).toBe(before);
  });

  it("refuses postbacks to unknown trackings, unsigned or forged ones, and bad amounts", async () => {
    const tracking = (await json("POST", "/api/revenues/tracking", JSON.stringify({ name: "Partner" }))).json().data as {
      postback_url: string;
    };
    const path = new URL(tracking.postback_url).pathname;
    const at = (q: string) => anon("GET", `${path}?${q}`);
    expect((await anon("GET", "/postback/nope?click_id=a&amount=1")).statusCode).toBe(404);
    expect((await at("click_id=a&amount=1")).statusCode).toBe(403);
    expect((await at(`click_id=a&amount=1&sig=${"0".repeat(64)}`)).statusCode).toBe(403);
    for (const amount of ["-5", "1e9", "abc", "1.123456", ""])
      expect((await at(`click_id=a&amount=${amount}&sig=x`)).statusCode, amount).toBeGreaterThanOrEqual(400);
    expect((await at(`click_id=${"a".repeat(5000)}&amount=1&sig=x`)).statusCode).toBeLessThan(500);
    const kept = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM revenue_conversions WHERE team_id = $1", [
      team.ctx.teamId,
    ]);
    expect(kept.rows[0]!.n).toBe(0);
  });

  it("refuses forged and malformed unsubscribe links", async () => {
    expect(await page("GET", "/unsubscribe/1?sig=forged")).toBeGreaterThanOrEqual(400);
    expect(await page("POST", "/unsubscribe/1?sig=forged")).toBeGreaterThanOrEqual(400);
    expect(await page("GET", "/unsubscribe/abc")).toBeGreaterThanOrEqual(400);
    expect(await page("GET", `/unsubscribe/${"9".repeat(40)}?sig=x`)).toBeLessThan(500);
  });
});

describe("unexpected failures", () => {
  it("answers 500 with a generic message and no detail", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get("/boom", async () => {
      throw new Error("connection to db at /srv/secret.ts:12:3 failed");
    });
    app.get("/bad-value", async () => {
      throw new Error("Failed query: insert into sources …", {
        cause: Object.assign(new Error("invalid byte sequence"), { code: "22021" }),
      });
    });
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    // A value PostgreSQL refuses is the request's fault, and the query text stays on the server.
    const bad = await app.inject({ method: "GET", url: "/bad-value" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: "The request contains a value that cannot be stored." });
    await app.close();
  });
});
