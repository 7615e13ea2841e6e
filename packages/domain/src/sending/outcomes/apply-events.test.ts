import { type MessageState, MessageStateRank } from "@leadflow/contracts";
import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryStatus, StatusEvent } from "../../providers";
import { one, rows } from "../../shared/rows";
import { makeFactory } from "../../testing/factory";
import { applyStatusEvents, applyStatusEventsUntilIdle } from "./apply-events";
import { CallbackOutcomes, callbackOutcome } from "./apply-events.outcomes";
import {
  addRow,
  type Counts,
  counters,
  inbox,
  type LedgerRow,
  mulberry32,
  push,
  type RowSpec,
  recount,
  rowState,
  rowStates,
  type Setup,
  setUp,
  statusEvent,
  totals,
} from "./apply-events.testkit";

let database: Database;
let db: Db;
let teamId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  teamId = (await makeFactory(database).team()).ctx.teamId;
});
afterAll(() => database.close());

const zero: Counts = { sent: 0, delivered: 0, failed: 0, errors: 0, blocked: 0, inactive_device: 0, bounces: 0, complaints: 0 };
const counts = (over: Partial<Counts>): Counts => ({ ...zero, ...over });

describe("the status map", () => {
  it("maps every provider status to its ledger state, reason and suppression", () => {
    expect(CallbackOutcomes).toEqual({
      queued: { state: "accepted" },
      sent: { state: "sent" },
      delivered: { state: "delivered" },
      failed: { state: "failed" },
      undelivered: { state: "failed" },
      blocked_by_carrier: { state: "blocked" },
      inactive_device: { state: "inactive" },
      landline: { state: "failed", reason: "landline" },
      opted_out: { state: "failed", reason: "opted_out", suppress: { channel: "sms", reason: "provider_opt_out" } },
      bounced: { state: "bounced", suppress: { channel: "email", reason: "bounce" } },
      complained: { state: "complained", suppress: { channel: "email", reason: "complaint" } },
      opened: null,
      clicked: null,
    });
    expect(callbackOutcome("teleported")).toBeNull();
    expect(callbackOutcome("toString")).toBeNull();
  });
});

interface RankCase {
  name: string;
  row?: RowSpec;
  statuses: DeliveryStatus[];
  state: MessageState;
  counted: Partial<Counts>;
}

const rankCases: RankCase[] = [
  { name: "a late sent after delivered", statuses: ["delivered", "sent"], state: "delivered", counted: { sent: 1, delivered: 1 } },
  {
    name: "delivered after failed: the first final word wins",
    statuses: ["failed", "delivered"],
    state: "failed",
    counted: { sent: 1, failed: 1, errors: 1 },
  },
  { name: "failed after delivered", statuses: ["delivered", "undelivered"], state: "delivered", counted: { sent: 1, delivered: 1 } },
  {
    name: "a complaint after the delivery",
    row: { channel: "email" },
    statuses: ["delivered", "complained"],
    state: "complained",
    counted: { sent: 1, delivered: 1, complaints: 1 },
  },
  {
    name: "a bounce after the delivery takes it back",
    row: { channel: "email" },
    statuses: ["sent", "delivered", "bounced"],
    state: "bounced",
    counted: { sent: 1, bounces: 1 },
  },
  {
    name: "a delivery after the bounce",
    row: { channel: "email" },
    statuses: ["bounced", "delivered"],
    state: "bounced",
    counted: { sent: 1, bounces: 1 },
  },
  { name: "sent, queued, sent again", statuses: ["sent", "queued", "sent"], state: "sent", counted: { sent: 1 } },
  { name: "accepted straight to delivered", statuses: ["delivered"], state: "delivered", counted: { sent: 1, delivered: 1 } },
  {
    name: "blocked, then inactive, then delivered",
    statuses: ["blocked_by_carrier", "inactive_device", "delivered"],
    state: "blocked",
    counted: { sent: 1, blocked: 1 },
  },
  {
    name: "an unknown row the provider queued",
    row: { state: "unknown", providerId: null },
    statuses: ["queued"],
    state: "accepted",
    counted: {},
  },
  {
    name: "an unknown row delivered",
    row: { state: "unknown", providerId: null },
    statuses: ["delivered"],
    state: "delivered",
    counted: { sent: 1, delivered: 1 },
  },
  {
    name: "a callback that beat the accept",
    row: { state: "submitting", providerId: null },
    statuses: ["sent"],
    state: "sent",
    counted: { sent: 1 },
  },
  { name: "opens and clicks", statuses: ["opened", "clicked"], state: "accepted", counted: {} },
  { name: "an already delivered row", row: { state: "delivered" }, statuses: ["sent", "failed"], state: "delivered", counted: {} },
  { name: "a cancelled row", row: { state: "cancelled" }, statuses: ["delivered"], state: "cancelled", counted: {} },
];

