import type { Keyword } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

const NUMBER_A = "+12124567890";
const NUMBER_B = "+12124567891";

async function team() {
  const t = await signedInTeam(api);
  const { call } = t;
  /** An SMS gateway of the team with sender numbers (written as people type them). */
  const gateway = async (numbers: string[], extra: object = {}) => {
    const res = await call("POST", "/api/gateways", {
      kind: "sms",
      type: "sandbox",
      name: `SMS ${numbers.join(" ")} ${Math.random()}`,
      params: {},
      senders: { numbers: numbers.map((number) => ({ number })) },
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; name: string };
  };
  return { ...t, gateway };
}

const keyword = (words: string[], extra: object = {}) => ({
  values: { values: words, phones: ["*"] },
  action: "reply",
  response_message: "Thanks! Reply STOP to opt out.",
  ...extra,
});

const teamRows = async (teamId: number) =>
  (await api.database.query<{ words: string[] }>("SELECT words FROM sms_keywords WHERE team_id = $1 ORDER BY id", [teamId])).rows;

describe("sms keywords", () => {
  it("lists the system keywords first for every team, locked", async () => {
    const t = await team();
    const mine = (await t.call("POST", "/api/sms-keywords", keyword(["Promo"]))).json() as Keyword;
    const page = await t.call("GET", "/api/sms-keywords");
    expect(page.statusCode).toBe(200);
    const data = page.json().data as Keyword[];
    expect(data.map((k) => k.values.values[0])).toEqual(["STOP", "START", "HELP", "PROMO"]);
    expect(data.slice(0, 3).every((k) => k.is_system)).toBe(true);
    expect(data[0]).toMatchObject({ action: "stop", values: { phones: ["*"] }, gateway: null, list: null });
    expect(data[3]).toEqual({ ...mine, is_system: false });
    // A search finds a word anywhere in a keyword (normalised the same way).
    const found = (await t.call("GET", "/api/sms-keywords?search=%20optout")).json().data as Keyword[];
    expect(found.map((k) => k.action)).toEqual(["stop"]);

    const system = data[0]!;
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await t.call(method, `/api/sms-keywords/${system.id}`, keyword(["HALT"]));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("System keywords cannot be changed.");
    }
    expect((await t.call("GET", `/api/sms-keywords/${system.id}`)).json()).toMatchObject({ is_system: true, action: "stop" });
  });

  it("normalises the words and refuses a word another keyword of the same number has", async () => {
    const t = await team();
    await t.gateway([NUMBER_A, "(212) 456-7891"]);
    const created = await t.call("POST", "/api/sms-keywords", {
      ...keyword([" join ", "ｊｏｉｎ", "Hello   World", "join"]),
      values: { values: [" join ", "ｊｏｉｎ", "Hello   World", "join"], phones: ["212 456 7890"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().values).toEqual({ values: ["JOIN", "HELLO WORLD"], phones: [NUMBER_A] });

    const onA = { values: { values: ["deal", "join"], phones: [NUMBER_A] }, action: "unsubscribe" };
    const clash = await t.call("POST", "/api/sms-keywords", onA);
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ "values.values": ["JOIN is already in the keyword JOIN, HELLO WORLD."] });
    // '*' overlaps every number.
    const everywhere = await t.call("POST", "/api/sms-keywords", { ...onA, values: { values: ["join"], phones: ["*"] } });
    expect(everywhere.statusCode).toBe(422);
    // Another number may use the same word.
    const onB = await t.call("POST", "/api/sms-keywords", { ...onA, values: { values: ["join"], phones: [NUMBER_B] } });
    expect(onB.statusCode, onB.body).toBe(201);
    // A system word, on any number.
    const stop = await t.call("POST", "/api/sms-keywords", { ...onA, values: { values: ["Stop", "quit"], phones: [NUMBER_B] } });
    expect(stop.json().errors).toEqual({ "values.values": ["STOP is a system keyword.", "QUIT is a system keyword."] });
    expect((await teamRows(t.ctx.teamId)).map((r) => r.words)).toEqual([["JOIN", "HELLO WORLD"], ["JOIN"]]);
  });

  it("takes only numbers of the team's SMS gateways, and offers them", async () => {
    const t = await team();
    const gw = await t.gateway([NUMBER_A, "Acme", "55555"]);
    const phones = await t.call("GET", "/api/sms-keywords/phones");
    expect(phones.json()).toEqual({
      data: [
        { phone: NUMBER_A, gateways: [{ id: gw.id, name: gw.name }] },
        { phone: "55555", gateways: [{ id: gw.id, name: gw.name }] },
      ],
    });
    const other = await team();
    await other.gateway([NUMBER_B]);
    const res = await t.call("POST", "/api/sms-keywords", {
      ...keyword(["info2"]),
      values: { values: ["info2"], phones: [NUMBER_A, NUMBER_B, "Acme"] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["values.phones"]).toEqual([
      `${NUMBER_B} is not a number of your SMS gateways.`,
      "Acme is not a number of your SMS gateways.",
    ]);
    const short = await t.call("POST", "/api/sms-keywords", { ...keyword(["info2"]), values: { values: ["info2"], phones: ["55555"] } });
    expect(short.statusCode, short.body).toBe(201);
  });

  it("checks each action's fields and the gateway and list it names", async () => {
    const t = await team();
    const other = await team();
    const source = await api.factory.source(t.ctx);
    const list = await api.factory.list(t.ctx, source.id, { name: "Subscribers" });
    const theirs = await api.factory.list(other.ctx, (await api.factory.source(other.ctx)).id);
    const gw = await t.gateway([NUMBER_A]);
    const off = await t.gateway([NUMBER_B], { active: false });
    const lookup = (await t.call("POST", "/api/gateways", { kind: "sms_lookup", type: "sandbox", name: "Lookup", params: {} })).json().data;
    const theirGateway = await other.gateway([NUMBER_B]);

    const cases: [object, number, string, string][] = [
      [keyword(["a1"], { response_message: " " }), 422, "response_message", "The response message is required for the Reply action."],
      [
        keyword(["a2"], { response_message: "x".repeat(1601) }),
        422,
        "response_message",
        "The response message may not be greater than 1600 characters.",
      ],
      [keyword(["a3"], { action: "subscribe" }), 422, "list_id", "Choose the list to subscribe to."],
      [keyword(["a4"], { action: "subscribe", list_id: theirs.id }), 404, "list_id", "The selected list is invalid."],
      [keyword(["a5"], { gateway_id: theirGateway.id }), 404, "gateway_id", "The selected gateway is invalid."],
      [keyword(["a6"], { gateway_id: off.id }), 422, "gateway_id", "Choose an active SMS gateway."],
      [keyword(["a7"], { gateway_id: lookup.id }), 422, "gateway_id", "Choose an active SMS gateway."],
      [keyword(["a8"], { action: "forward" }), 422, "action", "The selected action is invalid."],
      [keyword([" "]), 422, "values.values", "Add at least one keyword."],
      [keyword(["x".repeat(31)]), 422, "values.values", `${"X".repeat(31)} is longer than 30 characters.`],
      [keyword(Array.from({ length: 51 }, (_, i) => `w${i}`)), 422, "values.values", "A keyword may have at most 50 words."],
    ];
    for (const [payload, status, field, message] of cases) {
      const res = await t.call("POST", "/api/sms-keywords", payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors[field], res.body).toContain(message);
    }
    expect(await teamRows(t.ctx.teamId)).toEqual([]);

    const sub = await t.call("POST", "/api/sms-keywords", keyword(["join"], { action: "subscribe", list_id: list.id, gateway_id: gw.id }));
    expect(sub.statusCode, sub.body).toBe(201);
    expect(sub.json()).toMatchObject({ action: "subscribe", list: { id: list.id, name: "Subscribers" }, gateway: { id: gw.id } });
    // Trigger campaigns arrive with Campaigns: the id is kept as given; a list is kept only for Subscribe.
    const trigger = await t.call(
      "POST",
      "/api/sms-keywords",
      keyword(["go"], { action: "trigger", automation_campaign_id: 42, list_id: list.id }),
    );
    expect(trigger.json()).toMatchObject({
      action: "trigger",
      automation_campaign_id: 42,
      list: null,
      response_message: expect.any(String),
    });
  });

  it("edits and deletes the team's own keywords; another team's are a 404", async () => {
    const a = await team();
    const b = await team();
    const mine = (await a.call("POST", "/api/sms-keywords", keyword(["Offer", "Deal"]))).json() as Keyword;
    // Saving the keyword with its own words is no clash with itself.
    const edited = await a.call(
      "PUT",
      `/api/sms-keywords/${mine.id}`,
      keyword(["offer", "deals"], { action: "unsubscribe", response_message: "" }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: mine.id,
      values: { values: ["OFFER", "DEALS"] },
      action: "unsubscribe",
      response_message: "",
    });

    for (const [method, payload] of [["GET"], ["PUT", keyword(["mine"])], ["DELETE"]] as const) {
      const res = await b.call(method, `/api/sms-keywords/${mine.id}`, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.body).not.toContain("OFFER");
    }
    const bList = (await b.call("GET", "/api/sms-keywords")).json().data as Keyword[];
    expect(bList.every((k) => k.is_system)).toBe(true);
    // B may use the same word: keywords are per team.
    expect((await b.call("POST", "/api/sms-keywords", keyword(["offer"]))).statusCode).toBe(201);

    expect((await a.call("DELETE", `/api/sms-keywords/${mine.id}`)).json()).toEqual({ message: "Keyword has been deleted." });
    expect((await a.call("GET", `/api/sms-keywords/${mine.id}`)).statusCode).toBe(404);
    expect((await a.call("DELETE", `/api/sms-keywords/${mine.id}`)).statusCode).toBe(404);
  });

  it("lets only one of two saves sent together take a word", async () => {
    const t = await team();
    const results = await Promise.all([
      t.call("POST", "/api/sms-keywords", keyword(["race", "one"])),
      t.call("POST", "/api/sms-keywords", keyword(["race", "two"])),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await teamRows(t.ctx.teamId)).toHaveLength(1);
  });
});
