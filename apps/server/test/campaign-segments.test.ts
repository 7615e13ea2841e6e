import { rebuildSegments } from "@leadflow/domain";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

/**
 * A team with an SMS campaign (status `status`, one step) and an audience, and four leads: ann clicked, bob was
 * delivered to, cat's message failed, dan's is still queued.
 */
async function campaignWithLedger(status = "completed") {
  const t = await signedInTeam(api);
  const gateway = (
    await t.call("POST", "/api/gateways", {
      kind: "sms",
      type: "sandbox",
      name: "Sandbox",
      senders: { numbers: [{ number: "+12015550101" }] },
    })
  ).json().data as { id: number };
  const c = (
    await t.call("POST", "/api/campaigns", { name: "Spring sale", type: "sms", sender_type: "gateway", setting_gateway_id: gateway.id })
  ).json().data as { id: number };
  const step = (await t.call("POST", `/api/campaigns/${c.id}/campaign-steps`, { type: "sms", name: "Hello", message: "Hi" })).json()
    .data as {
    id: number;
  };
  await api.database.query("UPDATE campaigns SET status = $1, is_started = true WHERE id = $2", [status, c.id]);
  const audience = (await t.call("POST", "/api/segments", { name: "Everyone" })).json().data as { id: number };
  const teamId = t.ctx.teamId;
  const lead = async () =>
    Number(
      (await api.database.query<{ id: number }>("INSERT INTO leads (team_id, status) VALUES ($1, 1) RETURNING id", [teamId])).rows[0]!.id,
    );
  const leads = { ann: await lead(), bob: await lead(), cat: await lead(), dan: await lead(), eve: await lead() };
  const send = (leadId: number, state: string, clicked = false) =>
    api.database.query(
      `INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, due_at, sent_at, clicked_at)
       VALUES ($1, $2, $3, $3, $4, 'sms', $5, $6, now(), CASE WHEN $6 = 'planned' THEN NULL ELSE now() END, CASE WHEN $7 THEN now() END)`,
      [teamId, c.id, step.id, leadId, `+1212555${String(leadId % 10000).padStart(4, "0")}`, state, clicked],
    );
  await send(leads.ann, "delivered", true);
  await send(leads.bob, "delivered");
  await send(leads.cat, "failed");
  await send(leads.dan, "planned");
  // The audience holds every lead of the team (eve has no message).
  await rebuildSegments(api.db, teamId, [audience.id]);
  return { t, c, audience, leads };
}

/** The segment's members after its queued rebuild ran. */
async function members(teamId: number, segmentId: number): Promise<number[]> {
  await rebuildSegments(api.db, teamId, [segmentId]);
  const found = await api.database.query<{ id: number }>(
    "SELECT lead_id::int AS id FROM segment_leads WHERE team_id = $1 AND segment_id = $2 ORDER BY lead_id",
    [teamId, segmentId],
  );
  return found.rows.map((r) => r.id);
}

