import type { Keyword } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

const NUMBER_A = "+12124567890";
const NUMBER_B = "+12124567891";

async function team(opts: { role?: "team_admin" | "team_operator" } = {}) {
  const t = await signedInTeam(api, opts);
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

/** A trigger campaign of the team that starts on a keyword: SMS Trigger through the gateway, or Email Trigger. */
async function triggerCampaign(t: Awaited<ReturnType<typeof team>>, smsGateway: number | null): Promise<number> {
  const gateway =
    smsGateway ?? (await t.call("POST", "/api/gateways", { kind: "email", type: "sandbox", name: "Mail", params: {} })).json().data.id;
  const res = await t.call("POST", "/api/campaigns", {
    name: "On keyword",
    type: smsGateway === null ? "email_automation" : "automation",
    triggers: ["keyword"],
    setting_gateway_id: gateway,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

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
    // A list is kept only for Subscribe.
    const campaign = await triggerCampaign(t, gw.id);
    const trigger = await t.call(
      "POST",
      "/api/sms-keywords",
      keyword(["go"], { action: "trigger", automation_campaign_id: campaign, list_id: list.id }),
    );
    expect(trigger.json()).toMatchObject({
      action: "trigger",
      automation_campaign_id: campaign,
      list: null,
      response_message: expect.any(String),
    });
  });

  it("starts only a trigger campaign of the team: another team's is a 404, another kind a 422, and nothing is saved", async () => {
    const t = await team();
    const other = await team();
    const gw = await t.gateway([NUMBER_A]);
    const mine = await triggerCampaign(t, gw.id);
    const emailTrigger = await triggerCampaign(t, null);
    const broadcast = (await t.call("POST", "/api/campaigns", { name: "Broadcast", type: "sms", setting_gateway_id: gw.id })).json().data
      .id as number;
    const theirs = await triggerCampaign(other, (await other.gateway([NUMBER_B])).id);
    const trigger = (words: string[], id: number) => keyword(words, { action: "trigger", automation_campaign_id: id });

    const cases: [object, number, string][] = [
      [trigger(["t1"], theirs), 404, "The selected campaign is invalid."],
      [trigger(["t2"], 999_999), 404, "The selected campaign is invalid."],
      [trigger(["t3"], broadcast), 422, "Choose an SMS Trigger or Email Trigger campaign."],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.call("POST", "/api/sms-keywords", payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors).toEqual({ automation_campaign_id: [message] });
    }
    expect(await teamRows(t.ctx.teamId)).toEqual([]);

    const saved = await t.call("POST", "/api/sms-keywords", trigger(["go"], mine));
    expect(saved.statusCode, saved.body).toBe(201);
    const id = (saved.json() as Keyword).id;
    // An edit that names another team's campaign changes nothing; the team's Email Trigger campaign is taken.
    expect((await t.call("PUT", `/api/sms-keywords/${id}`, trigger(["go"], theirs))).statusCode).toBe(404);
    expect((await t.call("GET", `/api/sms-keywords/${id}`)).json().automation_campaign_id).toBe(mine);
    const edited = await t.call("PUT", `/api/sms-keywords/${id}`, trigger(["go"], emailTrigger));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().automation_campaign_id).toBe(emailTrigger);
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

describe("opt-out and help answers", () => {
  const URL = "/api/sms-keywords/messaging";
  const teamName = async (teamId: number) =>
    (await api.database.query<{ name: string }>("SELECT name FROM teams WHERE id = $1", [teamId])).rows[0]!.name;
  const stored = async (teamId: number) =>
    (await api.database.query("SELECT brand_name, help_contact FROM teams WHERE id = $1", [teamId])).rows[0];

  it("previews the answers with the team's defaults, saves a brand and contact, and clears them", async () => {
    const t = await team();
    const name = await teamName(t.ctx.teamId);
    const got = await t.call("GET", URL);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual({
      brand_name: null,
      help_contact: null,
      stop_preview: `${name}: You are unsubscribed and will get no more messages. Reply START to resubscribe.`,
      help_preview: `${name}: Help at ${t.email}. Msg&data rates may apply. Reply STOP to opt out.`,
      start_preview: `${name}: You are resubscribed. Reply HELP for help, STOP to opt out.`,
      default_brand: name,
      default_contact: t.email,
      templates: {
        stop: "{{brand}}: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
        start: "{{brand}}: You are resubscribed. Reply HELP for help, STOP to opt out.",
        help: "{{brand}}: Help at {{contact}}. Msg&data rates may apply. Reply STOP to opt out.",
      },
    });

    const saved = await t.call("PUT", URL, { brand_name: "  Acme   Flowers ", help_contact: " +1 (212) 555-0100 " });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      brand_name: "Acme Flowers",
      help_contact: "+1 (212) 555-0100",
      stop_preview: "Acme Flowers: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
      help_preview: "Acme Flowers: Help at +1 (212) 555-0100. Msg&data rates may apply. Reply STOP to opt out.",
    });
    expect((await t.call("GET", URL)).json()).toEqual(saved.json());

    const cleared = await t.call("PUT", URL, { brand_name: "", help_contact: null });
    expect(cleared.json()).toMatchObject({ brand_name: null, help_contact: null, stop_preview: got.json().stop_preview });
    expect(await stored(t.ctx.teamId)).toEqual({ brand_name: null, help_contact: null });
  });

  it("refuses bad input with a message on its field and changes nothing", async () => {
    const t = await team();
    await t.call("PUT", URL, { brand_name: "Acme", help_contact: "help@acme.test" });
    const cases: [object, string, string][] = [
      [{ brand_name: "Acme", help_contact: "call Bob" }, "help_contact", "Enter a phone number, an email address or a web address."],
      [
        { brand_name: "Acme", help_contact: `${"a".repeat(55)}@b.com` },
        "help_contact",
        "The help contact may not be greater than 60 characters.",
      ],
      [{ brand_name: "B".repeat(41) }, "brand_name", "The brand name may not be greater than 40 characters."],
      [{ brand_name: 7 }, "brand_name", "The brand name must be text."],
      // One letter outside GSM-7 makes every answer Unicode, 70 characters a part: STOP would take two.
      [
        { brand_name: "Łódź Pizza" },
        "brand_name",
        "The brand name has characters outside the basic SMS alphabet (Ł ó ź): the STOP answer would go as Unicode, 70 characters a part, in 2 parts. Leave them out.",
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.call("PUT", URL, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json(), res.body).toEqual({ message, errors: { [field]: [message] } });
    }
    expect(await stored(t.ctx.teamId)).toEqual({ brand_name: "Acme", help_contact: "help@acme.test" });
  });

  it("is the signed-in team's alone: another team neither sees it nor changes it, whatever the body names", async () => {
    const a = await team();
    const b = await team({ role: "team_operator" });
    await a.call("PUT", URL, { brand_name: "Acme", help_contact: "help@acme.test" });
    const theirs = await b.call("GET", URL);
    expect(theirs.json()).toMatchObject({ brand_name: null, help_contact: null });
    expect(theirs.body).not.toContain("Acme");

    // An operator may edit it, as the keywords; a team id in the body is no key to another team.
    const res = await b.call("PUT", URL, { brand_name: "Bee", help_contact: "bee.test", team_id: a.ctx.teamId, id: a.ctx.teamId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(a.ctx.teamId)).toEqual({ brand_name: "Acme", help_contact: "help@acme.test" });
    expect(await stored(b.ctx.teamId)).toEqual({ brand_name: "Bee", help_contact: "bee.test" });
    expect((await a.call("GET", URL)).json()).toMatchObject({ brand_name: "Acme" });
  });
});
