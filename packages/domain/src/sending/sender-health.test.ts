import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPool } from "../routing";
import { rows } from "../shared/rows";
import { planFirstStep } from "./plan";
import { useSendingTestkit } from "./plan.testkit";
import { checkSenderHealth, recordSenderOutcomes, SenderHealth } from "./sender-health";

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
    expect(paused).toEqual([{ gatewayId: t.sms.id, sender: bad }]);
    const after = await rows<{ sender: string; n: number }>(
      db(),
      sql`SELECT sender, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${c.id} GROUP BY sender`,
    );
    expect(after).toEqual([{ sender: t.numbers[1], n: 30 }]);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      new RegExp(
        `^The sender \\${bad} was taken out of rotation for ${SenderHealth.pauseHours} hours: Carriers blocked 33% of its last 60 messages\\. \\d+ queued messages moved`,
      ),
    );
    // Checked again: already paused, nothing more happens.
    expect(await checkSenderHealth(db(), live as never, senders)).toEqual([]);
  });
});
