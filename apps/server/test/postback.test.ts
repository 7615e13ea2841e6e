import { signPostback } from "@leadflow/domain";
import { addHit, sentMessage } from "@leadflow/domain/revenue/revenue.testkit";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

/** The postback URL the Revenue Tracking screen shows, called as a partner would (docs/revenue.md). */
const api = useApi({ APP_URL: "https://app.leadflow.test", LEADFLOW_POSTBACK_RATE_LIMIT: "1000" });

async function setup() {
  const t = await signedInTeam(api);
  const tracking = (await t.call("POST", "/api/revenues/tracking", { name: "Offer" })).json().data;
  const secret = (await t.call("GET", `/api/revenues/tracking/${tracking.id}/secret`)).json().secret as string;
  const m = await sentMessage(api.db, t.ctx.teamId);
  // The shown URL, with the partner's macros filled in.
  const url = (clickId: string, amount: string, sig = signPostback(secret, clickId, amount)) =>
    `${tracking.postback_url.replace("https://app.leadflow.test", "").replace("{click_id}", clickId).replace("{amount}", amount)}&sig=${sig}`;
  return { t, tracking, secret, m, url };
}

describe("GET /postback/:token", () => {
  it("records a conversion once and shows it on the tracking and the lead", async () => {
    const { t, tracking, m, url } = await setup();
    const hit = await addHit(api.db, m);
    const res = await api.app.inject({ method: "GET", url: url(hit, "12.50") });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "attributed", message: "Conversion recorded." });
    const again = await api.app.inject({ method: "GET", url: url(hit, "12.50") });
    expect(again.json()).toMatchObject({ status: "duplicate" });
    expect((await t.call("GET", `/api/revenues/tracking/${tracking.id}`)).json()).toMatchObject({ revenue: 12.5, total_conversations: 1 });
    const lead = await api.database.query("SELECT revenue::float8 AS revenue, total_conversations FROM leads WHERE id = $1", [m.leadId]);
    expect(lead.rows).toEqual([{ revenue: 12.5, total_conversations: 1 }]);
    // The campaign's open pages hear of it: its progress carries the new revenue.
    const progress = api.live.events.filter(
      (e) => e.teamId === t.ctx.teamId && e.event === "CampaignProgress" && (e.payload as { id: number }).id === m.s.campaignId,
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.payload).toMatchObject({ revenue: 12.5 });
  });

  it("answers 202 for a click not recorded yet, 403 for a forged signature, 422 for a bad amount, 404 for an unknown URL", async () => {
    const { secret, url } = await setup();
    expect((await api.app.inject({ method: "GET", url: url("not-flushed-yet", "3") })).statusCode).toBe(202);
    const forged = await api.app.inject({ method: "GET", url: url("abc", "3", signPostback(secret, "abc", "4")) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/signature/);
    const unsigned = await api.app.inject({ method: "GET", url: url("abc", "3").replace(/&sig=.*/, "") });
    expect(unsigned.statusCode).toBe(403);
    const bad = await api.app.inject({ method: "GET", url: url("abc", "-3") });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.amount).toBeDefined();
    expect((await api.app.inject({ method: "GET", url: "/postback/unknownToken123?click_id=a&amount=1&sig=00" })).statusCode).toBe(404);
  });
});
