import { consentSkips, freshenWaitingDnc, setDncRule } from "@leadflow/domain";
import type { DelayedCallback } from "@leadflow/domain/providers/provider-types";
import { runDispatcher } from "@leadflow/domain/sending/dispatch/dispatcher";
import { planFirstStep } from "@leadflow/domain/sending/plan/plan";
import { type LeadSpec, sendingTestkit } from "@leadflow/domain/sending/plan/plan.testkit";
import { createPacer } from "@leadflow/domain/shared/pacer";
import { rows } from "@leadflow/domain/shared/rows";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

/*
 * The one send gate's consent rules (docs/compliance.md, The send gate's reasons): a campaign with "Only leads with
 * consent proof" skips leads without it, naming what was missing, in the dispatcher's claim and in the welcome lane;
 * the team's DNC freshness rule holds marketing texts whose DNC result is missing or too old.
 */

const api = useApi();
const kit = () => sendingTestkit(api.database);
const q = <R>(query: SQL) => rows<R>(api.db, query);

function capture() {
  const sent: DelayedCallback[] = [];
  return { sent, options: { sandboxCallbacks: { schedule: (c: DelayedCallback) => void sent.push(c) } } };
}
const deps = () => ({ db: api.db, publicUrl: "https://app.leadflow.test", providerOptions: capture().options, pacer: createPacer(1000) });
const phones = (n: number): LeadSpec[] =>
  Array.from({ length: n }, (_, i) => ({ phone: `+1212555${String(2000 + i)}`, timezone: "America/New_York", state: "NY" }));

