import type { LeadDetail } from "@leadflow/contracts";
import { hashPassword } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

/**
 * Tenant isolation (RELIABILITY I6): every registered route is called with team B's token on team A's data.
 * The list of routes comes from the app itself, so a new route fails this test until it is classified below.
 */

/** Which of team A's ids goes into a route's path parameter. */
const ID_KIND = {
  "/api/sources/:id": "source",
  "/api/sources/:id/aggregations": "source",
  "/api/sources/:id/lists": "source",
  "/api/sources/lists/:id": "list",
  "/api/sources/lists/:id/aggregations": "list",
  "/api/team/users/:id": "user",
  "/api/user/:id/password/change": "user",
  "/api/imports/:id": "import",
  "/api/imports/:id/sync-import": "import",
  "/api/imports/:id/dispatch": "import",
  "/api/imports/:id/lead-statuses": "import",
  "/api/sync-import/:id": "import",
  "/api/sync-import/:id/import-attributes/multiple": "import",
  "/api/import-files/:id": "import",
  "/api/import-files/:id/history": "import",
  "/api/lead-attributes/:id": "attribute",
  "/api/lead-attributes/:id/usage": "attribute",
  "/api/import-lists/:id": "importList",
  "/api/lists/:id/leads": "list",
  "/api/leads/:id": "lead",
  "/api/leads/:id/sources": "lead",
  "/api/leads/:id/segments": "lead",
  "/api/leads/:id/campaigns": "lead",
  "/api/leads/:id/log": "lead",
  "/api/lead-values/:id": "leadValue",
  "/api/lead-phones/:id": "leadPhone",
  "/api/lead-phones/:id/status": "leadPhone",
  "/api/lead-emails/:id": "leadEmail",
  "/api/lead-emails/:id/status": "leadEmail",
  "/api/segments/:id": "segment",
  "/api/segments/:id/filters": "segment",
  "/api/segments/:id/clone": "segment",
  "/api/segments/:id/segments": "segment",
  "/api/segments/:id/leads": "segment",
  "/api/segments/:id/export": "segment",
  "/api/gateways/:id": "gateway",
  "/api/gateways/:id/test": "gateway",
  "/api/lookup/:id": "lookup",
  "/api/lookup/:id/status": "lookup",
  "/api/leads/:id/relookup": "lead",
} as const satisfies Record<string, Kind>;
type Kind =
  | "source"
  | "list"
  | "user"
  | "import"
  | "attribute"
  | "importList"
  | "lead"
  | "leadValue"
  | "leadPhone"
  | "leadEmail"
  | "segment"
  | "gateway"
  | "lookup";

/** Routes that take ids in the query or the body. */
const BATCH_KIND: Record<string, "source" | "list"> = {
  "DELETE /api/sources/batch": "source",
  "DELETE /api/sources/lists/batch": "list",
};

/** Bulk actions on leads: ids or an "all matching" selection in the body (their own check below). */
const LEAD_BATCH = new Set([
  "PUT /api/leads/batch-status",
  "DELETE /api/leads/batch",
  // Segment ids in the body: their own check below (segmentBatches).
  "DELETE /api/segments/batch",
  "POST /api/segments/refresh",
  // Lookup, source, list and segment ids in the body: their own check below (lookupBatches).
  "POST /api/lookup-start",
  "POST /api/lookup-stop",
  "POST /api/sources/lookup",
  "POST /api/sources/lists/lookup",
  "POST /api/segments/lookup/batch",
]);

/**
 * Routes that take no id: they act on the caller's own user or team. Their answers are checked for team A's
 * data below; a route with an id in its body (the live-channel authorisation) has its own check.
 */
