import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CounterBatch, utcDay } from "../../campaigns";
import { applyReplies } from "../../inbound";
import type { StatusEvent } from "../../providers";
import { one, rows } from "../../shared/rows";
import { makeFactory } from "../../testing/factory";
import { applyStatusEventsUntilIdle } from "./apply-events";
import { addRow, type LedgerRow, push, type Setup, setUp, statusEvent } from "./apply-events.testkit";

/*
 * What a message's final word costs, per gateway type (providers/billing.ts), as the applier records it: the row's
 * cost and the campaign's `cost` counter move together, so the counters still equal a recount of the ledger; and
 * what a reply costs where it is stored.
 */

let database: Database;
let db: Db;
let teamId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  teamId = (await makeFactory(database).team()).ctx.teamId;
});
afterAll(() => database.close());

/** Two SMS parts at Twilio's list price. */
const TWO_PARTS = 0.0166;

/** A campaign on a gateway of `type` (the team's own, or the platform's), its rows accepted at `cost` and counted so. */
async function sending(kind: "sms" | "email", type: string, platform = false) {
  const s = await setUp(db, teamId);
  await db.execute(
    sql`UPDATE gateways SET kind = ${kind}, type = ${type}, team_id = ${platform ? null : teamId} WHERE id = ${s.gatewayId}`,
  );
  return s;
}

async function accepted(s: Setup, n: number, cost = TWO_PARTS): Promise<LedgerRow[]> {
  const channel = (await one<{ kind: "sms" | "email" }>(db, sql`SELECT kind FROM gateways WHERE id = ${s.gatewayId}`))!.kind;
  const out: LedgerRow[] = [];
  const batch = new CounterBatch();
  for (let i = 0; i < n; i++) {
    const row = await addRow(db, s, { channel });
    await db.execute(sql`UPDATE campaign_messages SET parts = 2, cost = ${cost} WHERE id = ${row.id}`);
    // What the dispatcher counts when it records an accepted message: processed, at its cost.
    batch.add(
      { teamId: s.teamId, campaignId: s.campaignId, stepId: s.keys[0]!.stepId, partId: s.keys[0]!.partId, day: utcDay() },
      "cost",
      cost,
    );
    out.push(row);
  }
  await batch.write(db);
  return out;
}

/** Each row's cost, and the campaign's cost counter against the ledger's recount (rows taken or maybe taken). */
async function costs(s: Setup) {
  const byRow = await rows<{ id: number; cost: number }>(
    db,
    sql`SELECT id::float8 AS id, cost::float8 AS cost FROM campaign_messages WHERE campaign_id = ${s.campaignId} ORDER BY id`,
  );
  const totals = (await one<{ counted: number; recount: number }>(
    db,
    sql`SELECT (SELECT coalesce(sum(cost), 0)::float8 FROM campaign_counters WHERE campaign_id = ${s.campaignId}) AS counted,
          (SELECT coalesce(sum(cost), 0)::float8 FROM campaign_messages WHERE campaign_id = ${s.campaignId}
            AND state IN ('unknown', 'accepted', 'sent', 'delivered', 'failed', 'blocked', 'inactive', 'bounced', 'complained')) AS recount`,
  ))!;
  return {
    byRow: byRow.map((r) => r.cost),
    counted: Math.round(totals.counted * 1e6) / 1e6,
    recount: Math.round(totals.recount * 1e6) / 1e6,
  };
}

const twilio = (row: LedgerRow, status: StatusEvent["status"], providerStatus: string, errorCode: string | null) =>
  statusEvent(row, status, { providerStatus, errorCode });