/** An Active campaign over `n` leads, planned and due now (the windows have their own tests). */
async function activeCampaign(n: number, input: object = {}, steps?: object[]) {
  const t = await kit().setup(phones(n));
  const c = await kit().campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id, ...input }, steps);
  await api.db.execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  return { t, c };
}
async function planDue(campaignId: number) {
  await planFirstStep(api.db, campaignId);
  await api.db.execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity', time_zone = 'UTC'
        WHERE campaign_id = ${campaignId} AND state = 'planned'`,
  );
}
/** A consent record of the lead, created `age` ago. */
const record = (teamId: number, leadId: number, values: Record<string, string | null>, age = "0 seconds") =>
  api.db.execute(
    sql`INSERT INTO lead_consents (team_id, lead_id, captured_at, ip, page_url, seller, trusted_form_cert_url, certificate_status, origin, created_at)
        VALUES (${teamId}, ${leadId}, ${values.captured_at ?? null}::timestamptz, ${values.ip ?? null}, ${values.page_url ?? null},
          ${values.seller ?? null}, ${values.cert ?? null}, ${values.status ?? null}, 'api', now() - ${age}::interval)`,
  );
const CERT = `https://cert.trustedform.com/${"b".repeat(40)}`;
const messages = (campaignId: number) =>
  q<{ state: string; reason: string | null }>(
    sql`SELECT state, reason FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY lead_id, step_id`,
  );

describe("Only leads with consent proof", () => {
  it("skips leads without proof with what was missing, waits for a fresh certificate, and counts the skips", async () => {
    const { t, c } = await activeCampaign(8, { only_consent_proof: true });
    const [none, verified, mismatch, stale, reassigned, plain, seller, pending] = t.leadIds;
    const when = { captured_at: "2024-05-01T12:00:00Z", ip: "203.0.113.5" };
    await record(t.ctx.teamId, verified!, { cert: CERT, status: "verified" });
    await record(t.ctx.teamId, mismatch!, { ...when, cert: CERT, status: "mismatch" });
    await record(t.ctx.teamId, stale!, { cert: CERT }, "2 days");
    await record(t.ctx.teamId, reassigned!, when);
    await api.db.execute(
      sql`UPDATE lead_phones SET rnd_result = 'reassigned', rnd_since = '2024-05-01', rnd_checked_at = now()
          WHERE team_id = ${t.ctx.teamId} AND lead_id = ${reassigned!}`,
    );
    await record(t.ctx.teamId, plain!, when);
    await record(t.ctx.teamId, seller!, { seller: "Acme Leads" });
    await record(t.ctx.teamId, pending!, { cert: CERT });
    expect(none).toBeDefined();
    await planDue(c.id);
    await runDispatcher(deps(), t.sms.id);
    expect(await messages(c.id)).toEqual([
      { state: "skipped", reason: "no_consent" },
      { state: "accepted", reason: null },
      { state: "skipped", reason: "certificate_unverified" },
      { state: "skipped", reason: "certificate_unverified" },
      { state: "skipped", reason: "reassigned" },
      { state: "accepted", reason: null },
      { state: "skipped", reason: "consent_incomplete" },
      // A certificate captured moments ago and not checked yet: the row waits for the check.
      { state: "planned", reason: "certificate_pending" },
    ]);
    expect(await consentSkips(api.db, t.ctx.teamId, c.id)).toEqual({
      total: 5,
      by_reason: [
        { reason: "certificate_unverified", label: "Consent certificate not verified", count: 2 },
        { reason: "consent_incomplete", label: "Consent record incomplete", count: 1 },
        { reason: "no_consent", label: "No consent record", count: 1 },
        { reason: "reassigned", label: "Number reassigned since consent", count: 1 },
      ],
    });
    // The check lands verified: the waiting row goes on its next turn.
    await api.db.execute(
      sql`UPDATE lead_consents SET certificate_status = 'verified' WHERE team_id = ${t.ctx.teamId} AND lead_id = ${pending!}`,
    );
    await api.db.execute(
      sql`UPDATE campaign_messages SET due_at = now() - interval '1 second' WHERE campaign_id = ${c.id} AND state = 'planned'`,
    );
    await runDispatcher(deps(), t.sms.id);
    expect((await messages(c.id))[7]).toEqual({ state: "accepted", reason: null });
  });

  it("leaves a campaign without the option alone", async () => {
    const { t, c } = await activeCampaign(2);
    await planDue(c.id);
    await runDispatcher(deps(), t.sms.id);
    expect((await messages(c.id)).map((m) => m.state)).toEqual(["accepted", "accepted"]);
    expect((await consentSkips(api.db, t.ctx.teamId, c.id)).total).toBe(0);
  });

  it("refuses a welcome in the lane when the phone was found reassigned after the step's message went", async () => {
    const welcome = {
      type: "sms",
      name: "Hello",
      message: "Hi",
      need_send_welcome_message: true,
      welcome_message_text: "Welcome! Reply STOP to opt out.",
    };
    const { t, c } = await activeCampaign(2, { only_consent_proof: true }, [welcome]);
    for (const lead of t.leadIds) await record(t.ctx.teamId, lead, { captured_at: "2024-05-01T12:00:00Z", ip: "203.0.113.5" });
    await planDue(c.id);
    await runDispatcher(deps(), t.sms.id);
    expect((await messages(c.id)).map((m) => m.state)).toEqual(["accepted", "accepted"]);
    // Both welcomes are due again, as a record would leave them; one phone is now known reassigned.
    await api.db.execute(
      sql`UPDATE welcome_messages SET state = 'planned', provider_id = NULL, cost = NULL, sent_at = NULL, due_at = now() - interval '1 second'
          WHERE campaign_id = ${c.id}`,
    );
    await api.db.execute(
      sql`UPDATE lead_phones SET rnd_result = 'reassigned', rnd_since = '2024-05-01' WHERE team_id = ${t.ctx.teamId} AND lead_id = ${t.leadIds[0]!}`,
    );
    await runDispatcher(deps(), t.sms.id);
    const welcomes = await q<{ lead_id: string; state: string; error_message: string | null }>(
      sql`SELECT lead_id, state, error_message FROM welcome_messages WHERE campaign_id = ${c.id} ORDER BY lead_id`,
    );
    expect(welcomes.map((w) => [w.state, w.error_message])).toEqual([
      ["rejected", "Not sent: Number reassigned since consent."],
      [expect.not.stringMatching(/rejected/), null],
    ]);
  });
});

describe("the DNC freshness rule", () => {
  it("GET/PUT /api/dnc-rule keeps the team's rule and refuses a bad number of days", async () => {
    const t = await signedInTeam(api);
    expect((await t.call("GET", "/api/dnc-rule")).json()).toEqual({ enabled: false, days: 31 });
    const saved = await t.call("PUT", "/api/dnc-rule", { enabled: true, days: 14 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: "The DNC rule has been saved.", data: { enabled: true, days: 14 } });
    for (const days of [0, 366, "x", 1.5]) {
      const bad = await t.call("PUT", "/api/dnc-rule", { enabled: true, days });
      expect(bad.statusCode, String(days)).toBe(422);
      expect(bad.json().errors.days[0]).toMatch(/^The number of days/);
    }
    expect((await t.call("GET", "/api/dnc-rule")).json()).toEqual({ enabled: true, days: 14 });
    // Another team's rule is its own.
    expect((await (await signedInTeam(api)).call("GET", "/api/dnc-rule")).json()).toEqual({ enabled: false, days: 31 });
  });

  it("skips texts whose DNC check is missing or too old when no DNC lookup can bring one", async () => {
    const { t, c } = await activeCampaign(3);
    await setDncRule(api.db, t.ctx, { enabled: true, days: 31 });
    const [fresh, old] = t.leadIds;
    await api.db.execute(
      sql`UPDATE lead_phones SET dnc_checked_at = now() - interval '1 day' WHERE team_id = ${t.ctx.teamId} AND lead_id = ${fresh!}`,
    );
    await api.db.execute(
      sql`UPDATE lead_phones SET dnc_checked_at = now() - interval '40 days' WHERE team_id = ${t.ctx.teamId} AND lead_id = ${old!}`,
    );
    await planDue(c.id);
    await runDispatcher(deps(), t.sms.id);
    expect(await messages(c.id)).toEqual([
      { state: "accepted", reason: null },
      { state: "skipped", reason: "dnc_stale" },
      { state: "skipped", reason: "dnc_stale" },
    ]);
    expect((await consentSkips(api.db, t.ctx.teamId, c.id)).by_reason).toEqual([
      { reason: "dnc_stale", label: "No recent DNC check", count: 2 },
    ]);
  });

  it("holds them while a DNC lookup of the campaign can bring a result, and starts that lookup", async () => {
    const { t, c } = await activeCampaign(2);
    await setDncRule(api.db, t.ctx, { enabled: true, days: 31 });
    await api.db.execute(
      sql`INSERT INTO gateways (team_id, kind, type, name, active, allow_lookup) VALUES (${t.ctx.teamId}, 'sms_dnc', 'sandbox', 'DNC', true, true)`,
    );
    await api.db.execute(
      sql`INSERT INTO team_balances (team_id, balance, free_lookups) VALUES (${t.ctx.teamId}, 5, 0) ON CONFLICT (team_id) DO UPDATE SET balance = 5`,
    );
    await api.db.execute(sql`UPDATE lead_phones SET dnc_checked_at = now() WHERE team_id = ${t.ctx.teamId} AND lead_id = ${t.leadIds[0]!}`);
    await planDue(c.id);
    await runDispatcher(deps(), t.sms.id);
    expect(await messages(c.id)).toEqual([
      { state: "accepted", reason: null },
      { state: "planned", reason: "dnc_stale" },
    ]);
    api.jobs.sent.splice(0);
    expect(await freshenWaitingDnc(api.db, { jobs: api.jobs.sender, live: api.live.publisher })).toContain(c.id);
    const jobs = await q<{ type: number; campaign_id: number }>(
      sql`SELECT type, campaign_id FROM lookup_jobs WHERE team_id = ${t.ctx.teamId}`,
    );
    expect(jobs).toEqual([{ type: 3, campaign_id: c.id }]);
    expect(api.jobs.sent.map((j) => j.name)).toContain("lookups.run");
  });
});