const NO_ID = new Set([
  "GET /api/user",
  "PUT /api/user/profile",
  "POST /api/logout",
  "GET /api/team/users",
  "POST /api/team/users",
  "GET /api/processes",
  "DELETE /api/processes",
  "GET /api/sources",
  "POST /api/sources",
  "GET /api/sources/total",
  "GET /api/all-sources-with-lists",
  "POST /api/broadcasting/auth",
  "GET /api/imports",
  "GET /api/imports/active",
  "GET /api/segments",
  "POST /api/segments",
  "POST /api/segments/preview",
  "GET /api/segments/exports",
  // Takes a list id in its multipart body: its own check below ("uploads into another team's list").
  "POST /api/imports",
  "GET /api/lead-attributes",
  "GET /api/lead-attributes-all",
  "POST /api/lead-attributes",
  "GET /api/validation-template/phone",
  "PUT /api/validation-template/phone",
  "GET /api/import-lists",
  // Takes a list id in its body: a list of another team is a 404 (import-api.test.ts).
  "POST /api/import-lists",
  "GET /api/leads",
  "GET /api/gateways",
  "POST /api/gateways",
  "GET /api/gateways/options",
  // Takes a gateway id in its body (an edit's draft): another team's is a 404 (gateways.test.ts).
  "POST /api/gateways/test",
  "GET /api/lookup",
  // Takes gateway, source and list ids in its body: another team's are refused (lookups.test.ts).
  "POST /api/lookup",
  "GET /api/balance",
  "GET /api/balance/transactions",
  "GET /api/lookup-settings",
  "PUT /api/lookup-settings",
]);

/** Lookup batches with team A's lookup, sources, lists or audience in them: 404, all or nothing. */
async function lookupBatches(a: TeamA, b: Awaited<ReturnType<typeof teamB>>) {
  const call = (url: string, payload: object) => api.app.inject({ method: "POST", url, headers: api.auth(b.token), payload });
  const own = (await call("/api/gateways", { kind: "sms_lookup", type: "sandbox", name: "B's sandbox", params: {} })).json().data
    .id as number;
  expect((await call("/api/lookup-start", { ids: [a.lookup.id] })).statusCode).toBe(404);
  expect((await call("/api/lookup-stop", { ids: [a.lookup.id] })).statusCode).toBe(404);
  const scope = { type: 1, setting_gateway_id: own };
  expect((await call("/api/sources/lookup", { ...scope, ids: [a.source.id] })).statusCode).toBe(404);
  expect((await call("/api/sources/lists/lookup", { ...scope, ids: [a.list.id] })).statusCode).toBe(404);
  expect((await call("/api/segments/lookup/batch", { ...scope, ids: [a.segment.id] })).statusCode).toBe(404);
}

/**
 * Where a role rule answers before the tenant check: an operator may not manage users at all, so they get
 * 403 whatever the id (it tells them nothing about team A). An admin of team B gets 404 there too.
 */
const ROLE_FIRST_FOR_OPERATOR = new Set(["PUT /api/team/users/:id"]);

const B_PASSWORD = "Bravo#123";
/** One body for every write: zod drops what a route does not know, so each route gets a valid request. */
const WRITE_BODY = {
  name: "Hijacked by B",
  status: "inactive",
  role: "team_operator",
  blocked: true,
  current_password: B_PASSWORD,
  password: "Hijack#123",
  password_confirmation: "Hijack#123",
  phone_number: "+15550000000",
};

