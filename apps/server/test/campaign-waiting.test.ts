import { setUp } from "@leadflow/domain/sending/outcomes/apply-events.testkit";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

/** A team with an active SMS campaign: two messages waiting for Berlin's morning, one due now. */
async function waitingCampaign() {
  const t = await signedInTeam(api);
  const s = await setUp(api.db, t.ctx.teamId);
  await api.db.execute(
    sql`UPDATE campaigns SET daytime_limitation = true, run_daily_from = '09:00', run_daily_to = '17:00', need_send_by_timezones = true
        WHERE id = ${s.campaignId}`,
  );
  const row = (lead: number, due: SQL, zone: string, country: string) =>
    api.db.execute(
      sql`INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, gateway_id, time_zone,
            country, due_at)
          VALUES (${s.teamId}, ${s.campaignId}, ${s.keys[0]!.stepId}, ${s.keys[0]!.partId}, ${lead}, 'sms', ${`+4915112345${lead}`},
            'planned', ${s.gatewayId}, ${zone}, ${country}, ${due})`,
    );
  // 9 am in Berlin tomorrow, always ahead: the daily window's next opening there.
  const nextMorning = sql`(date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') + interval '1 day 9 hours') AT TIME ZONE 'Europe/Berlin'`;
  await row(1, nextMorning, "Europe/Berlin", "DE");
  await row(2, nextMorning, "Europe/Berlin", "DE");
  await row(3, sql`now() - interval '1 minute'`, "America/New_York", "US");
  return { t, s };
}

describe("GET /api/campaigns/:id/waiting", () => {
  it("answers how many wait, by reason, with the next send time", async () => {
    const { t, s } = await waitingCampaign();
    const res = await t.call("GET", `/api/campaigns/${s.campaignId}/waiting`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ campaign_id: s.campaignId, waiting: 3, planning_since: null });
    expect(body.reasons.map((r: { label: string; count: number }) => [r.label, r.count])).toEqual([
      ["Germany: daily window", 2],
      ["Sending", 1],
    ]);
    expect(body.reasons[0].description).toBe(
      "No legal hours known for Germany: the campaign's daily window applies (9 am–5 pm in the recipient's time zone)",
    );
    expect(Date.parse(body.reasons[0].next_send_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(body.next_send_at)).toBeLessThanOrEqual(Date.now());
  });

  it("names, in Queued Logs, the rule that set each row's Send After", async () => {
    const { t, s } = await waitingCampaign();
    const rows = (await t.call("GET", `/api/campaigns/${s.campaignId}/queued-logs`)).json().data as { send_after_rule: string | null }[];
    expect(rows.map((r) => r.send_after_rule)).toEqual([null, "Germany: daily window", "Germany: daily window"]);
  });

  it("answers 404 for an id that is no campaign and for another team's campaign", async () => {
    const { s } = await waitingCampaign();
    const other = await signedInTeam(api);
    expect((await other.call("GET", "/api/campaigns/987654321/waiting")).statusCode).toBe(404);
    const res = await other.call("GET", `/api/campaigns/${s.campaignId}/waiting`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Germany");
  });
});

describe("GET /api/campaigns/waiting", () => {
  it("answers the list's figures for the team's own active campaigns among the ids", async () => {
    const { t, s } = await waitingCampaign();
    const theirs = await waitingCampaign();
    const res = await t.call("GET", `/api/campaigns/waiting?ids=${s.campaignId},${theirs.s.campaignId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: s.campaignId, waiting: 3, waiting_is_capped: false, reason: "Sending", planning: false }),
    ]);
  });

  it("refuses ids that are not a list of numbers", async () => {
    const t = await signedInTeam(api);
    expect((await t.call("GET", "/api/campaigns/waiting?ids=1,x")).statusCode).toBe(422);
  });
});
