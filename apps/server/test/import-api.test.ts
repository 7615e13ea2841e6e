import { ImportListSavedMessage, PublicImportSavedMessage } from "@leadflow/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

/** Settings → Import API Keys and the public import interface (docs/import-api.md). */
let api: Api;
beforeAll(async () => {
  api = await setupApi({ LEADFLOW_IMPORT_API_BAD_KEY_LIMIT: "1000" });
});
afterAll(() => api.close());

async function teamWithKey(extra: Record<string, unknown> = {}) {
  const team = await api.factory.team();
  const source = await api.factory.source(team.ctx, { name: "Web forms" });
  const list = await api.factory.list(team.ctx, source.id, { name: "Landing page" });
  const res = await api.app.inject({
    method: "POST",
    url: "/api/import-lists",
    headers: api.auth(team.token),
    payload: { name: "Landing form", source_id: source.id, list_id: list.id, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const key = res.json().data as { id: number; api_key: string };
  return { team, source, list, key };
}

const lead = (phone: string | null, email: string | null, more: Record<string, string> = {}) => ({
  attributes: [
    ...(phone === null ? [] : [{ type: "phone", attribute: "Phone", value: phone }]),
    ...(email === null ? [] : [{ type: "email", attribute: "Email", value: email }]),
    ...Object.entries(more).map(([attribute, value]) => ({ type: "string", attribute, value })),
  ],
});

function push(apiKey: string | null, body: unknown, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "POST",
    url: apiKey === null ? "/api/import/lead" : `/api/import/lead?api_key=${encodeURIComponent(apiKey)}`,
    headers,
    payload: body as object,
  });
}

const count = async (sql: string, params: unknown[]) => Number((await api.database.query<{ n: string }>(sql, params)).rows[0]!.n);

describe("import API keys", () => {
  it("creates, lists (15 a page, newest first), updates and deletes keys, with the product's message", async () => {
    const { team, source, list, key } = await teamWithKey({ lead_status: 3 });
    expect(key.api_key).toMatch(/^lf_[A-Za-z0-9_-]{40,}$/);
    // 'Lookup phone numbers' needs a gateway the team may use for it.
    const edit = (payload: object) =>
      api.app.inject({ method: "PUT", url: `/api/import-lists/${key.id}`, headers: api.auth(team.token), payload });
    const noGateway = await edit({ name: "Landing form", list_id: list.id, check_mobile_status: true, lead_status: 3 });
    expect(noGateway.statusCode).toBe(422);
    expect(noGateway.json()).toMatchObject({
      message: "Select a gateway for 'Lookup phone numbers'.",
      errors: { sms_lookup_gateway_id: ["Select a gateway for 'Lookup phone numbers'."] },
    });
    const gateway = (
      await api.app.inject({
        method: "POST",
        url: "/api/gateways",
        headers: api.auth(team.token),
        payload: { kind: "sms_lookup", type: "sandbox", name: "Sandbox", params: {} },
      })
    ).json().data as { id: number };
    const dnc = (
      await api.app.inject({
        method: "POST",
        url: "/api/gateways",
        headers: api.auth(team.token),
        payload: { kind: "sms_dnc", type: "sandbox", name: "Sandbox DNC", params: {} },
      })
    ).json().data as { id: number };
    const wrongKind = await edit({ name: "Landing form", list_id: list.id, check_mobile_status: true, sms_lookup_gateway_id: dnc.id });
    expect(wrongKind.json().errors).toEqual({ sms_lookup_gateway_id: ["Select an active gateway for 'Lookup phone numbers'."] });
    const saved = await edit({
      name: "Landing form",
      list_id: list.id,
      check_mobile_status: true,
      sms_lookup_gateway_id: gateway.id,
      lead_status: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await api.app.inject({ method: "GET", url: "/api/import-lists", headers: api.auth(team.token) });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toMatchObject({ per_page: 15, total: 1 });
    expect(page.json().data[0]).toMatchObject({
      name: "Landing form",
      source: { id: source.id, name: "Web forms" },
      list: { id: list.id, name: "Landing page" },
      api_key: key.api_key,
      check_mobile_status: true,
      sms_lookup_gateway_id: gateway.id,
      lead_status: 3,
    });

    const other = await api.factory.list(team.ctx, source.id, { name: "Second" });
    const put = await api.app.inject({
      method: "PUT",
      url: `/api/import-lists/${key.id}`,
      headers: api.auth(team.token),
      payload: { name: "Renamed", list_id: other.id, check_mobile_status: false, sms_lookup_gateway_id: gateway.id },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toBe(ImportListSavedMessage);
    // A gateway without its toggle is not kept; the key itself never changes on edit.
    expect(put.json().data).toMatchObject({ name: "Renamed", list: { id: other.id }, sms_lookup_gateway_id: null, api_key: key.api_key });

    const del = await api.app.inject({ method: "DELETE", url: `/api/import-lists/${key.id}`, headers: api.auth(team.token) });
    expect(del.statusCode).toBe(200);
    // A deleted key is revoked at once.
    expect((await push(key.api_key, { leads: [lead("2125550100", null)] })).statusCode).toBe(401);
  });

  it("refuses a key without a name or list, a list of another source, and another team's list", async () => {
    const { team, source } = await teamWithKey();
    const empty = await api.app.inject({ method: "POST", url: "/api/import-lists", headers: api.auth(team.token), payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(["name", "list_id"]));

    const otherSource = await api.factory.source(team.ctx, { name: "Other" });
    const otherList = await api.factory.list(team.ctx, otherSource.id);
    const mismatch = await api.app.inject({
      method: "POST",
      url: "/api/import-lists",
      headers: api.auth(team.token),
      payload: { name: "x", source_id: source.id, list_id: otherList.id },
    });
    expect(mismatch.statusCode).toBe(422);

    const stranger = await teamWithKey();
    const foreign = await api.app.inject({
      method: "POST",
      url: "/api/import-lists",
      headers: api.auth(team.token),
      payload: { name: "x", list_id: stranger.list.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await count("SELECT count(*) AS n FROM import_lists WHERE team_id = $1", [team.ctx.teamId])).toBe(1);
  });
});

describe("POST /api/import/lead", () => {
  it("saves leads at once into the key's list, deduplicating against the team's leads", async () => {
    const { team, source, list, key } = await teamWithKey();
    const res = await push(key.api_key, {
      leads: [lead("(212) 555-0101", "Ann@Example.com", { "First Name": "Ann" }), lead(null, "bob@example.com", { city: "Austin" })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PublicImportSavedMessage);
    expect(res.json().data).toMatchObject({ received: 2, created: 2, merged: 0, failed: 0 });
    const [ann, bob] = res.json().data.leads as { lead_id: number; status: string }[];
    expect(ann!.status).toBe("created");

    // The same person again (phone in another format): merged into Ann's lead, counted as a duplicate.
    const again = await push(key.api_key, { leads: [lead("+1 212 555 0101", null, { "first name": "Annie" })] });
    expect(again.json().data.leads[0]).toMatchObject({ status: "merged", lead_id: ann!.lead_id });
    expect(await count("SELECT duplicates_count AS n FROM leads WHERE team_id = $1 AND id = $2", [team.ctx.teamId, ann!.lead_id])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM leads WHERE team_id = $1", [team.ctx.teamId])).toBe(2);
    expect(await count("SELECT count(*) AS n FROM list_leads WHERE team_id = $1 AND list_id = $2", [team.ctx.teamId, list.id])).toBe(2);
    expect(bob!.lead_id).toBeGreaterThan(0);

    // 'First Name' existed after the first push; 'first name' reused it, 'city' was created.
    const names = (
      await api.database.query<{ name: string }>("SELECT name FROM lead_attributes WHERE team_id = $1 AND NOT is_system", [team.ctx.teamId])
    ).rows
      .map((r) => r.name)
      .sort();
    expect(names).toEqual(["First Name", "city"]);

    // Counters on the list and source, and one Import History record for the key today.
    const src = await api.app.inject({ method: "GET", url: `/api/sources/${source.id}`, headers: api.auth(team.token) });
    expect(src.json()).toMatchObject({ total_leads: 2, unique_today: 2 });
    const history = await api.app.inject({ method: "GET", url: "/api/imports", headers: api.auth(team.token) });
    expect(history.json().data).toHaveLength(1);
    expect(history.json().data[0]).toMatchObject({
      format: "api",
      filename: "API: Landing form",
      status: "completed",
      processed_count: 3,
      unique_count: 2,
      duplicates_count: 1,
      total_rows: 3,
    });
  });

  it("accepts the key as X-Api-Key and answers 401 for a missing, wrong or another team's deleted key", async () => {
    const { key } = await teamWithKey();
    const body = { leads: [lead("2125550111", null)] };
    expect((await push(null, body, { "x-api-key": key.api_key })).statusCode).toBe(200);
    for (const res of [await push(null, body), await push("lf_wrong", body), await push("", body)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("The API key is missing or not valid.");
    }
  });

  it("reports each lead's outcome: partial success is 200, nothing saved is 422 with errors per lead", async () => {
    const { team, key } = await teamWithKey();
    const partial = await push(key.api_key, {
      leads: [lead("2125550122", null), lead("12", null), lead(null, null, { Name: "Only a name" })],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const [ok, badPhone, noContact] = partial.json().data.leads;
    expect(ok).toMatchObject({ index: 0, status: "created" });
    expect(badPhone).toMatchObject({ index: 1, status: "failed", reason: "invalid_phone", lead_id: null });
    expect(noContact).toMatchObject({ index: 2, status: "failed", reason: "no_contact" });

    const none = await push(key.api_key, { leads: [lead("nope", null)] });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: "No lead could be saved.", data: { failed: 1 } });
    expect(none.json().errors["leads.0.attributes"]).toHaveLength(1);
    // Failed leads are kept in the day's record with their reasons.
    expect(await count("SELECT count(*) AS n FROM import_failures WHERE team_id = $1", [team.ctx.teamId])).toBe(3);
  });

  it("answers 422 for a malformed request and 400 for broken JSON, creating nothing", async () => {
    const { team, key } = await teamWithKey();
    const cases: unknown[] = [
      {},
      { leads: [] },
      { leads: [{ attributes: [] }] },
      { leads: [{ attributes: [{ type: "fax", attribute: "Fax", value: "1" }] }] },
      { leads: Array.from({ length: 101 }, () => lead("2125550133", null)) },
      { leads: [{ attributes: [{ type: "string", attribute: "Bio", value: "x".repeat(2001) }] }] },
    ];
    for (const body of cases) {
      const res = await push(key.api_key, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
    const broken = await api.app.inject({
      method: "POST",
      url: `/api/import/lead?api_key=${key.api_key}`,
      headers: { "content-type": "application/json" },
      payload: '{"leads": [',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await push(key.api_key, { leads: [lead("2125550144", null, { Note: "y".repeat(1_100_000) })] });
    expect(huge.statusCode).toBe(413);
    expect(await count("SELECT count(*) AS n FROM leads WHERE team_id = $1", [team.ctx.teamId])).toBe(0);
  });

  it("creates nothing twice for a retried Idempotency-Key, and refuses the key with another body (409)", async () => {
    const { team, key } = await teamWithKey();
    const body = { leads: [lead("2125550155", "retry@example.com")] };
    const first = await push(key.api_key, body, { "idempotency-key": "req-1" });
    const retried = await push(key.api_key, body, { "idempotency-key": "req-1" });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(retried.json()).toEqual(first.json());
    // Concurrent retries: one import, the others replay it.
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => push(key.api_key, { leads: [lead("2125550166", null)] }, { "idempotency-key": "req-2" })),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(racing.map((r) => r.json().data.leads[0].lead_id)).size).toBe(1);
    expect(racing.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(4);

    const reused = await push(key.api_key, { leads: [lead("2125550177", null)] }, { "idempotency-key": "req-1" });
    expect(reused.statusCode).toBe(409);
    expect(await count("SELECT count(*) AS n FROM leads WHERE team_id = $1", [team.ctx.teamId])).toBe(2);
    const history = await api.app.inject({ method: "GET", url: "/api/imports", headers: api.auth(team.token) });
    expect(history.json().data[0]).toMatchObject({ processed_count: 2 });
  });

  it("concurrent requests are merged together without duplicates, each answered with its own leads", async () => {
    const { team, key } = await teamWithKey();
    // 20 requests of 5 leads; phone k appears in requests k and k+1, so many leads repeat across requests.
    const requests = Array.from({ length: 20 }, (_, r) => ({
      leads: Array.from({ length: 5 }, (_, j) => lead(`212555${String(1000 + r * 3 + j).padStart(4, "0")}`, null, { Batch: `r${r}` })),
    }));
    const answers = await Promise.all(requests.map((body) => push(key.api_key, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const phones = new Set(requests.flatMap((r) => r.leads.map((l) => l.attributes[0]!.value)));
    expect(await count("SELECT count(*) AS n FROM leads WHERE team_id = $1", [team.ctx.teamId])).toBe(phones.size);
    for (const a of answers) {
      const data = a.json().data;
      expect(data.leads.map((l: { index: number }) => l.index)).toEqual([0, 1, 2, 3, 4]);
      expect(data.created + data.merged).toBe(5);
    }
    const created = answers.reduce((n, a) => n + a.json().data.created, 0);
    expect(created).toBe(phones.size);
  });

  it("applies the key's statuses, refuses an inactive list (403) and rate-limits per key (429 with Retry-After)", async () => {
    const limited = await setupApi({ LEADFLOW_IMPORT_API_RATE_LIMIT: "2", LEADFLOW_IMPORT_API_RATE_WINDOW: "60" });
    const prev = api;
    api = limited;
    try {
      const { team, list, key } = await teamWithKey({ lead_status: 3, phone_status: 2 });
      const res = await push(key.api_key, { leads: [lead("2125550188", null)] });
      expect(res.statusCode, res.body).toBe(200);
      const leadId = res.json().data.leads[0].lead_id;
      expect(await count("SELECT status AS n FROM leads WHERE team_id = $1 AND id = $2", [team.ctx.teamId, leadId])).toBe(3);
      expect(await count("SELECT status AS n FROM lead_phones WHERE team_id = $1 AND lead_id = $2", [team.ctx.teamId, leadId])).toBe(2);
      expect(await count("SELECT total_flagged_leads AS n FROM lists WHERE team_id = $1 AND id = $2", [team.ctx.teamId, list.id])).toBe(1);

      expect((await push(key.api_key, { leads: [lead("2125550189", null)] })).statusCode).toBe(200);
      const tooMany = await push(key.api_key, { leads: [lead("2125550199", null)] });
      expect(tooMany.statusCode).toBe(429);
      expect(Number(tooMany.headers["retry-after"])).toBeGreaterThan(0);
      expect(await count("SELECT count(*) AS n FROM leads WHERE team_id = $1", [team.ctx.teamId])).toBe(2);

      // Switched off in this process: the key's cached target is forgotten at once.
      const off = await limited.app.inject({
        method: "PUT",
        url: `/api/sources/lists/${list.id}`,
        headers: limited.auth(team.token),
        payload: { status: "inactive" },
      });
      expect(off.statusCode, off.body).toBe(200);
      const inactive = await push(key.api_key, { leads: [lead("2125550199", null)] });
      expect(inactive.statusCode).toBe(403);
    } finally {
      api = prev;
      await limited.close();
    }
  });

  it("stores HTML and script values as text", async () => {
    const { team, key } = await teamWithKey();
    const xss = `<img src=x onerror=alert(1)>`;
    const res = await push(key.api_key, { leads: [lead("2125550200", null, { Note: xss })] });
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(
      (await api.database.query("SELECT * FROM leads WHERE team_id = $1", [team.ctx.teamId])).rows.concat(
        (await api.database.query("SELECT value FROM lead_values WHERE team_id = $1", [team.ctx.teamId]).catch(() => ({ rows: [] }))).rows,
      ),
    );
    expect(body).toContain("onerror=alert(1)");
  });

  it("is documented in the OpenAPI description with every code", async () => {
    const doc = (await api.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const op = doc.paths["/api/import/lead"].post;
    expect(op.description).toContain("Idempotency-Key");
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "402", "403", "404", "409", "422", "429", "500"]),
    );
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["api_key", "x-api-key", "idempotency-key"]));
    expect(JSON.stringify(op.requestBody)).toContain("First Name");
  });
});
