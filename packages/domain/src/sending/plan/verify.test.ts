import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { topUp } from "../../billing";
import { createGateway } from "../../gateways";
import type { DelayedCallback } from "../../providers";
import type { JobSender } from "../../shared/jobs";
import { createPacer } from "../../shared/pacer";
import { one, rows } from "../../shared/rows";
import { VERIFY_WAIT_SECONDS } from "../dispatch/dispatch-claim";
import { runDispatcher } from "../dispatch/dispatcher";
import { planFirstStep } from "./plan";
import { useSendingTestkit } from "./plan.testkit";
import { startVerificationLookups } from "./verify";

const kit = useSendingTestkit();
const db = kit.db;

const phones = ["+12125550100", "+12125550101", "+12125550102"];

async function verifiedCampaign() {
  const t = await kit.setup(phones.map((phone) => ({ phone, timezone: "America/New_York", state: "NY" })));
  const lookup = await createGateway(db(), t.ctx, {
    kind: "sms_lookup",
    type: "sandbox",
    name: "Carrier lookup",
    active: true,
    allow_lookup: true,
    is_force: false,
    params: {},
  } as never);
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id, only_verified_leads: true, lookup_gateway_id: lookup.id });
  return { t, c, lookup };
}

describe("only verified leads", () => {
  it("sends to a looked-up mobile, skips a landline, and keeps an unchecked phone waiting for its lookup", async () => {
    const { t, c } = await verifiedCampaign();
    await db().execute(
      sql`UPDATE lead_phones SET looked_up_at = now(), carrier_type = 'mobile' WHERE team_id = ${t.ctx.teamId} AND phone = ${phones[0]}`,
    );
    await db().execute(
      sql`UPDATE lead_phones SET looked_up_at = now(), carrier_type = 'landline' WHERE team_id = ${t.ctx.teamId} AND phone = ${phones[1]}`,
    );
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    await planFirstStep(db(), c.id);
    await db().execute(
      sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id}`,
    );
    const sent: DelayedCallback[] = [];
    await runDispatcher(
      {
        db: db(),
        publicUrl: "https://app.leadflow.test",
        providerOptions: { sandboxCallbacks: { schedule: (x: DelayedCallback) => void sent.push(x) } },
        pacer: createPacer(1000),
      },
      t.sms.id,
    );
    const found = await rows<{ address: string; state: string; reason: string | null; wait: number }>(
      db(),
      sql`SELECT address, state, reason, extract(epoch FROM due_at - now())::float8 AS wait FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY address`,
    );
    expect(found.map((m) => [m.address, m.state, m.reason])).toEqual([
      [phones[0], "accepted", null],
      [phones[1], "skipped", "landline"],
      [phones[2], "planned", "unverified"],
    ]);
    expect(found[2]!.wait).toBeGreaterThan(VERIFY_WAIT_SECONDS - 30);
    expect(sent).toHaveLength(1);
  });

  it("starts the campaign's lookup over its audience when it starts, and says why when it cannot", async () => {
    const { t, c } = await verifiedCampaign();
    const queued: string[] = [];
    const jobs: JobSender = {
      send: async (job) => {
        queued.push(job.name);
        return "job";
      },
    };
    const live = { toUser: async () => {}, toTeam: async () => {} };
    await topUp(db(), t.ctx.teamId, 5, "test");
    expect(await startVerificationLookups(db(), { jobs, live }, c.id)).toBe(1);
    const job = await one<{ list_id: number; type: number }>(
      db(),
      sql`SELECT list_id, type FROM lookup_jobs WHERE team_id = ${t.ctx.teamId}`,
    );
    expect(job).toEqual({ list_id: t.list.id, type: 1 });
    expect(queued).toContain("lookups.run");

    // Its lookup gateway switched off: the campaign keeps going and says why its leads wait.
    const other = await verifiedCampaign();
    await db().execute(sql`UPDATE gateways SET active = false WHERE id = ${other.lookup.id}`);
    expect(await startVerificationLookups(db(), { jobs, live }, other.c.id)).toBe(0);
    const reason = await one<{ status_reason: string }>(db(), sql`SELECT status_reason FROM campaigns WHERE id = ${other.c.id}`);
    expect(reason!.status_reason).toMatch(/^Unverified leads wait: the verification lookup could not start/);
  });
});
