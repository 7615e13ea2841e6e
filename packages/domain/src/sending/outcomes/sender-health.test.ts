import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carrierGroupRules, createPool, createRoute } from "../../routing";
import { one, rows } from "../../shared/rows";
import { planFirstStep } from "../plan/plan";
import { useSendingTestkit } from "../plan/plan.testkit";
import { PAUSE_HOURS } from "./rotation";
import { checkSenderHealth, recordSenderOutcomes } from "./sender-health";

const kit = useSendingTestkit();
const db = kit.db;

describe("sender health", () => {
  it("takes a number carriers block out of rotation, moves its queue to the pool's other number and tells the team", async () => {
    const t = await kit.setup(
      Array.from({ length: 30 }, (_, i) => ({ phone: `+1212555${String(4000 + i)}`, timezone: "America/New_York", state: "NY" })),
    );
    const phone = (sender: string) => ({ gateway_id: t.sms.id, sender_type: "phone" as const, sender, sender_name: "" });
    const pool = await createPool(db(), t.ctx, { name: "Two", senders: [phone(t.numbers[0]!), phone(t.numbers[1]!)] });
    const c = await kit.campaign(t.ctx, t.list.id, { sender_type: "pool", pool_id: pool.id });
    await planFirstStep(db(), c.id);
    const bad = t.numbers[0]!;
    const before = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${c.id} AND sender = ${bad}`,
    );
    expect(before[0]!.n).toBeGreaterThan(0);

    // 60 final answers for the bad number, 20 of them blocked (33%); the good one delivers.
    const outcome = (state: "blocked" | "delivered", sender: string) => ({
      gateway_id: t.sms.id,
      sender,
      state,
      old_state: "accepted" as const,
    });
    const moved = [
      ...Array.from({ length: 20 }, () => outcome("blocked", bad)),
      ...Array.from({ length: 40 }, () => outcome("delivered", bad)),
      ...Array.from({ length: 60 }, () => outcome("delivered", t.numbers[1]!)),
    ];
    const senders = await db().transaction((tx) => recordSenderOutcomes(tx, moved));
    const told: string[] = [];
    const live = {
      toUser: async () => {},
      toTeam: async (_team: number, _event: string, payload: { message: string }) => void told.push(payload.message),
    };
    const paused = await checkSenderHealth(db(), live as never, senders);
    expect(paused).toEqual({ senders: [{ gatewayId: t.sms.id, sender: bad }], gateways: [] });
    const after = await rows<{ sender: string; n: number }>(
      db(),
      sql`SELECT sender, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${c.id} GROUP BY sender`,
    );
    expect(after).toEqual([{ sender: t.numbers[1], n: 30 }]);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      new RegExp(
        `^The sender \\${bad} was taken out of rotation for ${PAUSE_HOURS} hours: Carriers blocked 33% of its last 60 messages\\. \\d+ queued messages moved`,
      ),
    );
    // Checked again: already paused, nothing more happens.
    expect(await checkSenderHealth(db(), live as never, senders)).toEqual({ senders: [], gateways: [] });
  });

  it("takes a whole gateway out of rotation when its numbers are filtered together, each below the bar alone", async () => {
    const t = await kit.setup(
      Array.from({ length: 20 }, (_, i) => ({ phone: `+1212555${String(5000 + i)}`, timezone: "America/New_York", state: "NY" })),
    );
    const other = await one<{ id: number }>(
      db(),
      sql`INSERT INTO gateways (team_id, kind, type, name, active, senders)
          VALUES (${t.ctx.teamId}, 'sms', 'sandbox', 'Backup', true, ${JSON.stringify({ numbers: [{ number: "+13105550199" }] })}::jsonb)
          RETURNING id`,
    );
    const phone = (gateway_id: number, sender: string) => ({ gateway_id, sender_type: "phone" as const, sender, sender_name: "" });
    const pool = await createPool(db(), t.ctx, {
      name: "Both",
      senders: [...t.numbers.map((n) => phone(t.sms.id, n)), phone(other!.id, "+13105550199")],
    });
    const c = await kit.campaign(t.ctx, t.list.id, { sender_type: "pool", pool_id: pool.id });
    await planFirstStep(db(), c.id);
    // Six of the gateway's numbers, 40 answers each, 14 blocked (35%): under 50 answers, so none is paused alone.
    const answers = (sender: string) =>
      Array.from({ length: 40 }, (_, i) => ({
        gateway_id: t.sms.id,
        sender,
        state: i < 14 ? ("blocked" as const) : ("delivered" as const),
        old_state: "accepted" as const,
      }));
    const numbers = [...t.numbers, "+12015550104", "+12015550105", "+12015550106"];
    const told: string[] = [];
    const live = { toTeam: async (_t: number, _e: string, p: { message: string }) => void told.push(p.message) };
    const check = async (some: string[]) =>
      checkSenderHealth(db(), live as never, await db().transaction((tx) => recordSenderOutcomes(tx, some.flatMap(answers))));
    // 160 answers: under the gateway's bar too.
    expect(await check(numbers.slice(0, 4))).toEqual({ senders: [], gateways: [] });
    expect(await check(numbers.slice(4))).toEqual({ senders: [], gateways: [t.sms.id] });
    const after = await rows<{ gateway_id: number; n: number }>(
      db(),
      sql`SELECT gateway_id, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${c.id} GROUP BY gateway_id`,
    );
    expect(after).toEqual([{ gateway_id: other!.id, n: 20 }]);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      /^The gateway "Sandbox SMS" was taken out of rotation for 24 hours: Carriers blocked 35% of its last 240 messages\. \d+ queued/,
    );
    // A new campaign plans around it.
    const next = await kit.campaign(t.ctx, t.list.id, { sender_type: "pool", pool_id: pool.id });
    await planFirstStep(db(), next.id);
    const planned = await rows<{ gateway_id: number }>(
      db(),
      sql`SELECT DISTINCT gateway_id FROM campaign_messages WHERE campaign_id = ${next.id}`,
    );
    expect(planned).toEqual([{ gateway_id: other!.id }]);
  });

  it("moves a route group sender's queue to the group's other sender, not the route's default", async () => {
    const t = await kit.setup(
      Array.from({ length: 30 }, (_, i) => ({
        phone: `+1212555${String(6000 + i)}`,
        timezone: "America/New_York",
        state: "NY",
        carrier: "Verizon Wireless",
      })),
    );
    const phone = (sender: string) => ({ gateway_id: t.sms.id, sender_type: "phone" as const, sender, sender_name: "" });
    const verizon = (await carrierGroupRules(db())).find((g) => g.name === "Verizon")!.id;
    const route = await createRoute(db(), t.ctx, {
      name: "Split",
      default: { ...phone(t.numbers[0]!), frequency: 60 },
      groups: [
        { ...phone(t.numbers[1]!), group_id: verizon, frequency: 10 },
        { ...phone(t.numbers[2]!), group_id: verizon, frequency: 10 },
      ],
    });
    const c = await kit.campaign(t.ctx, t.list.id, { sender_type: "route", route_id: route.id });
    await planFirstStep(db(), c.id);
    const bad = t.numbers[1]!;
    const moved = Array.from({ length: 60 }, (_, i) => ({
      gateway_id: t.sms.id,
      sender: bad,
      state: i < 30 ? ("blocked" as const) : ("delivered" as const),
      old_state: "accepted" as const,
    }));
    const senders = await db().transaction((tx) => recordSenderOutcomes(tx, moved));
    expect((await checkSenderHealth(db(), undefined, senders)).senders).toEqual([{ gatewayId: t.sms.id, sender: bad }]);
    const after = await rows<{ sender: string; n: number }>(
      db(),
      sql`SELECT sender, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${c.id} GROUP BY sender`,
    );
    expect(after).toEqual([{ sender: t.numbers[2], n: 30 }]);
  });
});
