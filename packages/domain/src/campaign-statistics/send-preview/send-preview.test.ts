import { LeadStatuses, PhoneStatuses } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { topUp } from "../../billing";
import { planFirstStep } from "../../sending";
import { claimDue, type LeadSpec, useSendingTestkit } from "../../sending/testing";
import { rows } from "../../shared/rows";
import { campaignWaiting } from "../campaign-waiting";
import { campaignSendPreview } from "./send-preview";

const kit = useSendingTestkit();
const db = kit.db;
const ENV = { publicUrl: "https://app.leadflow.test" };

// 2026-07-01 02:00Z is 10 pm in New York (quiet hours until 8 am, 12:00Z) and 7 pm in Los Angeles (open).
const NOW = Date.parse("2026-07-01T02:00:00Z");

const phones = (n: number, first: number, over: LeadSpec): LeadSpec[] =>
  Array.from({ length: n }, (_, i) => ({ phone: `+1212555${String(first + i).padStart(4, "0")}`, ...over }));
const NY = { timezone: "America/New_York", state: "NY" };
const LA = { timezone: "America/Los_Angeles", state: "CA" };

/** Three New Yorkers in quiet hours, four Angelenos (one unsubscribed, one blacklisted), and a lead with no phone. */
async function scenario(steps?: object[]) {
  const t = await kit.setup([...phones(3, 1000, NY), ...phones(4, 2000, LA), { email: "only@example.com" }]);
  await db().execute(
    sql`UPDATE lead_phones SET status = ${PhoneStatuses.unsubscribed} WHERE team_id = ${t.ctx.teamId} AND phone = '+12125552000'`,
  );
  await db().execute(sql`UPDATE leads SET status = ${LeadStatuses.blacklisted} WHERE team_id = ${t.ctx.teamId} AND id = ${t.leadIds[4]!}`);
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id }, steps);
  return { t, c };
}

