import { type Gateway, type GatewayKind, GatewayKinds, type GatewayPage, isLookupKind } from "@leadflow/contracts";
import { openSecrets } from "@leadflow/domain/gateways/gateway-secrets";
import { loadGatewayForRun } from "@leadflow/domain/gateways/gateways.service";
import { type FakeCommio, type FakeZeroBounce, startFakeCommio, startFakeZeroBounce } from "@leadflow/domain/providers/fakes/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
/** Test connection of a real provider type talks to this fake, never to the internet. */
let zeroBounce: FakeZeroBounce;
/** A type whose credentials live in its sender rows (Commio accounts). */
let commio: FakeCommio;
beforeAll(async () => {
  zeroBounce = await startFakeZeroBounce();
  process.env.LEADFLOW_PROVIDER_URL_ZEROBOUNCE = zeroBounce.baseUrls.zerobounce;
  commio = await startFakeCommio();
  process.env.LEADFLOW_PROVIDER_URL_COMMIO = commio.baseUrls.commio;
  api = await setupApi();
});
afterAll(async () => {
  await api.close();
  await zeroBounce.close();
  await commio.close();
  delete process.env.LEADFLOW_PROVIDER_URL_ZEROBOUNCE;
  delete process.env.LEADFLOW_PROVIDER_URL_COMMIO;
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({ method, url, headers: api.auth(token), ...(payload ? { payload } : {}) });

/** One real provider type per kind, every field filled. */
const SAMPLES: Record<GatewayKind, { type: string; params: Record<string, string> }> = {
  sms: { type: "gateway1", params: { sys_id: "AC0000000000000001", auth_token: "twilio-auth-token-9876" } },
  email: { type: "aws_ses", params: { key: "AKIAEXAMPLE", secret: "ses-secret-access-key-4321", region: "us-east-1" } },
  email_lookup: { type: "zerobounce", params: { api_key: "zb-key-abcdef-1111" } },
  sms_lookup: { type: "gateway1", params: { sys_id: "AC0000000000000002", auth_token: "lookup-token-2222" } },
  sms_dnc: { type: "black_list_alliance", params: { api_key: "bla-key-3333" } },
  consent_certificates: {
    type: "jornaya",
    params: {
      account_code: "0A1B2C3D-1111-2222-3333-444455556666",
      audit_key: "9F8E7D6C-5555-6666-7777-888899990000",
      provider_code: "ACME",
    },
  },
  rnd: { type: "fcc_rnd", params: { api_key: "rnd-key-5555" } },
};

async function create(token: string, body: object): Promise<Gateway> {
  const res = await call(token, "POST", "/api/gateways", body);
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const raw = async (id: number) =>
  (
    await api.database.query<{ team_id: number | null; params: Record<string, string>; secrets: string | null; senders: object }>(
      "SELECT team_id, params, secrets, senders FROM gateways WHERE id = $1",
      [id],
    )
  ).rows[0]!;

async function platformGateway(kind: GatewayKind, name: string, extra: { active?: boolean; allow_lookup?: boolean } = {}) {
  const row = await api.database.query<{ id: number }>(
    "INSERT INTO gateways (team_id, kind, type, name, active, allow_lookup) VALUES (NULL, $1, 'sandbox', $2, $3, $4) RETURNING id",
    [kind, name, extra.active ?? true, extra.allow_lookup ?? true],
  );
  return row.rows[0]!.id;
}

describe("integrations CRUD", () => {
  for (const kind of GatewayKinds) {
    it(`creates, lists, updates and deletes a ${kind} gateway with its secrets masked`, async () => {
      const { token } = await api.factory.team();
      const sample = SAMPLES[kind];
      const res = await call(token, "POST", "/api/gateways", { kind, name: `My ${kind}`, ...sample, rate_limit: 7, is_force: true });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe("Integration has been created.");
      const gw = res.json().data as Gateway;
      const lookup = isLookupKind(kind);
      expect(gw).toMatchObject({ kind, type: sample.type, name: `My ${kind}`, active: true, default: false });
      // Every kind keeps its pace: lookups per second, or messages per second for a sending gateway.
      expect(gw.rate_limit).toBe(7);
      expect(gw.is_force).toBe(lookup);
      expect(gw.type_alias).not.toBe("");

      // Secret fields: masked in the answer, absent from params in the row, sealed in `secrets`.
      const row = await raw(gw.id);
      expect(row.secrets).toMatch(/^v1\./);
      for (const [key, value] of Object.entries(sample.params)) {
        expect(row.secrets ?? "").not.toContain(value);
        if (gw.params[key]?.startsWith("••••")) {
          expect(gw.params[key]).toBe(`••••${value.slice(-4)}`);
          expect(row.params[key]).toBeUndefined();
        } else {
          expect(gw.params[key]).toBe(value);
          expect(row.params[key]).toBe(value);
        }
      }
      expect(JSON.stringify(res.json())).not.toMatch(/token-9876|access-key-4321|abcdef-1111|token-2222|key-3333/);

      const page = (await call(token, "GET", `/api/gateways?kind=${kind}&page=1&limit=10000`)).json() as GatewayPage;
      expect(page.data.map((g) => g.id)).toContain(gw.id);
      expect(page.data.every((g) => g.kind === kind)).toBe(true);
      expect(page.meta.per_page).toBe(10000);

      const upd = await call(token, "PUT", `/api/gateways/${gw.id}`, {
        kind,
        type: sample.type,
        name: "Renamed",
        params: gw.params,
        active: false,
      });
      expect(upd.statusCode, upd.body).toBe(200);
      expect(upd.json()).toMatchObject({ message: "Integration has been updated.", data: { name: "Renamed", active: false } });
      expect((await call(token, "GET", `/api/gateways/${gw.id}`)).json().data.params).toEqual(gw.params);

      const del = await call(token, "DELETE", `/api/gateways/${gw.id}`);
      expect(del.json()).toEqual({ message: "Integration has been deleted." });
      expect((await call(token, "GET", `/api/gateways/${gw.id}`)).statusCode).toBe(404);
    });
  }
});

describe("integration validation", () => {
  it("answers 422 with the product's field messages", async () => {
    const { token } = await api.factory.team();
    const noName = await call(token, "POST", "/api/gateways", { kind: "sms_lookup", type: "gateway1", name: " ", params: {} });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual(["The name field is required."]);

    const missing = await call(token, "POST", "/api/gateways", {
      kind: "sms_lookup",
      type: "gateway1",
      name: "T",
      params: { sys_id: "AC1" },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: "The Auth Token field is required.",
      errors: { "params.auth_token": ["The Auth Token field is required."] },
    });

    const wrongType = await call(token, "POST", "/api/gateways", { kind: "email", type: "gateway1", name: "T" });
    expect(wrongType.json().errors).toEqual({ type: ["The selected type is invalid."] });

    const badKind = await call(token, "POST", "/api/gateways", { kind: "fax", type: "sandbox", name: "T" });
    expect(badKind.statusCode).toBe(422);

    await create(token, { kind: "sms_dnc", type: "sandbox", name: "Twice" });
    const twice = await call(token, "POST", "/api/gateways", { kind: "sms_dnc", type: "sandbox", name: "twice" });
    expect(twice.json().errors).toEqual({ name: ["An integration with this name already exists."] });
    // The same name in another kind is fine.
    await create(token, { kind: "sms_lookup", type: "sandbox", name: "Twice" });
  });

  it("drops unknown params and keeps senders to the type's shape", async () => {
    const { token } = await api.factory.team();
    const gw = await create(token, {
      kind: "sms",
      type: "gateway1",
      name: "Twilio",
      params: { sys_id: "AC1", auth_token: "auth-token-0001", hacker: "x" },
      senders: { numbers: [{ number: "+15550001111", type: "local" }, { type: "local" }], dids: [{ number: "+15550002222" }] },
    });
    expect(gw.params).toEqual({ sys_id: "AC1", auth_token: "••••0001" });
    expect(gw.senders.numbers).toEqual([{ number: "+15550001111", type: "local" }]);
    expect(gw.senders.dids).toEqual([]);
    expect((await raw(gw.id)).params).toEqual({ sys_id: "AC1" });
  });

  it("refuses to change the kind or the type", async () => {
    const { token } = await api.factory.team();
    const gw = await create(token, { kind: "sms_lookup", type: "sandbox", name: "S" });
    const type = await call(token, "PUT", `/api/gateways/${gw.id}`, {
      kind: "sms_lookup",
      type: "subscriber_verify",
      name: "S",
      params: { api_key: "k-12345678" },
    });
    expect(type.statusCode).toBe(422);
    expect(type.json()).toEqual({ message: "The type cannot be changed.", errors: { type: ["The type cannot be changed."] } });
    const kind = await call(token, "PUT", `/api/gateways/${gw.id}`, { kind: "sms_dnc", type: "sandbox", name: "S" });
    expect(kind.json().errors).toEqual({ kind: ["The type cannot be changed."] });
  });

  it("refuses base URLs that point inside the network", async () => {
    const { token } = await api.factory.team();
    const body = (base_url: string) => ({ kind: "sms", type: "gateway14", name: `G14 ${base_url}`, params: { app_id: "app", base_url } });
    for (const url of [
      "http://api.example.com",
      "https://localhost:8080",
      "https://127.0.0.1",
      "https://2130706433",
      "https://0x7f000001/",
      "https://0177.0.0.1",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/",
      "https://[::ffff:169.254.169.254]/",
      "https://10.0.0.8",
      "https://192.168.0.10",
      "https://metadata.google.internal",
      "https://user:pw@api.example.com",
    ]) {
      for (const path of ["/api/gateways", "/api/gateways/test"]) {
        const res = await call(token, "POST", path, body(url));
        expect(res.statusCode, `${path} ${url}`).toBe(422);
        expect(Object.keys(res.json().errors), url).toEqual(["params.base_url"]);
      }
    }
    const ok = await create(token, body("https://93.184.215.14/sms"));
    expect(ok.params.base_url).toBe("https://93.184.215.14/sms");
  });

  it("accepts only AWS region names as the Amazon SES region", async () => {
    const { token } = await api.factory.team();
    const ses = (region: string, name = `SES ${region}`) => ({
      kind: "email",
      type: "aws_ses",
      name,
      params: { ...SAMPLES.email.params, region },
    });
    const message = "Enter an AWS region such as us-east-1.";
    const saved = await create(token, ses("us-east-1", "SES"));
    for (const region of [
      "evil.example#",
      "https://127.0.0.1",
      "us-east-1.evil.example",
      "us-east-1/",
      "US-EAST-1",
      "us-east-12",
      "east-1",
    ]) {
      for (const path of ["/api/gateways", "/api/gateways/test"]) {
        const res = await call(token, "POST", path, ses(region));
        expect(res.statusCode, `${path} ${region}`).toBe(422);
        expect(res.json(), region).toEqual({ message, errors: { "params.region": [message] } });
      }
      const upd = await call(token, "PUT", `/api/gateways/${saved.id}`, ses(region, "SES"));
      expect(upd.statusCode, region).toBe(422);
      expect(upd.json().errors).toEqual({ "params.region": [message] });
    }
    expect((await raw(saved.id)).params.region).toBe("us-east-1");
    for (const region of ["eu-west-2", "ap-southeast-1", "us-gov-west-1", " ca-central-1 "]) {
      expect((await create(token, ses(region))).params.region).toBe(region.trim());
    }
  });

  it("keeps an optional SES configuration set and refuses a name SES would not take", async () => {
    const { token } = await api.factory.team();
    const ses = (configuration_set: string, name = "SES events") => ({
      kind: "email",
      type: "aws_ses",
      name,
      params: { ...SAMPLES.email.params, configuration_set },
    });
    const message = "A configuration set name has up to 64 letters, digits, underscores (_) and dashes (-).";
    for (const bad of ["has space", "dot.ted", "x".repeat(65)]) {
      const res = await call(token, "POST", "/api/gateways", ses(bad));
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors).toEqual({ "params.configuration_set": [message] });
    }
    expect((await create(token, ses("leadflow-events_1"))).params.configuration_set).toBe("leadflow-events_1");
    expect((await create(token, ses("", "SES without events"))).params.configuration_set).toBe("");
  });
});

describe("integration secrets", () => {
  it("stores secrets encrypted and keeps them when the mask or nothing comes back", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await create(token, {
      kind: "sms_lookup",
      type: "gateway1",
      name: "Twilio Lookup",
      params: { sys_id: "AC42", auth_token: "first-secret-7777" },
    });
    expect(gw.params.auth_token).toBe("••••7777");
    const opened = async () => openSecrets(api.db, (await raw(gw.id)).secrets);
    expect((await opened()).params).toEqual({ auth_token: "first-secret-7777" });

    for (const auth_token of ["••••7777", "", "••••"]) {
      const res = await call(token, "PUT", `/api/gateways/${gw.id}`, {
        kind: "sms_lookup",
        type: "gateway1",
        name: "Twilio Lookup",
        params: { sys_id: "AC42", auth_token },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await opened()).params.auth_token).toBe("first-secret-7777");
    }
    await call(token, "PUT", `/api/gateways/${gw.id}`, {
      kind: "sms_lookup",
      type: "gateway1",
      name: "Twilio Lookup",
      params: { sys_id: "AC43", auth_token: "short" },
    });
    expect((await opened()).params.auth_token).toBe("short");
    expect((await call(token, "GET", `/api/gateways/${gw.id}`)).json().data.params).toEqual({ sys_id: "AC43", auth_token: "••••" });

    // What the lookup engine runs with: plain and secret params merged.
    const run = await loadGatewayForRun(api.db, ctx.teamId, gw.id);
    expect(run).toMatchObject({
      id: gw.id,
      kind: "sms_lookup",
      adapter: { type: "gateway1", params: { sys_id: "AC43", auth_token: "short" } },
    });
    expect(await loadGatewayForRun(api.db, ctx.teamId + 1_000_000, gw.id)).toBeNull();
  });

  it("seals per-account keys of sender rows (gateway9)", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await create(token, {
      kind: "sms",
      type: "gateway9",
      name: "G9",
      senders: { list: [{ name: "Main", account_id: "acc-1", api_key: "account-key-5555" }] },
    });
    expect(gw.senders.list).toEqual([{ name: "Main", account_id: "acc-1", api_key: "••••5555" }]);
    expect(JSON.stringify(await raw(gw.id))).not.toContain("account-key-5555");
    const res = await call(token, "PUT", `/api/gateways/${gw.id}`, { kind: "sms", type: "gateway9", name: "G9", senders: gw.senders });
    expect(res.statusCode, res.body).toBe(200);
    const run = await loadGatewayForRun(api.db, ctx.teamId, gw.id);
    expect(run?.senders.list).toEqual([{ name: "Main", account_id: "acc-1", api_key: "account-key-5555" }]);
  });
});