describe("the rank table (a status only moves forward)", () => {
  for (const mode of ["one batch per event", "all in one batch"] as const) {
    describe(mode, () => {
      for (const c of rankCases) {
        it(`${c.name} → ${c.state}`, async () => {
          const s = await setUp(db, teamId);
          const row = await addRow(db, s, c.row);
          const events = c.statuses.map((status) => statusEvent(row, status));
          if (mode === "all in one batch") {
            await push(db, s, events);
            await applyStatusEvents(db);
          } else {
            for (const e of events) {
              await push(db, s, [e]);
              await applyStatusEvents(db);
            }
          }
          expect((await rowState(db, row.id)).state).toBe(c.state);
          expect(await totals(db, s.campaignId)).toEqual(counts(c.counted));
          expect((await inbox(db, s.gatewayId)).every((e) => e.applied)).toBe(true);
        });
      }
    });
  }
});

describe("applyStatusEvents", () => {
  it("applies an event stored twice once, and a repeat under a new id changes nothing", async () => {
    const s = await setUp(db, teamId);
    const row = await addRow(db, s);
    const delivered = statusEvent(row, "delivered");
    expect(await push(db, s, [delivered, delivered])).toBe(1);
    expect(await push(db, s, [delivered])).toBe(0);
    expect(await applyStatusEvents(db)).toMatchObject({ applied: 1, ignored: 0, moved: 1, campaigns: [s.campaignId] });
    await push(db, s, [statusEvent(row, "delivered")]);
    expect(await applyStatusEvents(db)).toMatchObject({ applied: 1, moved: 0, campaigns: [] });
    expect(await totals(db, s.campaignId)).toEqual(counts({ sent: 1, delivered: 1 }));
    expect(await applyStatusEvents(db)).toEqual({ applied: 0, ignored: 0, moved: 0, campaigns: [], senders: [], wake: [] });
  });

  it("finds rows by the gateway's provider id when the callback has no id of ours", async () => {
    const s = await setUp(db, teamId);
    const other = await setUp(db, teamId);
    const [a, b] = [await addRow(db, s), await addRow(db, s)];
    // The same provider id on another gateway is another message.
    const foreign = await addRow(db, other, { providerId: a.providerId });
    await push(db, s, [statusEvent(a, "delivered", { messageId: null }), statusEvent(b, "failed", { messageId: "SM-provider-ref" })]);
    expect(await applyStatusEvents(db)).toMatchObject({ applied: 2, ignored: 0, moved: 2 });
    expect((await rowState(db, a.id)).state).toBe("delivered");
    expect((await rowState(db, b.id)).state).toBe("failed");
    expect((await rowState(db, foreign.id)).state).toBe("accepted");
  });

  it("takes our id only for the callback's own gateway", async () => {
    const s = await setUp(db, teamId);
    const other = await setUp(db, teamId);
    const row = await addRow(db, other);
    await push(db, s, [statusEvent(row, "delivered", { providerId: null })]);
    await db.execute(sql`UPDATE provider_events SET received_at = now() - interval '11 minutes' WHERE gateway_id = ${s.gatewayId}`);
    expect(await applyStatusEvents(db)).toMatchObject({ applied: 0, ignored: 1 });
    expect((await rowState(db, row.id)).state).toBe("accepted");
  });

  it("keeps an event that beat its row's provider id pending, then applies it once the id is recorded", async () => {
    const s = await setUp(db, teamId);
    const row = await addRow(db, s, { state: "submitting", providerId: null });
    const early = statusEvent({ ...row, providerId: "SM-early" }, "delivered", { messageId: null });
    await push(db, s, [early]);
    expect(await applyStatusEventsUntilIdle(db)).toMatchObject({ applied: 0, ignored: 0 });
    expect((await inbox(db, s.gatewayId)).map((e) => e.applied)).toEqual([false]);

    await db.execute(sql`UPDATE campaign_messages SET state = 'accepted', provider_id = 'SM-early' WHERE id = ${row.id}`);
    expect(await applyStatusEventsUntilIdle(db)).toMatchObject({ applied: 1, moved: 1 });
    expect((await rowState(db, row.id)).state).toBe("delivered");
    expect(await totals(db, s.campaignId)).toEqual(counts({ sent: 1, delivered: 1 }));
  });

  it("ignores an unmatched event once it is 10 minutes old, and one that can never match at once", async () => {
    const s = await setUp(db, teamId);
    const ghost: LedgerRow = { id: 0, channel: "sms", address: "+12125550000", providerId: "SM-nobody" };
    const [fresh, old] = [statusEvent(ghost, "delivered", { messageId: null }), statusEvent(ghost, "sent", { messageId: "999999999" })];
    const anonymous = statusEvent(ghost, "delivered", { messageId: null, providerId: null });
    await push(db, s, [fresh, old, anonymous]);
    await db.execute(sql`UPDATE provider_events SET received_at = now() - interval '11 minutes' WHERE event_id = ${old.eventId}`);
    expect(await applyStatusEventsUntilIdle(db)).toMatchObject({ applied: 0, ignored: 2 });
    expect((await inbox(db, s.gatewayId)).map((e) => [e.payload.eventId, e.applied])).toEqual([
      [fresh.eventId, false],
      [old.eventId, true],
      [anonymous.eventId, true],
    ]);
  });

  it("records reasons, errors, times, suppressions and inactive devices", async () => {
    const s = await setUp(db, teamId);
    const [landline, optedOut, inactive, bounced, lateOptOut] = [
      await addRow(db, s),
      await addRow(db, s, { key: 1 }),
      await addRow(db, s, { key: 2 }),
      await addRow(db, s, { channel: "email" }),
      await addRow(db, s),
    ];
    await push(db, s, [statusEvent(lateOptOut, "delivered")]);
    await applyStatusEvents(db);
    const at = "2026-01-15T10:00:00.000Z";
    await push(db, s, [
      statusEvent(landline, "sent", { occurredAt: "2026-01-15T09:59:00.000Z" }),
      statusEvent(landline, "landline", { errorCode: "30006", errorMessage: "Landline or unreachable carrier", occurredAt: at }),
      statusEvent(optedOut, "opted_out", { errorCode: "21610", occurredAt: at }),
      statusEvent(inactive, "inactive_device", { errorCode: "30003" }),
      statusEvent(bounced, "delivered", { occurredAt: at }),
      statusEvent(bounced, "bounced", { errorMessage: "Mailbox does not exist" }),
      statusEvent(lateOptOut, "opted_out"),
      // A provider clock ahead of ours never dates a message in the future.
      statusEvent(await addRow(db, s), "delivered", { occurredAt: "2099-01-01T00:00:00.000Z" }),
    ]);
    expect(await applyStatusEvents(db)).toMatchObject({ applied: 8, moved: 5 });

    const l = await rowState(db, landline.id);
    expect([l.state, l.reason, l.error_code, l.error_message]).toEqual(["failed", "landline", "30006", "Landline or unreachable carrier"]);
    expect(new Date(l.sent_at!).toISOString()).toBe("2026-01-15T09:59:00.000Z");
    const o = await rowState(db, optedOut.id);
    expect([o.state, o.reason, o.error_code]).toEqual(["failed", "opted_out", "21610"]);
    const b = await rowState(db, bounced.id);
    expect([b.state, b.error_message, new Date(b.delivered_at!).toISOString()]).toEqual(["bounced", "Mailbox does not exist", at]);
    expect((await rowState(db, lateOptOut.id)).state).toBe("delivered");
    const future = await one<{ future: boolean }>(
      db,
      sql`SELECT bool_or(delivered_at > now()) AS future FROM campaign_messages WHERE campaign_id = ${s.campaignId}`,
    );
    expect(future!.future).toBe(false);

    const suppressed = await rows<{ channel: string; address: string; reason: string; campaign_id: number }>(
      db,
      sql`SELECT channel, address, reason, campaign_id FROM suppressions WHERE team_id = ${teamId} AND campaign_id = ${s.campaignId} ORDER BY address`,
    );
    expect(suppressed).toEqual(
      [
        { channel: "sms", address: optedOut.address, reason: "provider_opt_out", campaign_id: s.campaignId },
        { channel: "email", address: bounced.address, reason: "bounce", campaign_id: s.campaignId },
        { channel: "sms", address: lateOptOut.address, reason: "provider_opt_out", campaign_id: s.campaignId },
      ].sort((x, y) => (x.address < y.address ? -1 : 1)),
    );
    const activity = await rows<{ address: string; inactive: boolean }>(
      db,
      sql`SELECT address, inactive_at IS NOT NULL AS inactive FROM address_activity WHERE team_id = ${teamId} AND address = ANY(${`{${inactive.address},${landline.address}}`}::text[])`,
    );
    expect(activity).toEqual([{ address: inactive.address, inactive: true }]);
    expect(await counters(db, s.campaignId)).toEqual(await recount(db, s.campaignId));
  });

  it("a storm of 1,000 events over 100 rows ends as if applied one by one, with counters equal to a recount", async () => {
    const storm = await makeStorm(20261126);
    const rnd = mulberry32(99);
    let next = 0;
    while (next < storm.events.length) {
      const size = 1 + Math.floor(rnd() * 60);
      await push(db, storm.s, storm.events.slice(next, next + size));
      next += size;
      if (rnd() < 0.6) await applyStatusEvents(db, { limit: 1 + Math.floor(rnd() * 120) });
    }
    await applyStatusEventsUntilIdle(db, { limit: 97 });
    await expectStormSettled(storm, "exact");
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("two appliers at once never apply an event twice nor double count", async () => {
    const storm = await makeStorm(7);
    for (let i = 0; i < storm.events.length; i += 100) await push(db, storm.s, storm.events.slice(i, i + 100));
    const stored = (await inbox(db, storm.s.gatewayId)).length;
    const results = await Promise.all([1, 2, 3].map(() => applyStatusEventsUntilIdle(db, { limit: 25 })));
    expect(results.reduce((n, r) => n + r.applied + r.ignored, 0)).toBe(stored);
    // Each took its share: the appliers did run side by side.
    expect(results.every((r) => r.applied > 0)).toBe(true);
    // The batches interleave, so among equal ranks any may win; the rank reached is the same.
    await expectStormSettled(storm, "rank");
  });
});

const StormStatuses = Object.keys(CallbackOutcomes) as DeliveryStatus[];

interface Storm {
  s: Setup;
  rows: LedgerRow[];
  initial: Map<number, MessageState>;
  events: StatusEvent[];
}

/** 100 rows (SMS and email; accepted, unknown, or still submitting when the callback came) and 1,000 events, a tenth repeats. */
async function makeStorm(seed: number): Promise<Storm> {
  const rnd = mulberry32(seed);
  const s = await setUp(db, teamId);
  const ledger: LedgerRow[] = [];
  const initial = new Map<number, MessageState>();
  for (let i = 0; i < 100; i++) {
    const state: MessageState = i % 10 === 0 ? "unknown" : i % 17 === 0 ? "submitting" : "accepted";
    const row = await addRow(db, s, {
      state,
      providerId: state === "accepted" ? undefined : null,
      channel: i % 3 === 0 ? "email" : "sms",
      key: i % 3,
    });
    ledger.push(row);
    initial.set(row.id, state);
  }
  const events: StatusEvent[] = [];
  for (let i = 0; i < 1000; i++) {
    if (events.length > 0 && rnd() < 0.1) {
      events.push(events[Math.floor(rnd() * events.length)]!);
      continue;
    }
    const row = ledger[Math.floor(rnd() * ledger.length)]!;
    const status = StormStatuses[Math.floor(rnd() * StormStatuses.length)]!;
    // Rows the provider's answer never reached are only found by our id.
    const byProviderId = row.providerId !== null && rnd() < 0.4;
    events.push(statusEvent(row, status, byProviderId ? { messageId: null } : { providerId: row.providerId ?? `lost-${row.id}` }));
  }
  return { s, rows: ledger, initial, events };
}

/** The inbox replayed one event at a time, in arrival order, with the rank rule: what every row must end as. */
async function expectStormSettled(storm: Storm, compare: "exact" | "rank"): Promise<void> {
  const stored = await inbox(db, storm.s.gatewayId);
  expect(stored.every((e) => e.applied)).toBe(true);
  const byProvider = new Map(storm.rows.map((r) => [r.providerId, r.id]));
  const model = new Map(storm.initial);
  const suppressed = new Set<string>();
  const delivered = new Set<number>();
  const channelOf = new Map(storm.rows.map((r) => [r.id, r]));
  for (const { payload: e } of stored) {
    const id = e.messageId ? Number(e.messageId) : byProvider.get(e.providerId)!;
    const outcome = callbackOutcome(e.status);
    if (!outcome) continue;
    if (MessageStateRank[outcome.state] > MessageStateRank[model.get(id)!]) {
      model.set(id, outcome.state);
      if (outcome.state === "delivered") delivered.add(id);
    }
    const row = channelOf.get(id)!;
    if (outcome.suppress?.channel === row.channel) suppressed.add(row.address);
  }
  const actual = await rowStates(db, storm.s.campaignId);
  for (const [id, state] of model) {
    const got = actual.get(id)!;
    if (compare === "exact") {
      expect([id, got.state]).toEqual([id, state]);
      expect([id, got.delivered_at !== null]).toEqual([id, delivered.has(id)]);
    } else expect([id, MessageStateRank[got.state]]).toEqual([id, MessageStateRank[state]]);
    expect([id, got.sent_at !== null]).toEqual([id, MessageStateRank[got.state] >= MessageStateRank.sent]);
  }
  expect(await counters(db, storm.s.campaignId)).toEqual(await recount(db, storm.s.campaignId));
  const found = await rows<{ address: string }>(db, sql`SELECT address FROM suppressions WHERE campaign_id = ${storm.s.campaignId}`);
  expect(new Set(found.map((f) => f.address))).toEqual(suppressed);
}