describe("campaignSendPreview", () => {
  it("counts what would go now, wait and be skipped, as the planner and the claim then do", async () => {
    const { t, c } = await scenario();
    const p = await campaignSendPreview(db(), t.ctx, c.id, ENV, NOW);
    expect(p).toMatchObject({
      can_activate: true,
      blocked_reason: null,
      recipients: 8,
      planned_before: 0,
      go_now: 2,
      waiting: 3,
      skipped: 3,
    });
    expect(p.waiting_reasons).toEqual([
      expect.objectContaining({ kind: "legal_window", label: "Quiet hours (NY)", count: 3, next_send_at: "2026-07-01T12:00:00.000Z" }),
    ]);
    expect(p.skipped_reasons.map((s) => [s.label, s.count]).sort()).toEqual([
      ["Blacklisted", 1],
      ["No phone or email", 1],
      ["Unsubscribed", 1],
    ]);

    // The planner at the same instant: the same waits, explained by the waiting figure in the same words.
    await planFirstStep(db(), c.id, new Date(NOW));
    await db().execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${c.id}`);
    const ledger = await rows<{ state: string; reason: string | null; due: boolean }>(
      db(),
      sql`SELECT state, reason, due_at <= ${new Date(NOW).toISOString()}::timestamptz AS due FROM campaign_messages WHERE campaign_id = ${c.id}`,
    );
    expect(ledger.filter((r) => r.state === "skipped").map((r) => r.reason)).toEqual(["no_address"]);
    const w = await campaignWaiting(db(), t.ctx, c.id, NOW);
    const later = w.reasons.filter((r) => r.kind !== "sending" && r.kind !== "frequency");
    expect(later).toEqual(p.waiting_reasons);

    // The claim on the rows due now (moved to the database's clock): it takes what the preview said goes now, and
    // skips the rest for the preview's reasons.
    await db().execute(
      sql`UPDATE campaign_messages SET due_at = now() - interval '1 minute', not_after = NULL
          WHERE campaign_id = ${c.id} AND state = 'planned' AND due_at <= ${new Date(NOW).toISOString()}::timestamptz`,
    );
    const claimed = await db().transaction((tx) => claimDue(tx, t.sms.id, "preview-test", 100));
    expect(claimed).toHaveLength(p.go_now);
    const skipped = await rows<{ reason: string }>(
      db(),
      sql`SELECT reason FROM campaign_messages WHERE campaign_id = ${c.id} AND state = 'skipped' AND reason <> 'no_address' ORDER BY reason`,
    );
    expect(skipped.map((r) => r.reason)).toEqual(["blacklisted", "unsubscribed"]);

    // Set again later (paused, then Active): the leads planned already are not planned twice.
    await db().execute(sql`UPDATE campaigns SET status = 'paused' WHERE id = ${c.id}`);
    const again = await campaignSendPreview(db(), t.ctx, c.id, ENV, NOW);
    expect(again).toMatchObject({ recipients: 8, planned_before: 8, go_now: 0, waiting: 0, skipped: 0 });
  });

  it("estimates the parts by the counter and by rendering real leads, and the funds a platform gateway needs", async () => {
    const long = `Hi {{first_name}}, ${"a".repeat(150)} {{link}}`;
    const { t, c } = await scenario([
      { type: "sms", name: "Hello", message: "Hello {{link}}" },
      { type: "sms", name: "Long", message: long, delay: 1, delay_time_period: "days" },
    ]);
    const p = await campaignSendPreview(db(), t.ctx, c.id, ENV, NOW);
    // Everyone the gates let through is rendered, whether they go now or after quiet hours.
    expect(p.sample_size).toBe(5);
    expect(p.steps.map((s) => [s.name, s.counter_parts, s.sample_parts, s.sample_parts_max, s.link_host])).toEqual([
      ["Hello", 1, 1, 1, "app.leadflow.test"],
      ["Long", 2, 2, 2, "app.leadflow.test"],
    ]);
    // Five recipients would be sent to (two now, three after quiet hours), three parts each.
    expect(p.parts).toEqual({ upper_bound: 15, estimated: 15 });
    // The team's own sandbox gateway: the provider bills it, the balance pays nothing.
    expect(p.funds.needed.amount).toBe(0);
    expect(p.funds.short).toBe(false);

    // On a platform gateway the balance pays the platform's price per part, after the plan's free SMS: 10 of the 15.
    await db().execute(sql`UPDATE gateways SET team_id = NULL WHERE id = ${t.sms.id}`);
    await db().execute(sql`UPDATE team_balances SET free_sms = 10 WHERE team_id = ${t.ctx.teamId}`);
    try {
      const paid = await campaignSendPreview(db(), t.ctx, c.id, ENV, NOW);
      expect(paid.cost.estimated).toEqual({ amount: 0.1425, formatted: "$0.1425" });
      expect(paid.funds).toMatchObject({ needed: { amount: 0.0475, formatted: "$0.0475" }, free_sms: 10, short: true });
      await topUp(db(), t.ctx.teamId, 1);
      expect((await campaignSendPreview(db(), t.ctx, c.id, ENV, NOW)).funds).toMatchObject({
        short: false,
        balance: { formatted: "$1.00" },
      });
    } finally {
      await db().execute(sql`UPDATE gateways SET team_id = ${t.ctx.teamId} WHERE id = ${t.sms.id}`);
    }
  });

  it("says why a campaign cannot be set Active, and another team's campaign is not found", async () => {
    const { t, c } = await scenario();
    await db().execute(sql`DELETE FROM campaign_audiences WHERE campaign_id = ${c.id}`);
    const p = await campaignSendPreview(db(), t.ctx, c.id, ENV, NOW);
    expect(p).toMatchObject({
      can_activate: false,
      blocked_reason: 'Campaign "Spring" cannot be set to Active: it has no audience.',
      recipients: 0,
    });
    const other = await kit.setup([]);
    await expect(campaignSendPreview(db(), other.ctx, c.id, ENV, NOW)).rejects.toMatchObject({ code: "campaign_not_found" });
  });
});