describe("default (platform) integrations", () => {
  it("are listed dimmed for every team but cannot be edited or deleted", async () => {
    const { token } = await api.factory.team();
    const id = await platformGateway("email_lookup", `Leadflow Sandbox ${Date.now()}`);
    const page = (await call(token, "GET", "/api/gateways?kind=email_lookup")).json() as GatewayPage;
    expect(page.data.find((g) => g.id === id)).toMatchObject({ default: true, type_alias: "Sandbox (test)" });
    expect((await call(token, "GET", `/api/gateways/${id}`)).statusCode).toBe(200);

    const put = await call(token, "PUT", `/api/gateways/${id}`, { kind: "email_lookup", type: "sandbox", name: "Mine now" });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe("Integrations provided by Leadflow cannot be edited or deleted.");
    expect((await call(token, "DELETE", `/api/gateways/${id}`)).statusCode).toBe(403);
    expect((await raw(id)).team_id).toBeNull();
    expect((await call(token, "POST", `/api/gateways/${id}/test`)).json()).toMatchObject({ ok: true });
    await api.database.query("DELETE FROM gateways WHERE id = $1", [id]);
  });
});

describe("out of rotation", () => {
  it("shows a gateway and senders carriers filtered, and puts them back; a platform gateway is the platform's", async () => {
    const { token } = await api.factory.team();
    const gw = await create(token, {
      kind: "sms",
      type: "sandbox",
      name: "Filtered",
      params: {},
      senders: { numbers: [{ number: "+12015550161" }] },
    });
    expect(gw).toMatchObject({ out_of_rotation: null, senders_out_of_rotation: [] });
    await api.database.query(
      "UPDATE gateways SET paused_until = now() + interval '1 day', paused_reason = 'Carriers blocked 35% of its last 240 messages.' WHERE id = $1",
      [gw.id],
    );
    await api.database.query(
      "INSERT INTO paused_senders (gateway_id, sender, reason, until) VALUES ($1, '+12015550161', 'Carriers blocked 40%.', now() + interval '1 day')",
      [gw.id],
    );
    await api.database.query("INSERT INTO sender_outcomes (gateway_id, sender, hour, blocked) VALUES ($1, '+12015550161', now(), 9)", [
      gw.id,
    ]);
    const shown = (await call(token, "GET", `/api/gateways/${gw.id}`)).json().data as Gateway;
    expect(shown.out_of_rotation).toMatchObject({ reason: "Carriers blocked 35% of its last 240 messages." });
    expect(Date.parse(shown.out_of_rotation!.until)).toBeGreaterThan(Date.now());
    expect(shown.senders_out_of_rotation).toMatchObject([{ sender: "+12015550161", reason: "Carriers blocked 40%." }]);

    const back = await call(token, "POST", `/api/gateways/${gw.id}/rotation`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      message: "The gateway and its senders are back in rotation.",
      data: { id: gw.id, out_of_rotation: null, senders_out_of_rotation: [] },
    });
    const left = await api.database.query("SELECT 1 FROM sender_outcomes WHERE gateway_id = $1", [gw.id]);
    expect(left.rows).toEqual([]);
    expect((await call(token, "POST", `/api/gateways/${gw.id}/rotation`)).json().message).toBe(
      "The gateway and its senders were already in rotation.",
    );

    const platform = await platformGateway("sms", `Platform SMS ${Date.now()}`);
    expect((await call(token, "POST", `/api/gateways/${platform}/rotation`)).statusCode).toBe(403);
    await api.database.query("DELETE FROM gateways WHERE id = $1", [platform]);
  });
});

