import type { CampaignStep } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

const api = useApi();

async function team() {
  const t = await signedInTeam(api);
  const sms = (
    await t.call("POST", "/api/gateways", {
      kind: "sms",
      type: "sandbox",
      name: "Sandbox",
      senders: { numbers: [{ number: "+12015550101" }] },
    })
  ).json().data as { id: number };
  const campaign = (await t.call("POST", "/api/campaigns", { name: "Drip", type: "sms", setting_gateway_id: sms.id })).json().data as {
    id: number;
  };
  return { ...t, sms, campaign };
}

const split = (parts: object[]) => ({ type: "split", name: "A/B", parts });
const smsPart = (name: string, message: string) => ({ type: "sms", name, message });

describe("campaign steps", () => {
  it("adds sms and split steps with their parts, SMS length and delay defaults", async () => {
    const t = await team();
    const url = `/api/campaigns/${t.campaign.id}/campaign-steps`;
    const one = await t.call("POST", url, { type: "sms", name: "Hello", message: "x".repeat(161) });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().data).toMatchObject({
      type: "sms",
      delay: 0,
      delay_time_period: "min",
      delay_label: "0 min",
      status: "pending",
      sms: { encoding: "GSM-7", parts: 2 },
      steps: [],
    });
    const two = await t.call("POST", url, { ...split([smsPart("A", "Привет"), smsPart("B", "Hi")]), delay: 2, delay_time_period: "days" });
    expect(two.statusCode, two.body).toBe(201);
    const s = two.json().data as CampaignStep;
    expect(s.steps.map((p) => [p.name, p.sms?.encoding, p.parent_step_id])).toEqual([
      ["A", "UCS-2", s.id],
      ["B", "GSM-7", s.id],
    ]);
    const list = (await t.call("GET", url)).json().data as CampaignStep[];
    expect(list.map((x) => [x.name, x.position])).toEqual([
      ["Hello", 0],
      ["A/B", 1],
    ]);
    expect((await t.call("GET", `/api/campaigns/${t.campaign.id}`)).json().data.steps).toBe(2);
  });

  it("refuses bad steps on the field", async () => {
    const t = await team();
    const url = `/api/campaigns/${t.campaign.id}/campaign-steps`;
    const cases: [object, string][] = [
      [{ type: "sms", name: "" }, "name"],
      [{ type: "sms", name: "x", delay: -1 }, "delay"],
      [{ type: "sms", name: "x", delay_time_period: "weeks" }, "delay_time_period"],
      [split([]), "parts"],
      [split(Array.from({ length: 51 }, (_, i) => smsPart(`P${i}`, "m"))), "parts"],
      [{ type: "email", name: "Mail", subject: "Hi", message: "Body" }, "type"],
      [split([smsPart("A", "a"), { type: "email", name: "B" }]), "parts.1.type"],
      [{ type: "nope", name: "x" }, "type"],
    ];
    for (const [body, field] of cases) {
      const res = await t.call("POST", url, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).join(" "), res.body).toContain(field);
    }
    expect((await t.call("GET", url)).json().data).toEqual([]);
  });

  it("answers 404 for a short-URL domain or trigger campaign that is another team's or none, saves nothing, and takes the team's own", async () => {
    const t = await team();
    const other = await team();
    const url = `/api/campaigns/${t.campaign.id}/campaign-steps`;
    const domain = async (teamId: number, access = "enabled") =>
      (
        await api.database.query<{ id: number }>("INSERT INTO short_url_domains (team_id, url, access) VALUES ($1, $2, $3) RETURNING id", [
          teamId,
          `go-${teamId}-${access}-${process.pid}.steps.test`,
          access,
        ])
      ).rows[0]!.id;
    const mine = await domain(t.ctx.teamId);
    const disabled = await domain(t.ctx.teamId, "disabled");
    const theirs = await domain(other.ctx.teamId);
    const trigger = async (who: typeof t) =>
      (
        await who.call("POST", "/api/campaigns", {
          name: "On click",
          type: "automation",
          triggers: ["campaign_click"],
          setting_gateway_id: who.sms.id,
        })
      ).json().data.id as number;
    const myTrigger = await trigger(t);
    const theirTrigger = await trigger(other);
    const withLink = (extra: object) => ({ type: "sms", name: "Offer", message: "Deals {{link}}", ...extra });

    const cases: [object, number, string, string][] = [
      [withLink({ short_url_domain_id: theirs }), 404, "short_url_domain_id", "The selected short URL domain was not found."],
      [withLink({ short_url_domain_id: 999_999 }), 404, "short_url_domain_id", "The selected short URL domain was not found."],
      [
        split([smsPart("A", "a"), withLink({ short_url_domain_id: theirs })]),
        404,
        "parts.1.short_url_domain_id",
        "The selected short URL domain was not found.",
      ],
      [
        withLink({ click_automation_campaign_id: theirTrigger }),
        404,
        "click_automation_campaign_id",
        "The selected campaign was not found.",
      ],
      [withLink({ short_url_domain_id: disabled }), 422, "short_url_domain_id", "The selected short URL domain is not available."],
      [
        withLink({ tmo_limit_automation_campaign_id: t.campaign.id }),
        422,
        "tmo_limit_automation_campaign_id",
        "Choose an SMS Trigger or Email Trigger campaign.",
      ],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await t.call("POST", url, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      expect(res.json().errors, res.body).toEqual({ [field]: [message] });
    }
    expect((await t.call("GET", url)).json().data).toEqual([]);

    const saved = await t.call("POST", url, withLink({ short_url_domain_id: mine, click_automation_campaign_id: myTrigger }));
    expect(saved.statusCode, saved.body).toBe(201);
    const step = saved.json().data as CampaignStep;
    expect(step).toMatchObject({ short_url_domain_id: mine, click_automation_campaign_id: myTrigger });
    // An edit naming another team's domain is refused the same way and leaves the step as it was.
    const edit = await t.call("PUT", `/api/campaign-steps/${step.id}`, withLink({ name: "Edited", short_url_domain_id: theirs }));
    expect(edit.statusCode, edit.body).toBe(404);
    expect((await t.call("GET", url)).json().data).toEqual([step]);
  });

  it("edits parts of a split by id, copies and deletes while draft, and only then", async () => {
    const t = await team();
    const url = `/api/campaigns/${t.campaign.id}/campaign-steps`;
    const s = (await t.call("POST", url, split([smsPart("A", "a"), smsPart("B", "b")]))).json().data as CampaignStep;
    const [a] = s.steps;
    const edited = await t.call("PUT", `/api/campaign-steps/${s.id}`, split([{ ...smsPart("A2", "a2"), id: a!.id }, smsPart("C", "c")]));
    expect(edited.statusCode, edited.body).toBe(200);
    const parts = (edited.json().data as CampaignStep).steps;
    expect(parts.map((p) => p.name)).toEqual(["A2", "C"]);
    expect(parts[0]!.id).toBe(a!.id);
    const copy = await t.call("POST", `/api/campaign-steps/${s.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data).toMatchObject({ name: "A/B (copy)", position: 1 });
    expect((copy.json().data as CampaignStep).steps.map((p) => p.name)).toEqual(["A2", "C"]);
    expect((await t.call("DELETE", `/api/campaign-steps/${copy.json().data.id}`)).statusCode).toBe(200);
    const left = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM campaign_steps WHERE campaign_id = $1", [
      t.campaign.id,
    ]);
    expect(left.rows[0]!.n).toBe(3);

    // Once the campaign is no longer a draft: no new step, copy or delete; edits keep the type and the parts.
    await api.database.query("UPDATE campaigns SET status = 'active', is_started = true WHERE id = $1", [t.campaign.id]);
    expect((await t.call("POST", url, smsPart("Late", "x"))).json().message).toBe("Steps can be added only while the campaign is a draft.");
    expect((await t.call("POST", `/api/campaign-steps/${s.id}/copy`)).statusCode).toBe(422);
    expect((await t.call("DELETE", `/api/campaign-steps/${s.id}`)).statusCode).toBe(422);
    const dropPart = await t.call("PUT", `/api/campaign-steps/${s.id}`, split([{ ...smsPart("A3", "a3"), id: a!.id }]));
    expect(dropPart.statusCode).toBe(422);
    expect(dropPart.json().errors.parts).toBeDefined();
    const retype = await t.call("PUT", `/api/campaign-steps/${s.id}`, smsPart("Plain", "x"));
    expect(retype.json().errors.type).toBeDefined();
  });

  it("adds the revenue token to redirect_to only with tracking on and a link in the message", async () => {
    const t = await team();
    const url = `/api/campaigns/${t.campaign.id}/campaign-steps`;
    const on = {
      type: "sms",
      name: "Rev",
      message: "Go {{link}}",
      redirect_to: "https://shop.example.com/?a=1",
      is_tracking_revenue: true,
    };
    const s = (await t.call("POST", url, on)).json().data as CampaignStep;
    expect(s.redirect_to).toBe("https://shop.example.com/?a=1&revenue={revenue_token}");
    const off = await t.call("PUT", `/api/campaign-steps/${s.id}`, { ...on, redirect_to: s.redirect_to, is_tracking_revenue: false });
    expect(off.json().data.redirect_to).toBe("https://shop.example.com/?a=1");
    const noLink = await t.call("PUT", `/api/campaign-steps/${s.id}`, { ...on, message: "No link" });
    expect(noLink.json().data.redirect_to).toBe("https://shop.example.com/?a=1");
  });

  it("answers 404 for another team's campaign or step", async () => {
    const a = await team();
    const b = await team();
    const s = (await a.call("POST", `/api/campaigns/${a.campaign.id}/campaign-steps`, smsPart("A", "a"))).json().data as CampaignStep;
    expect((await b.call("GET", `/api/campaigns/${a.campaign.id}/campaign-steps`)).statusCode).toBe(404);
    expect((await b.call("POST", `/api/campaigns/${a.campaign.id}/campaign-steps`, smsPart("B", "b"))).statusCode).toBe(404);
    expect((await b.call("PUT", `/api/campaign-steps/${s.id}`, smsPart("B", "b"))).statusCode).toBe(404);
    expect((await b.call("POST", `/api/campaign-steps/${s.id}/copy`)).statusCode).toBe(404);
    expect((await b.call("DELETE", `/api/campaign-steps/${s.id}`)).statusCode).toBe(404);
    expect((await a.call("GET", `/api/campaigns/${a.campaign.id}/campaign-steps`)).json().data[0].name).toBe("A");
  });
});

describe("campaign audience and leads", () => {
  it("adds and replaces segments, sources and lists; another team's id is a 404 and changes nothing", async () => {
    const a = await team();
    const b = await team();
    const seg = (await a.call("POST", "/api/segments", { name: "Audience A" })).json().data as { id: number };
    const source = await api.factory.source(a.ctx, { name: "Src A" });
    const list = await api.factory.list(a.ctx, source.id, { name: "List A" });
    const other = await api.factory.list(b.ctx, (await api.factory.source(b.ctx)).id);
    const base = `/api/campaigns/${a.campaign.id}`;
    expect((await a.call("POST", `${base}/segments`, { id: seg.id })).json().data).toEqual([
      { id: seg.id, name: "Audience A", parent_id: null },
    ]);
    expect((await a.call("POST", `${base}/sources`, { ids: [source.id] })).json().data).toEqual([
      { id: source.id, name: "Src A", parent_id: null },
    ]);
    expect((await a.call("POST", `${base}/lists`, { ids: [list.id] })).json().data).toEqual([
      { id: list.id, name: "List A", parent_id: source.id },
    ]);
    expect((await a.call("POST", `${base}/lists`, { ids: [list.id, other.id] })).statusCode).toBe(404);
    expect((await a.call("GET", `${base}/lists`)).json().data.map((x: { id: number }) => x.id)).toEqual([list.id]);
    expect((await a.call("POST", `${base}/sources`, { ids: [] })).json().data).toEqual([]);
    expect((await b.call("GET", `${base}/segments`)).statusCode).toBe(404);
    expect((await b.call("POST", `${base}/lists`, { ids: [other.id] })).statusCode).toBe(404);
  });

  it("pages the union of the audience's leads, each lead once", async () => {
    const t = await team();
    const source = await api.factory.source(t.ctx, { name: "Web" });
    const l1 = await api.factory.list(t.ctx, source.id, { name: "L1" });
    const l2 = await api.factory.list(t.ctx, source.id, { name: "L2" });
    const im = importHelpers(api);
    await im.start(t.token, l1.id, "one.csv", "Phone\n2124567801\n2124567802\n", {});
    await im.start(t.token, l2.id, "two.csv", "Phone\n2124567802\n2124567803\n", {});
    await im.runQueued();
    const base = `/api/campaigns/${t.campaign.id}`;
    expect((await t.call("GET", `${base}/leads`)).json().data).toEqual([]);
    await t.call("POST", `${base}/lists`, { ids: [l1.id] });
    expect((await t.call("GET", `${base}/leads`)).json().meta.total).toBe(2);
    await t.call("POST", `${base}/sources`, { ids: [source.id] });
    const page = (await t.call("GET", `${base}/leads?limit=2`)).json();
    expect(page.meta.total).toBe(3);
    expect(page.data).toHaveLength(2);
    const next = (await t.call("GET", `${base}/leads?limit=2&cursor=${encodeURIComponent(page.meta.next_cursor)}`)).json();
    const ids = [...page.data, ...next.data].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(3);
  });
});