describe("POST /api/campaigns/:id/create-segment", () => {
  it("creates a segment of the audience whose filters are the campaign's, built like any new segment", async () => {
    const { t, c, audience, leads } = await campaignWithLedger();
    const queued = api.jobs.sent.length;
    const res = await t.call("POST", `/api/campaigns/${c.id}/create-segment`, {
      audience_id: audience.id,
      name: "Clicked",
      ignore_new_leads: false,
      sms_status: [],
      engagement: ["clicked", "last_90_days"],
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({ id: expect.any(Number), name: "Clicked", parent: { id: audience.id } });
    expect(api.jobs.sent.slice(queued).map((j) => j.name)).toEqual(["segments.refresh"]);

    const segment = (await t.call("GET", `/api/segments/${data.id}`)).json().data;
    expect(segment).toMatchObject({ parent_id: audience.id, ignore_new_leads: false, is_recalculating: true });
    expect(segment.filters.campaigns).toEqual([{ field: "campaign", expression: "clicked", values: [c.id], period: "last_90_days" }]);
    expect(await members(t.ctx.teamId, data.id)).toEqual([leads.ann]);

    const log = (await t.call("GET", `/api/campaigns/${c.id}/campaign-logs`)).json().data[0];
    expect(log).toMatchObject({
      type: "segment_created",
      attributes: [
        { name: "Segment", value_to: "Clicked" },
        { name: "Audience", value_to: "Everyone" },
        { name: "Engagement", value_to: "Clicked, Last 90 days" },
      ],
    });
  });

  it("selects by message status alone, and by any of several engagements", async () => {
    const { t, c, audience, leads } = await campaignWithLedger("paused");
    const create = async (body: object) => {
      const res = await t.call("POST", `/api/campaigns/${c.id}/create-segment`, { audience_id: audience.id, name: "S", ...body });
      expect(res.statusCode).toBe(201);
      return members(t.ctx.teamId, res.json().data.id);
    };
    expect(await create({ sms_status: ["queued", "failed"] })).toEqual([leads.cat, leads.dan]);
    expect(await create({ sms_status: ["delivered"], engagement: ["clicked", "non_clicked"] })).toEqual([leads.ann, leads.bob]);
    expect(await create({ engagement: ["non_clicked"] })).toEqual([leads.bob, leads.cat]);
    // "Update dynamically" off: a static segment.
    const res = await t.call("POST", `/api/campaigns/${c.id}/create-segment`, {
      audience_id: audience.id,
      name: "Static",
      ignore_new_leads: true,
      sms_status: ["sent"],
    });
    expect((await t.call("GET", `/api/segments/${res.json().data.id}`)).json().data.ignore_new_leads).toBe(true);
  });

  it("answers 422 for a campaign that is not completed, failed or paused", async () => {
    const { t, c, audience } = await campaignWithLedger("active");
    const res = await t.call("POST", `/api/campaigns/${c.id}/create-segment`, {
      audience_id: audience.id,
      name: "S",
      sms_status: ["sent"],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("A segment can be created only from a completed, failed or paused campaign.");
    await api.database.query("UPDATE campaigns SET status = 'draft' WHERE id = $1", [c.id]);
    expect(
      (await t.call("POST", `/api/campaigns/${c.id}/create-segment`, { audience_id: audience.id, name: "S", sms_status: ["sent"] }))
        .statusCode,
    ).toBe(422);
  });

  it("answers 422 when neither a status nor an engagement is chosen, or the name is missing", async () => {
    const { t, c, audience } = await campaignWithLedger();
    const res = await t.call("POST", `/api/campaigns/${c.id}/create-segment`, {
      audience_id: audience.id,
      name: "S",
      sms_status: [],
      engagement: [],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ engagement: ["Choose at least one SMS status or engagement."] });
    const unnamed = await t.call("POST", `/api/campaigns/${c.id}/create-segment`, { audience_id: audience.id, engagement: ["opened"] });
    expect(unnamed.statusCode).toBe(422);
    expect(Object.keys(unnamed.json().errors)).toEqual(["name"]);
    const unknown = await t.call("POST", `/api/campaigns/${c.id}/create-segment`, {
      audience_id: audience.id,
      name: "S",
      engagement: ["replied"],
    });
    expect(unknown.statusCode).toBe(422);
  });

  it("takes only the campaign's channel's statuses and engagements (422 under the field for another's)", async () => {
    const { t, c, audience, leads } = await campaignWithLedger();
    const create = (body: object) =>
      t.call("POST", `/api/campaigns/${c.id}/create-segment`, { audience_id: audience.id, name: "S", ...body });
    const opened = await create({ engagement: ["opened"] });
    expect(opened.statusCode).toBe(422);
    expect(opened.json().errors).toEqual({ engagement: ["Choose engagements this campaign's messages can have."] });
    const failed = await create({ sms_status: ["blocked", "inactive"] });
    expect(failed.statusCode, failed.body).toBe(201);
    expect(await members(t.ctx.teamId, failed.json().data.id)).toEqual([]);
    expect(leads.cat).toBeGreaterThan(0);
    // The same campaign as an email one: no carrier blocks an email.
    await api.database.query("UPDATE campaigns SET type = 'email' WHERE id = $1", [c.id]);
    const blocked = await create({ sms_status: ["blocked"] });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors).toEqual({ sms_status: ["Choose statuses this campaign's messages can have."] });
    expect((await create({ sms_status: ["failed"], engagement: ["opened", "bounced"] })).statusCode).toBe(201);
  });

  it("answers 404 for another team's campaign or audience, and 422 for a segment as the parent", async () => {
    const a = await campaignWithLedger();
    const b = await campaignWithLedger();
    const body = (audience: number) => ({ audience_id: audience, name: "S", engagement: ["clicked"] });
    expect((await b.t.call("POST", `/api/campaigns/${a.c.id}/create-segment`, body(b.audience.id))).statusCode).toBe(404);
    expect((await b.t.call("POST", `/api/campaigns/${b.c.id}/create-segment`, body(a.audience.id))).statusCode).toBe(404);
    expect((await b.t.call("POST", "/api/campaigns/2000000000/create-segment", body(b.audience.id))).statusCode).toBe(404);
    const child = (await b.t.call("POST", `/api/campaigns/${b.c.id}/create-segment`, body(b.audience.id))).json().data;
    expect((await b.t.call("POST", `/api/campaigns/${b.c.id}/create-segment`, body(child.id))).statusCode).toBe(422);
    // Nothing of team B landed under team A's audience.
    const count = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM segments WHERE parent_id = $1", [a.audience.id]);
    expect(count.rows[0]!.n).toBe(0);
  });
});