describe("gateway pickers", () => {
  it("offer active gateways; lookup pickers only those that allow lookups", async () => {
    const { token } = await api.factory.team();
    const on = await create(token, { kind: "sms_lookup", type: "sandbox", name: "On" });
    await create(token, { kind: "sms_lookup", type: "sandbox", name: "Inactive", active: false });
    await create(token, { kind: "sms_lookup", type: "sandbox", name: "No lookups", allow_lookup: false });
    const platform = await platformGateway("sms_lookup", `Platform ${Date.now()}`);
    const hidden = await platformGateway("sms_lookup", `Platform off ${Date.now()}`, { active: false });

    const options = (await call(token, "GET", "/api/gateways/options?kind=sms_lookup")).json().data as { id: number; name: string }[];
    expect(options.map((o) => o.id)).toEqual([platform, on.id]);
    expect(options.map((o) => o.id)).not.toContain(hidden);

    const sms = await create(token, {
      kind: "sms",
      type: "sandbox",
      name: "Sender",
      senders: { numbers: [{ number: "+15550003333" }, { number: "+15550004444" }] },
    });
    await create(token, { kind: "sms", type: "sandbox", name: "Off", active: false });
    const smsOptions = (await call(token, "GET", "/api/gateways/options?kind=sms")).json().data;
    expect(smsOptions).toEqual([
      {
        id: sms.id,
        name: "Sender",
        type: "sandbox",
        phone_numbers: [
          { key: "+15550003333", label: "+15550003333" },
          { key: "+15550004444", label: "+15550004444" },
        ],
      },
    ]);
    expect((await call(token, "GET", "/api/gateways/options?kind=fax")).statusCode).toBe(422);
    await api.database.query("DELETE FROM gateways WHERE id = ANY($1::int[])", [[platform, hidden]]);
  });
});

