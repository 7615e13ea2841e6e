import type { CampaignPool, CampaignRoute, CarrierGroup, GatewaySenderOptions } from "@leadflow/contracts";
import { DEMO_EMAIL, seedDemo } from "@leadflow/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { type Method, useApi } from "./helpers";

const api = useApi();
let groups: CarrierGroup[];
beforeAll(async () => {
  const { token } = await api.factory.team();
  groups = (await call(token, "GET", "/api/carrier-groups")).json().data.data;
});

const call = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({ method, url, headers: api.auth(token), ...(payload ? { payload } : {}) });
const groupId = (name: string) => groups.find((g) => g.name === name)!.id;

async function gateway(token: string, body: object): Promise<{ id: number; name: string }> {
  const res = await call(token, "POST", "/api/gateways", body);
  if (res.statusCode !== 201) throw new Error(`gateway: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A sandbox SMS gateway with numbers, and a Twilio one with numbers and a Messaging Service (pool). */
async function teamWithGateways() {
  const team = await api.factory.team();
  const sandbox = await gateway(team.token, {
    kind: "sms",
    type: "sandbox",
    name: "Sandbox SMS",
    senders: { numbers: [{ number: "+12015550101" }, { number: "+12015550102" }, { number: "+12015550103" }] },
  });
  const twilio = await gateway(team.token, {
    kind: "sms",
    type: "gateway1",
    name: "Twilio",
    params: { sys_id: "AC0000000000000001", auth_token: "twilio-auth-token-9876" },
    senders: { numbers: [{ number: "+12125550100", type: "local" }], pools: [{ id: "MG0001", name: "Marketing" }] },
  });
  return { ...team, sandbox, twilio };
}
type Team = Awaited<ReturnType<typeof teamWithGateways>>;

const phone = (gatewayId: number, sender: string, extra: object = {}) => ({
  gateway_id: gatewayId,
  sender_type: "phone",
  sender,
  ...extra,
});

async function createRoute(t: Team, body: object): Promise<CampaignRoute> {
  const res = await call(t.token, "POST", "/api/routes", body);
  if (res.statusCode !== 201) throw new Error(`route: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const routeRows = async (teamId: number) =>
  (await api.database.query("SELECT count(*)::int AS n FROM campaign_routes WHERE team_id = $1", [teamId])).rows[0] as { n: number };

describe("carrier groups", () => {
  it("lists the seeded groups in order as data.data", async () => {
    const { token } = await api.factory.team();
    const res = await call(token, "GET", "/api/carrier-groups");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((g: CarrierGroup) => g.name)).toEqual(["AT&T", "T-Mobile", "Verizon", "US Cellular", "Other"]);
  });
});

describe("gateway sender options", () => {
  it("offers the team's active SMS gateways and the platform's, with numbers as from and pools as pools", async () => {
    const t = await teamWithGateways();
    const flowroute = await gateway(t.token, {
      kind: "sms",
      type: "gateway12",
      name: "Flowroute",
      params: { token: "fr-token-1", api_secret: "fr-secret-1" },
      senders: { dids: [{ number: "+13035550100" }], did_groups: [{ id: "77", name: "Denver" }] },
    });
    const commio = await gateway(t.token, {
      kind: "sms",
      type: "gateway9",
      name: "Commio",
      senders: { list: [{ name: "Main account", account_id: "acc-1", api_key: "commio-secret-key-55" }] },
    });
    await gateway(t.token, {
      kind: "sms",
      type: "sandbox",
      name: "Switched off",
      active: false,
      senders: { numbers: [{ number: "+12015550199" }] },
    });
    await gateway(t.token, { kind: "email", type: "sandbox", name: "Mail sandbox" });
    const other = await teamWithGateways();
    const platform = await api.database.query<{ id: number }>(
      `INSERT INTO gateways (team_id, kind, type, name, active, senders) VALUES (NULL, 'sms', 'sandbox', 'Platform SMS', true,
        '{"numbers":[{"number":"+12015550150"}]}'::jsonb) RETURNING id`,
    );

    const res = await call(t.token, "GET", "/api/gateways/sms/sender-options");
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as GatewaySenderOptions[];
    const byName = Object.fromEntries(list.map((g) => [g.name, g]));
    expect(Object.keys(byName).sort()).toEqual(["Commio", "Flowroute", "Platform SMS", "Sandbox SMS", "Twilio"]);
    expect(list.map((g) => g.id)).not.toContain(other.sandbox.id);
    expect(byName.Twilio).toMatchObject({
      id: t.twilio.id,
      type: "gateway1",
      type_alias: "Twilio",
      active: true,
      default: false,
      from: [{ key: "+12125550100", label: "+12125550100" }],
      pools: [{ key: "MG0001", label: "Marketing (MG0001)" }],
    });
    expect(byName.Flowroute).toMatchObject({
      id: flowroute.id,
      from: [{ key: "+13035550100", label: "+13035550100" }],
      pools: [{ key: "77", label: "Denver (77)" }],
    });
    expect(byName.Commio).toMatchObject({ id: commio.id, from: [], pools: [{ key: "acc-1", label: "Main account (acc-1)" }] });
    expect(byName["Platform SMS"]).toMatchObject({ id: platform.rows[0]!.id, default: true, type_alias: "Sandbox (test)" });
    expect(byName["Sandbox SMS"]!.from.map((o) => o.key)).toEqual(["+12015550101", "+12015550102", "+12015550103"]);
    expect(res.body).not.toContain("commio-secret-key-55");
    await api.database.query("DELETE FROM gateways WHERE id = $1", [platform.rows[0]!.id]);
  });
});

describe("campaign routes", () => {
  it("creates, lists, reads, updates (replacing groups) and deletes a route", async () => {
    const t = await teamWithGateways();
    const created = await call(t.token, "POST", "/api/routes", {
      name: "  Main route ",
      default: { ...phone(t.sandbox.id, "+12015550101"), frequency: 60 },
      groups: [
        { ...phone(t.sandbox.id, "+12015550102", { sender_name: "AT&T line" }), group_id: groupId("AT&T"), frequency: 30 },
        { gateway_id: t.twilio.id, sender_type: "pool", sender: "MG0001", group_id: groupId("Verizon"), frequency: "25" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe("Route has been created.");
    const route = created.json().data as CampaignRoute;
    expect(route).toMatchObject({
      name: "Main route",
      default: {
        gateway_id: t.sandbox.id,
        gateway_name: "Sandbox SMS",
        sender_type: "phone",
        sender: "+12015550101",
        sender_name: "+12015550101",
        frequency: 60,
      },
      estimated_frequency: 115,
    });
    expect(route.groups).toMatchObject([
      {
        group_id: groupId("AT&T"),
        group: { id: groupId("AT&T"), name: "AT&T" },
        sender: "+12015550102",
        sender_name: "AT&T line",
        frequency: 30,
      },
      {
        group: { name: "Verizon" },
        gateway_id: t.twilio.id,
        gateway_name: "Twilio",
        sender_type: "pool",
        sender: "MG0001",
        sender_name: "Marketing (MG0001)",
        frequency: 25,
      },
    ]);

    const list = (await call(t.token, "GET", "/api/routes")).json();
    expect(list.data).toEqual([route]);
    expect(list.meta).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect((await call(t.token, "GET", `/api/routes/${route.id}`)).json().data).toEqual(route);

    // Frequency left empty is 0 (docs/product/audiences-lookups-settings.md); the AT&T group goes, T-Mobile comes.
    const updated = await call(t.token, "PUT", `/api/routes/${route.id}`, {
      name: "Renamed",
      default: { ...phone(t.twilio.id, "+12125550100"), frequency: "" },
      groups: [{ ...phone(t.sandbox.id, "+12015550103"), group_id: groupId("T-Mobile"), frequency: 40 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe("Route has been updated.");
    const after = updated.json().data as CampaignRoute;
    expect(after).toMatchObject({ name: "Renamed", default: { gateway_name: "Twilio", frequency: 0 }, estimated_frequency: 40 });
    expect(after.groups.map((g) => [g.group.name, g.sender])).toEqual([["T-Mobile", "+12015550103"]]);
    const stored = await api.database.query("SELECT group_id FROM campaign_route_groups WHERE route_id = $1", [route.id]);
    expect(stored.rows).toEqual([{ group_id: groupId("T-Mobile") }]);

    const del = await call(t.token, "DELETE", `/api/routes/${route.id}`);
    expect(del.json()).toEqual({ message: "Route has been deleted." });
    expect((await call(t.token, "GET", `/api/routes/${route.id}`)).statusCode).toBe(404);
    expect((await api.database.query("SELECT 1 FROM campaign_route_groups WHERE route_id = $1", [route.id])).rows).toEqual([]);
  });

  it("answers 422 on the field that is wrong and writes nothing", async () => {
    const t = await teamWithGateways();
    const other = await teamWithGateways();
    const inactive = await gateway(t.token, {
      kind: "sms",
      type: "sandbox",
      name: "Off",
      active: false,
      senders: { numbers: [{ number: "+12015550109" }] },
    });
    const mail = await gateway(t.token, { kind: "email", type: "sandbox", name: "Mail" });
    const ok = { ...phone(t.sandbox.id, "+12015550101"), frequency: 5 };
    const cases: [object, Record<string, string[]>][] = [
      [{ name: " ", default: ok }, { name: ["The name field is required."] }],
      [{ default: ok }, { name: ["The name field is required."] }],
      [{ name: "R" }, { default: ["The default field is required."] }],
      [
        { name: "R", default: { ...ok, frequency: -1 } },
        { "default.frequency": ["The frequency must be a whole number from 0 to 100000."] },
      ],
      [
        { name: "R", default: { ...ok, frequency: 1.5 } },
        { "default.frequency": ["The frequency must be a whole number from 0 to 100000."] },
      ],
      [
        { name: "R", default: { ...ok, frequency: 100_001 } },
        { "default.frequency": ["The frequency must be a whole number from 0 to 100000."] },
      ],
      [
        { name: "R", default: { ...ok, frequency: "many" } },
        { "default.frequency": ["The frequency must be a whole number from 0 to 100000."] },
      ],
      [{ name: "R", default: { ...ok, sender_type: "alpha" } }, { "default.sender_type": ["The sender type must be phone or pool."] }],
      [{ name: "R", default: { ...ok, sender: "" } }, { "default.sender": ["The sender field is required."] }],
      [{ name: "R", default: { ...ok, gateway_id: "" } }, { "default.gateway_id": ["The gateway field is required."] }],
      [
        { name: "R", default: { ...ok, sender: "+19999999999" } },
        { "default.sender": ['The selected sender is not a phone of the gateway "Sandbox SMS".'] },
      ],
      // A Messaging Service id is a pool, not a phone.
      [
        { name: "R", default: { ...ok, gateway_id: t.twilio.id, sender: "MG0001" } },
        { "default.sender": ['The selected sender is not a phone of the gateway "Twilio".'] },
      ],
      ...[inactive.id, mail.id, other.sandbox.id, 2_000_000_000].map((id): [object, Record<string, string[]>] => [
        { name: "R", default: { ...ok, gateway_id: id } },
        { "default.gateway_id": ["The selected gateway is not an active SMS gateway of this team."] },
      ]),
      [
        {
          name: "R",
          default: ok,
          groups: [
            { ...ok, group_id: groupId("AT&T") },
            { ...ok, sender: "+12015550100", group_id: groupId("AT&T") },
          ],
        },
        {
          "groups.1.sender": ['The selected sender is not a phone of the gateway "Sandbox SMS".'],
        },
      ],
      [
        {
          name: "R",
          default: ok,
          groups: [
            { ...ok, group_id: groupId("AT&T") },
            { ...ok, group_id: groupId("AT&T") },
          ],
        },
        { "groups.1.sender": ["This sender already serves this carrier group."] },
      ],
      [
        { name: "R", default: ok, groups: [{ ...ok, group_id: 999_999 }] },
        { "groups.0.group_id": ["The selected carrier group is invalid."] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await call(t.token, "POST", "/api/routes", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
      expect(res.json().message).toBe(Object.values(errors)[0]![0]);
    }
    expect((await routeRows(t.ctx.teamId)).n).toBe(0);

    // A failed update leaves the route as it was, groups included.
    const route = await createRoute(t, { name: "Keep", default: ok, groups: [{ ...ok, group_id: groupId("Verizon") }] });
    const bad = await call(t.token, "PUT", `/api/routes/${route.id}`, {
      name: "Changed",
      default: ok,
      groups: [{ ...ok, group_id: groupId("AT&T"), gateway_id: inactive.id }],
    });
    expect(bad.statusCode).toBe(422);
    expect((await call(t.token, "GET", `/api/routes/${route.id}`)).json().data).toEqual(route);
  });

  it("caps a team at 100 routes", async () => {
    const t = await teamWithGateways();
    await api.database.query(
      `INSERT INTO campaign_routes (team_id, name, gateway_id, sender_type, sender, frequency)
       SELECT $1, 'Route ' || n, $2, 'phone', '+12015550101', 1 FROM generate_series(1, 100) n`,
      [t.ctx.teamId, t.sandbox.id],
    );
    expect((await call(t.token, "GET", "/api/routes")).json().data).toHaveLength(100);
    const res = await call(t.token, "POST", "/api/routes", {
      name: "One more",
      default: { ...phone(t.sandbox.id, "+12015550101"), frequency: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("A team can have at most 100 campaign routes.");
    expect((await routeRows(t.ctx.teamId)).n).toBe(100);
  });

  it("answers 404 for another team's route and leaves it alone", async () => {
    const a = await teamWithGateways();
    const b = await teamWithGateways();
    const route = await createRoute(a, { name: "A's", default: { ...phone(a.sandbox.id, "+12015550101"), frequency: 1 } });
    const body = { name: "B's now", default: { ...phone(b.sandbox.id, "+12015550101"), frequency: 1 } };
    expect((await call(b.token, "GET", `/api/routes/${route.id}`)).statusCode).toBe(404);
    expect((await call(b.token, "PUT", `/api/routes/${route.id}`, body)).statusCode).toBe(404);
    expect((await call(b.token, "DELETE", `/api/routes/${route.id}`)).json()).toEqual({ message: "Route not found." });
    expect((await call(b.token, "GET", "/api/routes")).json().data).toEqual([]);
    expect((await call(a.token, "GET", `/api/routes/${route.id}`)).json().data).toEqual(route);
  });
});

describe("campaign pools", () => {
  it("creates, lists, updates (keeping the senders that stay) and deletes a pool", async () => {
    const t = await teamWithGateways();
    const created = await call(t.token, "POST", "/api/pools", {
      name: "Numbers",
      senders: [phone(t.sandbox.id, "+12015550101"), phone(t.sandbox.id, "+12015550102", { sender_name: "Second" })],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe("Pool has been created.");
    const pool = created.json().data as CampaignPool;
    expect(pool.senders).toMatchObject([
      { gateway_id: t.sandbox.id, gateway_name: "Sandbox SMS", sender_type: "phone", sender: "+12015550101", sender_name: "+12015550101" },
      { sender: "+12015550102", sender_name: "Second" },
    ]);
    expect((await call(t.token, "GET", "/api/pools")).json()).toMatchObject({ data: [pool], meta: { total: 1 } });

    const updated = await call(t.token, "PUT", `/api/pools/${pool.id}`, {
      name: "Mixed",
      senders: [
        phone(t.sandbox.id, "+12015550102", { sender_name: "Renamed" }),
        { gateway_id: t.twilio.id, sender_type: "pool", sender: "MG0001" },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json().data as CampaignPool;
    expect(after.name).toBe("Mixed");
    expect(after.senders.map((s) => [s.gateway_name, s.sender_type, s.sender, s.sender_name])).toEqual([
      ["Sandbox SMS", "phone", "+12015550102", "Renamed"],
      ["Twilio", "pool", "MG0001", "Marketing (MG0001)"],
    ]);
    // The sender that stayed kept its row: what a lead's sticky number is keyed by.
    expect(after.senders[0]!.id).toBe(pool.senders[1]!.id);

    expect((await call(t.token, "DELETE", `/api/pools/${pool.id}`)).json()).toEqual({ message: "Pool has been deleted." });
    expect((await call(t.token, "GET", `/api/pools/${pool.id}`)).statusCode).toBe(404);
  });

  it("needs a name, at least one sender, senders the gateways have and no sender twice", async () => {
    const t = await teamWithGateways();
    const s1 = phone(t.sandbox.id, "+12015550101");
    const cases: [object, Record<string, string[]>][] = [
      [{ name: "P", senders: [] }, { senders: ["Add at least one sender."] }],
      [{ name: "P" }, { senders: ["Add at least one sender."] }],
      [{ name: "", senders: [s1] }, { name: ["The name field is required."] }],
      [{ name: "P", senders: [s1, { ...s1, sender_name: "Again" }] }, { "senders.1.sender": ["This sender is already in the pool."] }],
      [
        { name: "P", senders: [s1, { gateway_id: t.twilio.id, sender_type: "pool", sender: "+12125550100" }] },
        { "senders.1.sender": ['The selected sender is not a pool of the gateway "Twilio".'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await call(t.token, "POST", "/api/pools", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const rows = await api.database.query("SELECT 1 FROM campaign_pools WHERE team_id = $1", [t.ctx.teamId]);
    expect(rows.rows).toEqual([]);
  });

  it("caps a team at 100 pools and answers 404 for another team's pool", async () => {
    const t = await teamWithGateways();
    await api.database.query("INSERT INTO campaign_pools (team_id, name) SELECT $1, 'Pool ' || n FROM generate_series(1, 100) n", [
      t.ctx.teamId,
    ]);
    const res = await call(t.token, "POST", "/api/pools", { name: "One more", senders: [phone(t.sandbox.id, "+12015550101")] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("A team can have at most 100 campaign pools.");

    const b = await teamWithGateways();
    const id = (await api.database.query<{ id: number }>("SELECT min(id) AS id FROM campaign_pools WHERE team_id = $1", [t.ctx.teamId]))
      .rows[0]!.id;
    const body = { name: "B's", senders: [phone(b.sandbox.id, "+12015550101")] };
    expect((await call(b.token, "GET", `/api/pools/${id}`)).statusCode).toBe(404);
    expect((await call(b.token, "PUT", `/api/pools/${id}`, body)).statusCode).toBe(404);
    expect((await call(b.token, "DELETE", `/api/pools/${id}`)).statusCode).toBe(404);
    expect((await call(t.token, "GET", `/api/pools/${id}`)).json().data.name).toBe("Pool 1");
  });
});

describe("deleting a gateway that routes or pools use", () => {
  it("answers 422 naming them, and deletes once nothing uses it", async () => {
    const t = await teamWithGateways();
    const route = await createRoute(t, {
      name: "Evening",
      default: { ...phone(t.twilio.id, "+12125550100"), frequency: 10 },
      groups: [{ ...phone(t.sandbox.id, "+12015550101"), group_id: groupId("AT&T"), frequency: 5 }],
    });
    const pool = (
      await call(t.token, "POST", "/api/pools", { name: "Spare numbers", senders: [phone(t.sandbox.id, "+12015550102")] })
    ).json().data as CampaignPool;

    const both = await call(t.token, "DELETE", `/api/gateways/${t.sandbox.id}`);
    expect(both.statusCode).toBe(422);
    expect(both.json().message).toBe(
      'This integration is used by route "Evening" and pool "Spare numbers". Move them to another gateway first, then delete it.',
    );
    const byDefault = await call(t.token, "DELETE", `/api/gateways/${t.twilio.id}`);
    expect(byDefault.json().message).toContain('route "Evening"');
    expect((await call(t.token, "GET", `/api/gateways/${t.sandbox.id}`)).statusCode).toBe(200);

    await call(t.token, "DELETE", `/api/pools/${pool.id}`);
    await call(t.token, "PUT", `/api/routes/${route.id}`, {
      name: "Evening",
      default: { ...phone(t.twilio.id, "+12125550100"), frequency: 10 },
    });
    const done = await call(t.token, "DELETE", `/api/gateways/${t.sandbox.id}`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(t.token, "GET", `/api/gateways/${t.sandbox.id}`)).statusCode).toBe(404);
  });
});

describe("demo seed", () => {
  it("gives the demo team sandbox gateways, a pool and a route, once", async () => {
    const first = await seedDemo(api.db);
    expect(first.created).toBe(true);
    const signIn = await api.app.inject({ method: "POST", url: "/api/signin", payload: { email: DEMO_EMAIL, password: first.password } });
    const token = signIn.json().access_token as string;
    const options = (await call(token, "GET", "/api/gateways/sms/sender-options")).json().data as GatewaySenderOptions[];
    const sms = options.find((g) => g.name === "Sandbox SMS")!;
    expect(sms.from.map((o) => o.key)).toEqual(["+12015550101", "+12015550102", "+12015550103", "+12015550104", "+12015550105"]);
    const email = (await call(token, "GET", "/api/gateways?kind=email")).json().data;
    expect(email.map((g: { name: string }) => g.name)).toContain("Sandbox Email");

    const [route] = (await call(token, "GET", "/api/routes")).json().data as CampaignRoute[];
    expect(route).toMatchObject({
      name: "Demo route",
      default: { gateway_id: sms.id, sender: "+12015550101", frequency: 60 },
      estimated_frequency: 120,
    });
    expect(route!.groups.map((g) => [g.group.name, g.sender, g.frequency])).toEqual([
      ["AT&T", "+12015550102", 30],
      ["Verizon", "+12015550103", 30],
    ]);
    const [pool] = (await call(token, "GET", "/api/pools")).json().data as CampaignPool[];
    expect(pool).toMatchObject({ name: "Demo pool" });
    expect(pool!.senders.map((s) => s.sender)).toEqual(["+12015550104", "+12015550105"]);

    expect((await seedDemo(api.db)).created).toBe(false);
    expect((await call(token, "GET", "/api/routes")).json().data).toHaveLength(1);
  });
});
