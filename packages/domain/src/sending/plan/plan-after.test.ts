import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordProviderEvents } from "../../provider-events";
import { createPacer } from "../../shared/pacer";
import { rows } from "../../shared/rows";
import { runDispatcher } from "../dispatch/dispatcher";
import { applyStatusEventsUntilIdle } from "../outcomes/apply-events";
import { Reconcile, reconcileOpenMessages } from "../outcomes/reconcile";
import { planFirstStep } from "./plan";
import { useSendingTestkit } from "./plan.testkit";

/*
 * A lead's next step and welcome are planned by whatever first records that the provider took its message: here a
 * dispatcher dies between the provider's accept and its own record, so only a callback (or the close without a
 * receipt) can tell — and must plan what follows.
 */

const kit = useSendingTestkit();
const db = kit.db;

const TWO_STEPS = [
  { type: "sms", name: "One", message: "One", need_send_welcome_message: true, welcome_message_text: "Welcome!" },
  { type: "sms", name: "Two", message: "Two" },
];

/** Two leads whose step-one rows a dead dispatcher left `submitting` (they were handed over before it died). */
async function leftByADeadDispatcher() {
  const t = await kit.setup([
    { phone: "+12125550101", timezone: "America/New_York", state: "NY" },
    { phone: "+12125550102", timezone: "America/New_York", state: "NY" },
  ]);
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id }, TWO_STEPS);
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  await db().execute(
    sql`UPDATE campaign_messages SET state = 'submitting', claimed_by = 'dead', body = 'One', sender = '+12015550101',
          provider_id = NULL, due_at = now() - interval '1 second', not_after = 'infinity', submitted_at = now() WHERE campaign_id = ${c.id}`,
  );
  await db().execute(
    sql`INSERT INTO send_dispatchers (id, team_id, lease_owner, lease_until) VALUES (${t.sms.id}, ${t.ctx.teamId}, 'dead', now() - interval '1 minute')`,
  );
  // The take-over: their answers were lost with the dead process, so they are `unknown`.
  const sent: unknown[] = [];
  await runDispatcher(
    {
      db: db(),
      publicUrl: "https://app.leadflow.test",
      providerOptions: { sandboxCallbacks: { schedule: (cb: unknown) => void sent.push(cb) } },
      pacer: createPacer(1000),
    },
    t.sms.id,
  );
  const ids = await rows<{ id: number; lead_id: number; state: string }>(
    db(),
    sql`SELECT id::float8 AS id, lead_id::float8 AS lead_id, state FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY lead_id`,
  );
  expect(ids.map((r) => r.state)).toEqual(["unknown", "unknown"]);
  expect(sent).toHaveLength(0);
  return { t, c, ids };
}

const byStep = (campaignId: number) =>
  rows<{ lead_id: number; position: number; state: string }>(
    db(),
    sql`SELECT m.lead_id::float8 AS lead_id, s.position, m.state FROM campaign_messages m JOIN campaign_steps s ON s.id = m.step_id
        WHERE m.campaign_id = ${campaignId} ORDER BY m.lead_id, s.position`,
  );
const welcomes = (campaignId: number) =>
  rows<{ lead_id: number }>(
    db(),
    sql`SELECT lead_id::float8 AS lead_id FROM welcome_messages WHERE campaign_id = ${campaignId} ORDER BY lead_id`,
  );

describe("what a taken message leads to", () => {
  it("is planned by the status callback of a message whose dispatcher died before recording it", async () => {
    const { t, c, ids } = await leftByADeadDispatcher();
    await recordProviderEvents(
      db(),
      { id: t.sms.id, teamId: t.ctx.teamId },
      {
        kind: "status",
        events: [
          {
            eventId: "e1",
            messageId: String(ids[0]!.id),
            providerId: "SM1",
            status: "delivered",
            errorCode: null,
            errorMessage: null,
            occurredAt: null,
          },
        ],
      },
    );
    await applyStatusEventsUntilIdle(db());
    const steps = await byStep(c.id);
    expect(steps.map((s) => [s.lead_id, s.state])).toEqual([
      [ids[0]!.lead_id, "delivered"],
      [ids[0]!.lead_id, "planned"],
      [ids[1]!.lead_id, "unknown"],
    ]);
    expect((await welcomes(c.id)).map((w) => w.lead_id)).toEqual([ids[0]!.lead_id]);

    // The same callback again (a provider's retry) plans nothing twice.
    await recordProviderEvents(
      db(),
      { id: t.sms.id, teamId: t.ctx.teamId },
      {
        kind: "status",
        events: [
          {
            eventId: "e2",
            messageId: String(ids[0]!.id),
            providerId: "SM1",
            status: "delivered",
            errorCode: null,
            errorMessage: null,
            occurredAt: null,
          },
        ],
      },
    );
    await applyStatusEventsUntilIdle(db());
    expect(await byStep(c.id)).toHaveLength(3);
    expect(await welcomes(c.id)).toHaveLength(1);
  });

  it("is planned by the close without a receipt, a day after the hand-over", async () => {
    const { c, ids } = await leftByADeadDispatcher();
    await db().execute(
      sql`UPDATE campaign_messages SET submitted_at = now() - make_interval(secs => ${Reconcile.closeAfterMs / 1000 + 60}) WHERE campaign_id = ${c.id}`,
    );
    await reconcileOpenMessages({ db: db(), publicUrl: "https://app.leadflow.test" });
    const steps = await byStep(c.id);
    expect(steps.map((s) => [s.lead_id, s.position > steps[0]!.position ? "two" : "one", s.state])).toEqual([
      [ids[0]!.lead_id, "one", "sent"],
      [ids[0]!.lead_id, "two", "planned"],
      [ids[1]!.lead_id, "one", "sent"],
      [ids[1]!.lead_id, "two", "planned"],
    ]);
    expect(await welcomes(c.id)).toHaveLength(2);
  });
});