describe("test connection", () => {
  it("tests a saved sandbox gateway and an unsaved draft", async () => {
    const { token } = await api.factory.team();
    const gw = await create(token, { kind: "sms_dnc", type: "sandbox", name: "Sandbox DNC" });
    const saved = await call(token, "POST", `/api/gateways/${gw.id}/test`);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ok: true });
    expect(saved.json().message).toBeTruthy();

    const draft = await call(token, "POST", "/api/gateways/test", { kind: "email", type: "sandbox", name: "Draft" });
    expect(draft.json()).toMatchObject({ ok: true });
    const invalid = await call(token, "POST", "/api/gateways/test", { kind: "email", type: "aws_ses", name: "Draft", params: {} });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors["params.key"]).toEqual(["The Access Key ID field is required."]);
  });

  it("checks a real provider's credentials, and lets an edit's draft use the saved secret for a masked field", async () => {
    const { token } = await api.factory.team();
    const gw = await create(token, { kind: "email_lookup", type: "zerobounce", name: "ZB", params: { api_key: zeroBounce.apiKey } });
    expect((await call(token, "POST", `/api/gateways/${gw.id}/test`)).json()).toMatchObject({ ok: true });

    // Without the id the mask is no key at all; with it the saved key stands in.
    const body = { kind: "email_lookup", type: "zerobounce", name: "ZB", params: { api_key: gw.params.api_key } };
    const without = await call(token, "POST", "/api/gateways/test", body);
    expect(without.statusCode).toBe(422);
    const withId = await call(token, "POST", "/api/gateways/test", { ...body, id: gw.id });
    expect(withId.statusCode, withId.body).toBe(200);
    expect(withId.json()).toMatchObject({ ok: true });
    expect(withId.body).not.toContain(zeroBounce.apiKey);

    // A new key typed over the mask is what gets tested.
    const wrong = await call(token, "POST", "/api/gateways/test", { ...body, id: gw.id, params: { api_key: "not-the-right-key" } });
    expect(wrong.json().ok).toBe(false);
    expect(wrong.body).not.toContain("not-the-right-key");
  });

  it("tests a Commio draft with its accounts' own keys, a masked key standing for the saved one", async () => {
    const { token } = await api.factory.team();
    const a = commio.accounts[0]!;
    const senders = { list: [{ name: "Main", account_id: a.accountId, api_key: `${a.username}:${a.token}` }] };
    const body = { kind: "sms", type: "gateway9", name: "Commio" };
    expect((await call(token, "POST", "/api/gateways/test", { ...body, senders })).json()).toEqual({
      ok: true,
      message: "Connected to Commio: 1 account, 3 DIDs.",
    });
    const gw = await create(token, { ...body, senders });
    expect((await call(token, "POST", `/api/gateways/${gw.id}/test`)).json()).toMatchObject({ ok: true });
    const masked = await call(token, "POST", "/api/gateways/test", { ...body, id: gw.id, senders: gw.senders });
    expect(masked.json()).toMatchObject({ ok: true });

    const wrong = await call(token, "POST", "/api/gateways/test", {
      ...body,
      senders: { list: [{ ...senders.list[0], api_key: `${a.username}:nope` }] },
    });
    expect(wrong.json()).toEqual({ ok: false, message: 'The Commio username, token or account ID of "Main" is wrong.' });
    const noUser = await call(token, "POST", "/api/gateways/test", {
      ...body,
      senders: { list: [{ ...senders.list[0], api_key: a.token }] },
    });
    expect(noUser.json()).toEqual({ ok: false, message: expect.stringMatching(/Api Key as username:token/) });
    expect(noUser.body).not.toContain(a.token);
  });
});