describe("what a message's final word costs", () => {
  it("Twilio: failed never left Twilio (its processing fee, waived for 30008); undelivered and delivered cost their parts", async () => {
    const s = await sending("sms", "gateway1");
    const r = await accepted(s, 5);
    await push(db, s, [
      twilio(r[0]!, "failed", "failed", "30001"),
      twilio(r[1]!, "failed", "failed", "30008"),
      twilio(r[2]!, "blocked_by_carrier", "undelivered", "30007"),
      twilio(r[3]!, "blocked_by_carrier", "failed", "30007"),
      twilio(r[4]!, "delivered", "delivered", null),
    ]);
    await applyStatusEventsUntilIdle(db);
    const c = await costs(s);
    expect(c.byRow).toEqual([0.001, 0, TWO_PARTS, 0.001, TWO_PARTS]);
    expect(c.counted).toBe(c.recount);
    expect(c.counted).toBeCloseTo(0.001 + 0 + TWO_PARTS + 0.001 + TWO_PARTS, 6);
  });

  it("the sandbox bills as Twilio; a callback stored before the provider's word was kept falls back on ours", async () => {
    const s = await sending("sms", "sandbox");
    const r = await accepted(s, 3);
    await push(db, s, [
      twilio(r[0]!, "inactive_device", "undelivered", "30003"),
      statusEvent(r[1]!, "failed", { errorCode: "30008" }),
      statusEvent(r[2]!, "landline", { errorCode: "30006" }),
    ]);
    await applyStatusEventsUntilIdle(db);
    const c = await costs(s);
    expect(c.byRow).toEqual([TWO_PARTS, 0, TWO_PARTS]);
    expect(c.counted).toBe(c.recount);
  });

  it("on the platform's Twilio gateway a failed message costs the team nothing, fee or not", async () => {
    const s = await sending("sms", "gateway1", true);
    const r = await accepted(s, 2, 0.019);
    await push(db, s, [twilio(r[0]!, "failed", "failed", "30001"), twilio(r[1]!, "undelivered", "undelivered", "30005")]);
    await applyStatusEventsUntilIdle(db);
    const c = await costs(s);
    expect(c.byRow).toEqual([0, 0.019]);
    expect(c.counted).toBe(c.recount);
  });

  it("Vonage bills a message it took whatever became of it; SES bills a bounce and a complaint", async () => {
    const vonage = await sending("sms", "gateway11");
    const v = await accepted(vonage, 2);
    await push(db, vonage, [
      statusEvent(v[0]!, "failed", { errorCode: "99" }),
      statusEvent(v[1]!, "blocked_by_carrier", { errorCode: "6" }),
    ]);
    const ses = await sending("email", "aws_ses");
    const e = await accepted(ses, 2, 0.0001);
    await push(db, ses, [
      statusEvent(e[0]!, "bounced", { errorCode: "Permanent:General" }),
      statusEvent(e[1]!, "failed", { providerStatus: "failed", errorCode: "Transient:MailboxFull" }),
    ]);
    await applyStatusEventsUntilIdle(db);
    const cv = await costs(vonage);
    expect(cv.byRow).toEqual([TWO_PARTS, TWO_PARTS]);
    expect(cv.counted).toBe(cv.recount);
    const ce = await costs(ses);
    expect(ce.byRow).toEqual([0.0001, 0.0001]);
    expect(ce.counted).toBe(ce.recount);
  });

  it("a late word after the first final one changes no cost", async () => {
    const s = await sending("sms", "gateway1");
    const [row] = await accepted(s, 1);
    await push(db, s, [twilio(row!, "delivered", "delivered", null)]);
    await applyStatusEventsUntilIdle(db);
    await push(db, s, [{ ...twilio(row!, "failed", "failed", "30001"), eventId: "late-failed" }]);
    await applyStatusEventsUntilIdle(db);
    const c = await costs(s);
    expect(c.byRow).toEqual([TWO_PARTS]);
    expect(c.counted).toBe(c.recount);
  });
});

describe("what a reply costs", () => {
  const reply = (n: number, body: string) => ({
    eventId: `in-${n}-${Math.random()}`,
    from: `+1212558${String(1000 + n)}`,
    to: "+12015550101",
    body,
    receivedAt: null,
  });
  const stored = (gatewayId: number) =>
    rows<{ cost: number }>(db, sql`SELECT cost::float8 AS cost FROM inbound_messages WHERE gateway_id = ${gatewayId} ORDER BY id`);

  it("is billed per part at the gateway's price on the team's own gateway, and costs the team nothing on the platform's", async () => {
    const own = await sending("sms", "gateway1");
    const platform = await sending("sms", "sandbox", true);
    // The platform's gateway finds the team by the last message it sent the phone.
    const [last] = await accepted(platform, 1);
    await db.execute(sql`UPDATE campaign_messages SET sender = '+12015550101' WHERE id = ${last!.id}`);
    const long = "Is the 40% off good in store too? ".repeat(6);
    await db.transaction((tx) => applyReplies(tx, { id: own.gatewayId, teamId, type: "gateway1" }, [reply(1, "Thanks"), reply(2, long)]));
    await db.transaction((tx) =>
      applyReplies(tx, { id: platform.gatewayId, teamId: null, type: "sandbox" }, [{ ...reply(3, "Yes"), from: last!.address }]),
    );
    expect(await stored(own.gatewayId)).toEqual([{ cost: 0.0083 }, { cost: 0.0166 }]);
    expect(await stored(platform.gatewayId)).toEqual([{ cost: 0 }]);
  });
});
