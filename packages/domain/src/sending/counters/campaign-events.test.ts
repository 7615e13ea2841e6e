import type { LiveEventName, LiveEventPayload } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { CounterBatch, type CounterColumn, utcDay } from "../../campaigns";
import type { LivePublisher } from "../../shared/live";
import { useSendingTestkit } from "../plan/plan.testkit";
import { type CampaignEventClock, campaignEventPublisher } from "./campaign-events";

const kit = useSendingTestkit();
const db = kit.db;

type Sent = { teamId: number; event: LiveEventName; payload: LiveEventPayload<LiveEventName> };

/** Keeps what would go to the teams' channels; `failing` makes every publish throw. */
function fakeLive(failing = false) {
  const sent: Sent[] = [];
  const live: LivePublisher = {
    toUser: async () => undefined,
    async toTeam(teamId, event, payload) {
      if (failing) throw new Error("the live channel is down");
      sent.push({ teamId, event, payload });
    },
  };
  const of = <E extends LiveEventName>(event: E) => sent.filter((s) => s.event === event).map((s) => s.payload as LiveEventPayload<E>);
  return { live, sent, of };
}

/** A clock the test moves by hand; timers fire when it passes them. */
function fakeClock(start = Date.now()) {
  let now = start;
  const timers: { at: number; fn: () => void }[] = [];
  const clock: CampaignEventClock = { now: () => now, setTimeout: (fn, ms) => void timers.push({ at: now + ms, fn }) };
  return {
    clock,
    pending: () => timers.length,
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
  };
}

/** A campaign of two steps over a list (no messages needed: the events read only the counters). */
async function campaign() {
  const t = await kit.setup([{ phone: "+12125550100" }]);
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id }, [
    { type: "sms", name: "First", message: "Hi" },
    { type: "sms", name: "Second", message: "Again", delay: 1, delay_time_period: "days" },
  ]);
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  return { teamId: t.ctx.teamId, id: c.id };
}

async function count(c: { teamId: number; id: number }, day: string, figures: Partial<Record<CounterColumn, number>>) {
  const batch = new CounterBatch();
  const key = { teamId: c.teamId, campaignId: c.id, stepId: 1, partId: 1, day };
  for (const [column, by] of Object.entries(figures)) batch.add(key, column as CounterColumn, by);
  await batch.write(db());
}