describe("deleting a gateway in use", () => {
  it("stops the lookups that still meant to use it, keeping their gateway id", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await create(token, { kind: "sms_lookup", type: "sandbox", name: "Used" });
    for (const status of [0, 1, 2, 3])
      await api.database.query("INSERT INTO lookup_jobs (team_id, type, gateway_id, status) VALUES ($1, 1, $2, $3)", [
        ctx.teamId,
        gw.id,
        status,
      ]);
    expect((await call(token, "DELETE", `/api/gateways/${gw.id}`)).statusCode).toBe(200);
    const jobs = await api.database.query<{ status: number; error: string | null; gateway_id: number }>(
      "SELECT status, error, gateway_id FROM lookup_jobs WHERE team_id = $1 ORDER BY id",
      [ctx.teamId],
    );
    expect(jobs.rows).toEqual([
      { status: 4, error: "The gateway was deleted.", gateway_id: gw.id },
      { status: 4, error: "The gateway was deleted.", gateway_id: gw.id },
      { status: 4, error: "The gateway was deleted.", gateway_id: gw.id },
      { status: 3, error: null, gateway_id: gw.id },
    ]);
  });
});

describe("integrations isolation", () => {
  it("answers 404 to another team and changes nothing", async () => {
    const a = await api.factory.team();
    const b = await api.factory.team();
    const gw = await create(a.token, {
      kind: "sms_lookup",
      type: "gateway1",
      name: "A's twilio",
      params: { sys_id: "AC-A", auth_token: "a-secret-0000" },
    });
    const before = await raw(gw.id);
    const body = { kind: "sms_lookup", type: "gateway1", name: "Hijacked", params: { sys_id: "AC-B", auth_token: "b" } };
    for (const [method, url, payload] of [
      ["GET", `/api/gateways/${gw.id}`],
      ["PUT", `/api/gateways/${gw.id}`, body],
      ["DELETE", `/api/gateways/${gw.id}`],
      ["POST", `/api/gateways/${gw.id}/test`],
      ["POST", "/api/gateways/test", { ...body, id: gw.id }],
    ] as [Method, string, object?][]) {
      const res = await call(b.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain("A's twilio");
    }
    const list = (await call(b.token, "GET", "/api/gateways")).json() as GatewayPage;
    expect(list.data.map((g) => g.id)).not.toContain(gw.id);
    const options = (await call(b.token, "GET", "/api/gateways/options?kind=sms_lookup")).json();
    expect(JSON.stringify(options)).not.toContain("A's twilio");
    expect(await raw(gw.id)).toEqual(before);
    expect(await loadGatewayForRun(api.db, b.ctx.teamId, gw.id)).toBeNull();
  });

  it("answers an email gateway's verified senders and domains, and refuses other kinds and other teams", async () => {
    const { token } = await api.factory.team();
    const email = await create(token, { kind: "email", type: "sandbox", name: "Mail sandbox" });
    const res = await call(token, "GET", `/api/gateways/${email.id}/email-senders`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.error).toBeNull();
    expect(body.senders.length).toBeGreaterThan(0);
    expect(body.senders[0].key).toMatch(/@/);
    expect(body.domains.length).toBeGreaterThan(0);

    const sms = await create(token, { kind: "sms", type: "sandbox", name: "Text sandbox" });
    const notEmail = await call(token, "GET", `/api/gateways/${sms.id}/email-senders`);
    expect(notEmail.statusCode).toBe(422);
    expect(notEmail.json().message).toBe("This integration is not an email gateway.");

    const b = await api.factory.team();
    expect((await call(b.token, "GET", `/api/gateways/${email.id}/email-senders`)).statusCode).toBe(404);
  });
});