/** Routes whose body WRITE_BODY would not satisfy: a valid body, so the answer is the tenant check's, not 422. */
const ROUTE_BODY: Record<string, object> = {
  "PUT /api/sync-import/:id": { status: "pending" },
  "POST /api/sync-import/:id/import-attributes/multiple": {
    attributes: [{ processing_document_attribute_id: 1, lead_attribute_id: null }],
  },
  "PUT /api/imports/:id/lead-statuses": { lead_status: 2, phone_status: 4, email_status: 4 },
  "PUT /api/import-lists/:id": { name: "Hijacked by B", list_id: 1 },
  "PUT /api/lead-values/:id": { value: "Hijacked by B" },
  "PUT /api/lead-phones/:id": { value: "+1 212 555 0199" },
  "PUT /api/lead-emails/:id": { value: "hijack@example.com" },
  "POST /api/segments/:id/filters": { filters: {} },
  "POST /api/segments/:id/clone": { name: "Hijacked by B" },
  "POST /api/segments/:id/export": { name: "Hijacked by B" },
  "PUT /api/gateways/:id": { kind: "sms_lookup", type: "sandbox", name: "Hijacked by B" },
  "PUT /api/lookup/:id": { lead_type: 1, setting_gateway_id: 1, source_id: 1 },
  "POST /api/lookup/:id/status": { status: 4 },
  "POST /api/leads/:id/relookup": { lead_type: "lead_phone", lookup_gateway_id: 1 },
};

/** Routes that need a valid query string. */
const ROUTE_QUERY: Record<string, string> = {
  "PUT /api/lead-phones/:id/status": "?status=4",
  "PUT /api/lead-emails/:id/status": "?status=4",
};

let api: Api;
let routes: Api["routes"];
beforeAll(async () => {
  api = await setupApi();
  routes = api.routes;
});
afterAll(() => api.close());