describe("publishCampaigns", () => {
  it("sends each campaign's status and its all-time and today's figures to its own team, in one call", async () => {
    const a = await campaign();
    const b = await campaign();
    const time = fakeClock();
    const today = utcDay(time.clock.now());
    await count(a, "2020-01-01", { records: 10, processed: 4, sent: 4, delivered: 3, errors: 1, cost: 0.03 });
    await count(a, today, { processed: 6, sent: 6, delivered: 2, errors: 2, cost: 0.045, revenue: 12.5 });
    await db().execute(sql`UPDATE campaigns SET status = 'failed', status_reason = 'Failed automatically: 52%.' WHERE id = ${b.id}`);
    const { live, sent, of } = fakeLive();

    const reads = vi.spyOn(db(), "execute");
    await campaignEventPublisher(time.clock)({ db: db(), live }, [a.id, b.id, a.id]);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();

    expect(sent.filter((s) => s.teamId === a.teamId).map((s) => s.event)).toEqual(["CampaignStatus", "CampaignProgress"]);
    expect(sent.filter((s) => s.teamId === b.teamId)).toHaveLength(2);
    expect(of("CampaignProgress").find((p) => p.id === a.id)).toEqual({
      id: a.id,
      records: 10,
      processed_count: 10,
      // 10 processed of 10 records × 2 steps
      progress: 50,
      sent: 10,
      delivered: 5,
      failed: 3,
      cost: 0.075,
      revenue: 12.5,
      today: { day: today, sent: 6, delivered: 2, failed: 2, cost: 0.045, revenue: 12.5 },
    });
    expect(of("CampaignStatus")).toContainEqual({ id: a.id, status: "active", status_label: "Active", status_reason: null });
    expect(of("CampaignStatus")).toContainEqual({
      id: b.id,
      status: "failed",
      status_label: "Failed",
      status_reason: "Failed automatically: 52%.",
    });
    expect(of("CampaignProgress").find((p) => p.id === b.id)).toMatchObject({ records: 0, progress: 0, sent: 0, cost: 0 });
  });

  it("sends nothing for a deleted campaign", async () => {
    const c = await campaign();
    await db().execute(sql`UPDATE campaigns SET deleted_at = now() WHERE id = ${c.id}`);
    const { live, sent } = fakeLive();
    await campaignEventPublisher(fakeClock().clock)({ db: db(), live }, [c.id]);
    expect(sent).toEqual([]);
  });

  it("sends a campaign at most once per 500 ms, and the last state always arrives at the window's end", async () => {
    const c = await campaign();
    const time = fakeClock();
    const publish = campaignEventPublisher(time.clock);
    const { live, of } = fakeLive();
    const deps = { db: db(), live };
    const sentCounts = () => of("CampaignProgress").map((p) => p.sent);

    await count(c, utcDay(time.clock.now()), { sent: 1 });
    await publish(deps, [c.id]);
    expect(sentCounts()).toEqual([1]);

    // Three batches inside the window: nothing now, one trailing send scheduled.
    for (const ms of [100, 100, 100]) {
      time.advance(ms);
      await count(c, utcDay(time.clock.now()), { sent: 1 });
      await publish(deps, [c.id]);
    }
    expect(sentCounts()).toEqual([1]);
    expect(time.pending()).toBe(1);

    time.advance(199);
    expect(sentCounts()).toEqual([1]);
    time.advance(1);
    // The trailing send reads the state at the window's end: all four messages.
    await vi.waitFor(() => expect(sentCounts()).toEqual([1, 4]));
    expect(of("CampaignStatus")).toHaveLength(2);

    // Right after the trailing send its own window runs: the next call waits again.
    await publish(deps, [c.id]);
    expect(sentCounts()).toEqual([1, 4]);
    expect(time.pending()).toBe(1);
    time.advance(500);
    await vi.waitFor(() => expect(sentCounts()).toEqual([1, 4, 4]));

    // Quiet for longer than the window: the next call sends at once.
    time.advance(2_000);
    await publish(deps, [c.id]);
    expect(sentCounts()).toEqual([1, 4, 4, 4]);
    expect(time.pending()).toBe(0);
  });

  it("throttles each campaign on its own, and folds trailing sends that fall due together into one", async () => {
    const a = await campaign();
    const b = await campaign();
    const time = fakeClock();
    const publish = campaignEventPublisher(time.clock);
    const { live, of } = fakeLive();
    const deps = { db: db(), live };
    const ids = () => of("CampaignProgress").map((p) => p.id);

    await publish(deps, [a.id, b.id]);
    time.advance(100);
    await publish(deps, [a.id]);
    const other = await campaign();
    await publish(deps, [other.id]);
    expect(ids()).toEqual(expect.arrayContaining([a.id, b.id, other.id]));
    expect(ids()).toHaveLength(3);

    await publish(deps, [b.id]);
    expect(time.pending()).toBe(2);
    const reads = vi.spyOn(db(), "execute");
    time.advance(400);
    await vi.waitFor(() => expect(ids()).toHaveLength(5));
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
    expect(ids().slice(3).sort()).toEqual([a.id, b.id].sort());
  });

  it("never fails its caller: a broken live channel or database is only logged", async () => {
    const c = await campaign();
    const log = vi.fn();
    await expect(campaignEventPublisher(fakeClock().clock)({ db: db(), live: fakeLive(true).live, log }, [c.id])).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith("campaign live events failed", expect.objectContaining({ campaigns: [c.id] }));
  });
});
