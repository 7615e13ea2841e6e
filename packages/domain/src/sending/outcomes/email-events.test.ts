import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CounterBatch } from "../../campaigns";
import { addHit, type SentMessage, sentMessage } from "../../revenue/testing";
import { one, rows } from "../../shared/rows";
import { makeFactory } from "../../testing/factory";
import { applyStatusEventsUntilIdle } from "./apply-events";
import { push, statusEvent } from "./apply-events.testkit";
import { markEngagement } from "./email-events";

let database: Database;
let db: Db;
let teamId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  teamId = (await makeFactory(database).team()).ctx.teamId;
});
afterAll(() => database.close());

const row = (m: SentMessage) => ({ id: m.messageId, channel: "email" as const, address: m.address, providerId: null });

const emailOf = (m: SentMessage) =>
  one<{ status: number; result: string | null }>(
    db,
    sql`SELECT status, result FROM lead_emails WHERE team_id = ${teamId} AND email = ${m.address}`,
  );
const suppression = (m: SentMessage) =>
  one<{ reason: string }>(
    db,
    sql`SELECT reason FROM suppressions WHERE team_id = ${teamId} AND channel = 'email' AND address = ${m.address}`,
  );
const totals = (m: SentMessage) =>
  one<{ opened: number; clicked: number; bounces: number; complaints: number }>(
    db,
    sql`SELECT coalesce(sum(opened), 0)::int AS opened, coalesce(sum(clicked), 0)::int AS clicked,
          coalesce(sum(bounces), 0)::int AS bounces, coalesce(sum(complaints), 0)::int AS complaints
        FROM campaign_counters WHERE campaign_id = ${m.s.campaignId}`,
  );
const marks = (m: SentMessage) =>
  one<{ opened_at: string | null; clicked_at: string | null; state: string }>(
    db,
    sql`SELECT opened_at, clicked_at, state FROM campaign_messages WHERE id = ${m.messageId}`,
  );

describe("SES bounces and complaints", () => {
  it("a hard bounce suppresses the address team-wide and sets the lead's email Bounced with the provider's words", async () => {
    const m = await sentMessage(db, teamId);
    await push(db, m.s, [statusEvent(row(m), "bounced", { errorCode: "Permanent:General", errorMessage: "550 5.1.1 user unknown" })]);
    await applyStatusEventsUntilIdle(db);
    expect(await suppression(m)).toEqual({ reason: "bounce" });
    expect(await emailOf(m)).toEqual({ status: 5, result: "Permanent:General: 550 5.1.1 user unknown" });
    expect(await totals(m)).toMatchObject({ bounces: 1 });
    const log = await rows<{ action: string }>(db, sql`SELECT action FROM lead_logs WHERE team_id = ${teamId} AND lead_id = ${m.leadId}`);
    expect(log).toEqual([{ action: "bounce" }]);
  });

  it("a complaint after a bounce is the last word on the lead's email; the row never moves back", async () => {
    const m = await sentMessage(db, teamId);
    await push(db, m.s, [statusEvent(row(m), "complained", { errorCode: "abuse" })]);
    await applyStatusEventsUntilIdle(db);
    await push(db, m.s, [statusEvent(row(m), "bounced"), statusEvent(row(m), "delivered")]);
    await applyStatusEventsUntilIdle(db);
    expect((await marks(m))!.state).toBe("complained");
    expect(await emailOf(m)).toMatchObject({ status: 6, result: "abuse" });
    expect(await suppression(m)).toEqual({ reason: "complaint" });
    expect(await totals(m)).toMatchObject({ complaints: 1, bounces: 0 });
  });
});

describe("SES opens and clicks", () => {
  it("set the message's first open and click and count each once per message", async () => {
    const m = await sentMessage(db, teamId);
    const at = "2026-01-05T10:00:00.000Z";
    await push(db, m.s, [statusEvent(row(m), "opened", { occurredAt: at }), statusEvent(row(m), "opened")]);
    await applyStatusEventsUntilIdle(db);
    await push(db, m.s, [statusEvent(row(m), "opened"), statusEvent(row(m), "clicked"), statusEvent(row(m), "clicked")]);
    await applyStatusEventsUntilIdle(db);
    const found = (await marks(m))!;
    expect(new Date(found.opened_at!).toISOString()).toBe(at);
    expect(found.clicked_at).not.toBeNull();
    expect(found.state).toBe("delivered");
    expect(await totals(m)).toMatchObject({ opened: 1, clicked: 1 });
  });

  it("count nothing for a message our pixel or link already marked", async () => {
    const m = await sentMessage(db, teamId);
    // The redirect service's flush marks the columns (and counts) when it writes its hit.
    await addHit(db, m);
    await db.execute(sql`UPDATE campaign_messages SET opened_at = now(), clicked_at = now() WHERE id = ${m.messageId}`);
    await push(db, m.s, [statusEvent(row(m), "opened"), statusEvent(row(m), "clicked")]);
    await applyStatusEventsUntilIdle(db);
    expect(await totals(m)).toMatchObject({ opened: 0, clicked: 0 });
  });

  it("ignore an SMS row's opens and clicks", async () => {
    const m = await sentMessage(db, teamId, { channel: "sms" });
    const sms = { ...row(m), channel: "sms" as const };
    await push(db, m.s, [statusEvent(sms, "clicked")]);
    expect(await applyStatusEventsUntilIdle(db)).toMatchObject({ applied: 0, ignored: 1 });
    expect((await marks(m))!.clicked_at).toBeNull();
  });

  it("markEngagement takes the earliest time of a batch and is a no-op the second time", async () => {
    const m = await sentMessage(db, teamId);
    const events = [
      { rowId: m.messageId, kind: "opened" as const, at: "2026-01-05T10:00:00.000Z" },
      { rowId: m.messageId, kind: "opened" as const, at: "2026-01-04T10:00:00.000Z" },
      { rowId: m.messageId, kind: "opened" as const, at: null },
    ];
    expect(await db.transaction((tx) => markEngagement(tx, events, new CounterBatch()))).toBe(1);
    expect(await db.transaction((tx) => markEngagement(tx, events, new CounterBatch()))).toBe(0);
    expect(new Date((await marks(m))!.opened_at!).toISOString()).toBe("2026-01-04T10:00:00.000Z");
  });
});