async function teamA() {
  const admin = await api.factory.team();
  const member = await api.factory.member(admin.ctx, "team_admin");
  await api.database.query("UPDATE users SET password_hash = $1 WHERE id = $2", [await hashPassword("Member#123"), member.id]);
  const source = await api.factory.source(admin.ctx, { name: `A-source-${admin.ctx.teamId}` });
  const list = await api.factory.list(admin.ctx, source.id, { name: `A-list-${admin.ctx.teamId}` });
  await api.factory.list(admin.ctx, source.id, { name: `A-list2-${admin.ctx.teamId}` });
  // An imported file (mapped and run) and an attribute of its own.
  const im = importHelpers(api);
  const filename = `A-file-${admin.ctx.teamId}.csv`;
  const importId = await im.start(admin.token, list.id, filename, "Phone,Email,Secret\n2124567890,a-lead@example.com,A-secret\nbad,,x\n", {
    Secret: `A-attr-${admin.ctx.teamId}`,
  });
  await im.runQueued();
  const attribute = (
    await api.database.query<{ id: number; name: string }>("SELECT id, name FROM lead_attributes WHERE team_id = $1 AND NOT is_system", [
      admin.ctx.teamId,
    ])
  ).rows[0]!;
  const importList = (
    await api.app.inject({
      method: "POST",
      url: "/api/import-lists",
      headers: api.auth(admin.token),
      payload: { name: `A-key-${admin.ctx.teamId}`, list_id: list.id },
    })
  ).json().data as { id: number; api_key: string };
  const lead = (await api.database.query<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1", [admin.ctx.teamId])).rows[0]!
    .id;
  const detail = (await api.app.inject({ method: "GET", url: `/api/leads/${lead}`, headers: api.auth(admin.token) })).json() as LeadDetail;
  const valueId = (kind: string) => detail.lead_values.find((v) => v.kind === kind)!.id;
  const leadValues = { leadValue: valueId("string"), leadPhone: valueId("phone"), leadEmail: valueId("email") };
  const segment = (
    await api.app.inject({
      method: "POST",
      url: "/api/segments",
      headers: api.auth(admin.token),
      payload: { name: `A-audience-${admin.ctx.teamId}` },
    })
  ).json().data as { id: number; name: string };
  const gateway = (
    await api.app.inject({
      method: "POST",
      url: "/api/gateways",
      headers: api.auth(admin.token),
      payload: {
        kind: "sms_lookup",
        type: "gateway1",
        name: `A-gateway-${admin.ctx.teamId}`,
        params: { sys_id: "AC-A", auth_token: "A-token-0000" },
      },
    })
  ).json().data as { id: number; name: string };
  const lookup = (
    await api.app.inject({
      method: "POST",
      url: "/api/lookup",
      headers: api.auth(admin.token),
      payload: { lead_type: 1, setting_gateway_id: gateway.id, source_id: source.id, list_id: list.id },
    })
  ).json().data as { id: number };
  return { admin, member, source, list, importId, filename, attribute, importList, lead, leadValues, segment, gateway, lookup };
}
type TeamA = Awaited<ReturnType<typeof teamA>>;

async function teamB(role: "team_admin" | "team_operator") {
  const b = await api.factory.team({ password: B_PASSWORD });
  if (role === "team_admin") return b;
  const op = await api.factory.member(b.ctx, "team_operator");
  await api.database.query("UPDATE users SET password_hash = $1 WHERE id = $2", [await hashPassword(B_PASSWORD), op.id]);
  return { ...b, ctx: op.ctx, token: op.token };
}

/** Everything of team A that a leak could change. */
async function snapshot(a: TeamA) {
  const q = async (text: string) => (await api.database.query(text, [a.admin.ctx.teamId])).rows;
  return {
    sources: await q("SELECT id, name, status, total_leads, updated_at FROM sources WHERE team_id = $1 ORDER BY id"),
    lists: await q("SELECT id, source_id, name, is_active, total_leads, updated_at FROM lists WHERE team_id = $1 ORDER BY id"),
    users: await q(
      "SELECT id, name, email, phone_number, role, blocked_at, email_verified_at, password_hash, updated_at FROM users WHERE team_id = $1 ORDER BY id",
    ),
    tokens: await q("SELECT id, revoked_at, expires_at FROM access_tokens WHERE team_id = $1 ORDER BY id"),
    imports: await q(
      "SELECT id, status, sync_status, lead_status, phone_status, email_status, processed_count, updated_at FROM imports WHERE team_id = $1 ORDER BY id",
    ),
    mapping: await q("SELECT id, lead_attribute_id FROM import_attributes WHERE team_id = $1 ORDER BY id"),
    attributes: await q("SELECT id, name, sort_order, updated_at FROM lead_attributes WHERE team_id = $1 ORDER BY id"),
    leads: await q("SELECT id, status, duplicates_count, attrs, updated_at FROM leads WHERE team_id = $1 ORDER BY id"),
    phones: await q("SELECT id, lead_id, phone, status FROM lead_phones WHERE team_id = $1 ORDER BY id"),
    emails: await q("SELECT id, lead_id, email, status FROM lead_emails WHERE team_id = $1 ORDER BY id"),
    members: await q("SELECT list_id, lead_id FROM list_leads WHERE team_id = $1 ORDER BY list_id, lead_id"),
    logs: await q("SELECT id, lead_id, action FROM lead_logs WHERE team_id = $1 ORDER BY id"),
    counters: await q(
      "SELECT id, total_leads, total_flagged_leads, total_blacklisted_leads, contacts_total FROM lists WHERE team_id = $1 ORDER BY id",
    ),
    templates: await q('SELECT "values" FROM validation_templates WHERE team_id = $1'),
    importLists: await q("SELECT id, name, list_id, api_key, updated_at FROM import_lists WHERE team_id = $1 ORDER BY id"),
    segments: await q("SELECT id, parent_id, name, filters, is_recalculating, updated_at FROM segments WHERE team_id = $1 ORDER BY id"),
    exports: await q("SELECT id, segment_id, status FROM segment_exports WHERE team_id = $1 ORDER BY id"),
    gateways: await q("SELECT id, name, active, params, secrets, senders, updated_at FROM gateways WHERE team_id = $1 ORDER BY id"),
    lookups: await q(
      "SELECT id, status, gateway_id, source_id, list_id, total_count, updated_at FROM lookup_jobs WHERE team_id = $1 ORDER BY id",
    ),
    balance: await q("SELECT balance, free_lookups, lookup_freshness FROM team_balances WHERE team_id = $1"),
  };
}

function idOf(a: TeamA, kind: Kind, url: string): number | string {
  if (kind === "leadValue" || kind === "leadPhone" || kind === "leadEmail") return a.leadValues[kind];
  if (kind === "lead") return a.lead;
  if (kind === "import") return a.importId;
  if (kind === "attribute") return a.attribute.id;
  if (kind === "importList") return a.importList.id;
  if (kind === "source") return a.source.id;
  if (kind === "segment") return a.segment.id;
  if (kind === "gateway") return a.gateway.id;
  if (kind === "lookup") return a.lookup.id;
  if (kind === "list") return a.list.id;
  // The password route is the user's own; for team users, another admin of A (blocking them would be the leak).
  return url.startsWith("/api/user/") ? a.admin.ctx.userId : a.member.id;
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** Segment batches and children with team A's audience: 404, all or nothing; A's audience as it was. */
async function segmentBatches(a: TeamA, b: Awaited<ReturnType<typeof teamB>>) {
  const call = (method: "POST" | "DELETE", url: string, payload: object) =>
    api.app.inject({ method, url, headers: api.auth(b.token), payload });
  const own = (await call("POST", "/api/segments", { name: "B's own" })).json().data.id as number;
  for (const ids of [[a.segment.id], [own, a.segment.id]]) {
    expect((await call("DELETE", "/api/segments/batch", { ids })).statusCode).toBe(404);
    expect((await call("POST", "/api/segments/refresh", { ids })).statusCode).toBe(404);
  }
  expect((await call("POST", "/api/segments", { name: "Child", parent_id: a.segment.id })).statusCode).toBe(404);
  expect((await call("POST", "/api/segments/preview", { filters: {}, parent_id: a.segment.id })).statusCode).toBe(404);
  const listFilter = { data: [{ field: "list", expression: "equals", values: [a.list.id] }] };
  expect((await call("POST", "/api/segments/preview", { filters: listFilter })).statusCode).toBe(422);
  expect((await api.app.inject({ method: "GET", url: `/api/segments/${own}`, headers: api.auth(b.token) })).statusCode).toBe(200);
}

/**
 * Bulk lead actions with team A's ids: 404 when none is B's (and for A's list in an "all matching" selection).
 * A mixed delete is all or nothing (404, B's lead survives); a mixed status change sets B's own lead and reports
 * the other id as not found — the same answer as for an id that does not exist. "All matching" without a list
 * reaches only B's leads.
 */
async function leadBatches(a: TeamA, b: Awaited<ReturnType<typeof teamB>>) {
  const bList = await api.factory.list(b.ctx, (await api.factory.source(b.ctx)).id);
  const im = importHelpers(api);
  await im.start(b.token, bList.id, "b.csv", "Phone\n2124567891\n", {});
  await im.runQueued();
  const own = (await api.database.query<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1", [b.ctx.teamId])).rows[0]!.id;
  const call = (method: "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: api.auth(b.token), ...(payload ? { payload } : {}) });

  expect((await call("PUT", "/api/leads/batch-status", { ids: [a.lead], status: 2 })).statusCode).toBe(404);
  expect((await call("PUT", "/api/leads/batch-status", { all: true, list_id: a.list.id, status: 2 })).statusCode).toBe(404);
  const mixed = await call("PUT", "/api/leads/batch-status", { ids: [own, a.lead], status: 3 });
  expect(mixed.json()).toMatchObject({ info: ["1 lead set to Flagged."], errors: ["1 lead was not found."] });
  const all = await call("PUT", "/api/leads/batch-status", { all: true, status: 2 });
  expect(all.json()).toMatchObject({ info: ["1 lead set to Blacklisted."], errors: [] });

  expect((await call("DELETE", `/api/leads/batch?ids[0]=${a.lead}`)).statusCode).toBe(404);
  expect((await call("DELETE", `/api/leads/batch?ids[0]=${own}&ids[1]=${a.lead}`)).statusCode).toBe(404);
  expect((await call("DELETE", "/api/leads/batch", { ids: [own, a.lead] })).statusCode).toBe(404);
  expect((await call("DELETE", "/api/leads/batch", { all: true, list_id: a.list.id })).statusCode).toBe(404);
  const page = await api.app.inject({ method: "GET", url: "/api/leads", headers: api.auth(b.token) });
  expect(page.json().data.map((r: { id: number }) => r.id)).toEqual([own]);
  const deleted = await call("DELETE", "/api/leads/batch", { all: true });
  expect(deleted.json()).toEqual({ message: "1 lead deleted.", deleted: 1 });
}

describe("tenant isolation", () => {
  it("classifies every registered route", () => {
    const protectedRoutes = routes.filter((r) => !r.public && r.url.startsWith("/api/"));
    expect(protectedRoutes.length).toBeGreaterThan(10);
    const unclassified = protectedRoutes.filter((r) => {
      if (/:\w+/.test(r.url)) return !(r.url in ID_KIND);
      return !NO_ID.has(key(r)) && !(key(r) in BATCH_KIND) && !LEAD_BATCH.has(key(r));
    });
    // A new route must say which id it takes (ID_KIND, BATCH_KIND) or why it takes none (NO_ID).
    expect(unclassified.map(key)).toEqual([]);
    for (const batch of [...Object.keys(BATCH_KIND), ...LEAD_BATCH]) expect(protectedRoutes.map(key)).toContain(batch);
  });

  for (const role of ["team_admin", "team_operator"] as const) {
    it(`answers 404 to a ${role} of team B on every route with an id of team A, and changes nothing`, async () => {
      const a = await teamA();
      const b = await teamB(role);
      const bSource = await api.factory.source(b.ctx, { name: "B own" });
      const before = await snapshot(a);
      const idRoutes = routes.filter((r) => !r.public && /:\w+/.test(r.url) && r.url in ID_KIND);
      expect(idRoutes.length).toBeGreaterThanOrEqual(10);

      const answers: string[] = [];
      for (const r of idRoutes) {
        const kind = ID_KIND[r.url as keyof typeof ID_KIND];
        const id = idOf(a, kind, r.url);
        const url = r.url.replace(/:\w+/g, String(id)) + (ROUTE_QUERY[key(r)] ?? "");
        const res = await api.app.inject({
          method: r.method as "GET",
          url,
          headers: api.auth(b.token),
          ...(["POST", "PUT", "PATCH"].includes(r.method) ? { payload: ROUTE_BODY[key(r)] ?? WRITE_BODY } : {}),
        });
        const expected = role === "team_operator" && ROLE_FIRST_FOR_OPERATOR.has(key(r)) ? 403 : 404;
        answers.push(`${key(r)} → ${res.statusCode}`);
        expect(res.statusCode, `${r.method} ${url}: ${res.body}`).toBe(expected);
        expect(res.json().message).toBeTruthy();
        for (const secret of [
          a.source.name,
          a.list.name,
          a.member.email,
          a.admin.email,
          a.filename,
          a.attribute.name,
          a.importList.api_key,
          a.segment.name,
          a.gateway.name,
        ]) {
          expect(res.body).not.toContain(secret);
        }
      }
      expect(answers.length).toBe(idRoutes.length);

      for (const [route, kind] of Object.entries(BATCH_KIND)) {
        const [method, path] = route.split(" ") as ["DELETE", string];
        const id = idOf(a, kind, path) as number;
        const own = kind === "source" ? bSource.id : (await api.factory.list(b.ctx, bSource.id)).id;
        for (const ids of [[id], [own, id]]) {
          const qs = ids.map((n, i) => `ids[${i}]=${n}`).join("&");
          const byQuery = await api.app.inject({ method, url: `${path}?${qs}`, headers: api.auth(b.token) });
          expect(byQuery.statusCode, `${route} ${qs}`).toBe(404);
          const byBody = await api.app.inject({ method, url: path, headers: api.auth(b.token), payload: { ids } });
          expect([404, 422], `${route} body`).toContain(byBody.statusCode);
        }
        // All or nothing: B's own row survived the mixed batch.
        const ownStill = kind === "source" ? `/api/sources/${own}` : `/api/sources/lists/${own}`;
        expect((await api.app.inject({ method: "GET", url: ownStill, headers: api.auth(b.token) })).statusCode).toBe(200);
      }

      await leadBatches(a, b);
      await segmentBatches(a, b);
      await lookupBatches(a, b);

      expect(await snapshot(a)).toEqual(before);
      // Team A still works as before.
      const aSource = await api.app.inject({ method: "GET", url: `/api/sources/${a.source.id}`, headers: api.auth(a.admin.token) });
      expect(aSource.statusCode).toBe(200);
      expect(aSource.json()).toMatchObject({ name: a.source.name, status: "active", lists_count: 2 });
      const aList = await api.app.inject({ method: "GET", url: `/api/sources/lists/${a.list.id}`, headers: api.auth(a.admin.token) });
      expect(aList.json()).toMatchObject({ name: a.list.name, status: "active" });
      expect((await api.app.inject({ method: "GET", url: "/api/user", headers: api.auth(a.member.token) })).statusCode).toBe(200);
      const signIn = await api.app.inject({
        method: "POST",
        url: "/api/signin",
        payload: { email: a.admin.email, password: a.admin.password },
      });
      expect(signIn.statusCode).toBe(200);
    });
  }

  it("shows none of team A's data on the routes that take no id", async () => {
    const a = await teamA();
    const b = await teamB("team_admin");
    const before = await snapshot(a);
    const secrets = [
      a.source.name,
      a.list.name,
      a.member.email,
      a.admin.email,
      a.filename,
      a.attribute.name,
      "A-secret",
      a.importList.api_key,
      a.gateway.name,
    ];
    for (const r of routes.filter((x) => !x.public && NO_ID.has(key(x)))) {
      if (key(r) === "POST /api/logout") continue;
      const res = await api.app.inject({
        method: r.method as "GET",
        url: r.url,
        headers: api.auth(b.token),
        ...(["POST", "PUT"].includes(r.method)
          ? { payload: { ...WRITE_BODY, email: `b-${Date.now()}@example.test`, team_id: a.admin.ctx.teamId } }
          : {}),
      });
      expect(res.statusCode, key(r)).toBeLessThan(500);
      for (const secret of secrets) expect(res.body, key(r)).not.toContain(secret);
    }
    expect(await snapshot(a)).toEqual(before);
    // Whatever B created (a source, an invited user) belongs to B.
    const bRows = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM sources WHERE team_id = $1", [b.ctx.teamId]);
    expect(bRows.rows[0]!.n).toBe(1);
  });

  it("refuses uploads into another team's list with 404 and keeps nothing", async () => {
    const a = await teamA();
    const b = await teamB("team_admin");
    const before = await snapshot(a);
    const im = importHelpers(api);
    for (const listFirst of [true, false]) {
      const res = await im.upload(b.token, a.list.id, "x.csv", "Phone\n2124567899\n", listFirst);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await api.database.query("SELECT id FROM imports WHERE team_id = $1", [b.ctx.teamId])).rows).toEqual([]);
    expect(await snapshot(a)).toEqual(before);
  });

  it("does not authorise team B on team A's live channel", async () => {
    const route = routes.find((r) => key(r) === "POST /api/broadcasting/auth");
    if (!route) return; // The live channel registers it; until then there is nothing to leak.
    const a = await teamA();
    const b = await teamB("team_admin");
    const res = await api.app.inject({
      method: "POST",
      url: route.url,
      headers: api.auth(b.token),
      payload: { socket_id: "123.456", channel_name: `private-user.${a.admin.ctx.userId}` },
    });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('"auth"');
  });
});
