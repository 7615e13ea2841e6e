import { writeCounterDeltas } from "@leadflow/domain/campaigns/campaign-counters";
import { setUp } from "@leadflow/domain/sending/outcomes/apply-events.testkit";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

/** A team with an active SMS campaign (a plain step and a split of two parts) and a day of its counters. */
async function campaignWithFigures() {
  const t = await signedInTeam(api);
  const s = await setUp(api.db, t.ctx.teamId);
  const key = (i: number) => ({ teamId: s.teamId, campaignId: s.campaignId, stepId: s.keys[i]!.stepId, partId: s.keys[i]!.partId });
  await writeCounterDeltas(api.db, [
    { ...key(0), day: "2026-03-01", processed: 20, sent: 20, delivered: 18, clicked: 4, cost: 0.2, revenue: 3 },
    { ...key(1), day: "2026-03-02", processed: 10, sent: 10, delivered: 9, clicked: 1, cost: 0.1 },
    { ...key(2), day: "2026-03-02", processed: 10, sent: 10, delivered: 10, clicked: 3, cost: 0.1 },
  ]);
  return { t, s };
}

describe("campaign statistics", () => {
  it("answers the summary, the chart, By Step and the leads block in their contracts' shapes", async () => {
    const { t, s } = await campaignWithFigures();
    const base = `/api/campaigns/${s.campaignId}`;
    const summary = await t.call("GET", `${base}/statistic`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ available: true, sent: 40, delivered: 37, clicked: 8, cost_formatted: "$0.4000", profit: 2.6 });
    expect((await t.call("GET", `${base}/statistic?date_from=2026-03-02&date_to=2026-03-02`)).json()).toMatchObject({ sent: 20 });

    const chart = (await t.call("GET", `${base}/statistic/chart?date_from=2026-03-01&date_to=2026-03-05`)).json();
    expect(chart).toMatchObject({ available: true, channel: "sms", bucket: "day" });
    expect(chart.points.map((p: { label: string }) => p.label)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
    ]);
    expect(chart.points[1].values).toMatchObject({ sent: 20, delivered: 19 });

    const steps = (await t.call("GET", `${base}/statistic-by-step`)).json();
    expect(steps.show_switch).toBe(true);
    expect(steps.data.map((r: { sent: number }) => r.sent)).toEqual([20, 20, 10, 10]);
    expect(steps.splits[0].parts.map((p: { leader: boolean }) => p.leader)).toEqual([false, true]);

    const leads = (await t.call("GET", `${base}/statistic-leads?step_id=${s.keys[1]!.partId}`)).json();
    expect(leads).toMatchObject({ sent_to: 10, step_id: s.keys[1]!.partId });
  });

  it("refuses a range whose Date From is after its Date To, on the field", async () => {
    const { t, s } = await campaignWithFigures();
    for (const path of ["statistic", "statistic/chart", "statistic-by-step", "statistic-leads"]) {
      const res = await t.call("GET", `/api/campaigns/${s.campaignId}/${path}?date_from=2026-03-05&date_to=2026-03-01`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.date_from).toEqual(["Date From cannot be after Date To."]);
    }
    expect((await t.call("GET", `/api/campaigns/${s.campaignId}/statistic?date_from=03-01-2026`)).statusCode).toBe(422);
  });

  it("answers 404 for another team's campaign", async () => {
    const { s } = await campaignWithFigures();
    const other = await signedInTeam(api);
    for (const path of ["statistic", "statistic/chart", "statistic-by-step", "statistic-leads"]) {
      expect((await other.call("GET", `/api/campaigns/${s.campaignId}/${path}`)).statusCode).toBe(404);
    }
  });
});
