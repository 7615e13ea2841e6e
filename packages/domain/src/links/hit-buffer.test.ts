import type { Db } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSendingTestkit } from "../sending/testing";
import { type DbOrTx, one } from "../shared/rows";
import { type Geo, NO_GEO } from "./geo";
import { LinkLoader } from "./link-loader";
import { type HitRequest, LinkService } from "./link-service";
import { IPHONE, sentCampaign } from "./links.testkit";

/*
 * The hit buffer's two stages and its bound, and the link cache's batched misses: the hits are stored by the first
 * stage before their effects (leads, counters) are applied by the second; past `maxPending` a redirect waits for the
 * flushes and no click is dropped; `close` writes both stages; a retried stage 2 moves the figures once; concurrent
 * misses are one read.
 */

const kit = useSendingTestkit();
const db = () => kit.db();
const req: HitRequest = { method: "GET", userAgent: IPHONE, headers: {}, ip: "203.0.113.9", referer: null, url: "https://go.example/x" };
const geo = { lookup: () => NO_GEO } as unknown as Geo;

/**
 * The database behind a connection that fails the first stage-2 transaction: `after-commit` — it committed but its
 * answer was lost; `before-commit` — it failed after writing, so it rolled back.
 */
function failingOnce(inner: Db, when: "after-commit" | "before-commit"): DbOrTx {
  let left = 1;
  const lost = () => left-- > 0;
  return new Proxy(inner, {
    get(target, key) {
      if (key === "transaction")
        return async (fn: (tx: unknown) => Promise<unknown>) => {
          if (when === "after-commit") {
            const result = await target.transaction(fn as never);
            if (lost()) throw new Error("Connection terminated unexpectedly");
            return result;
          }
          return target.transaction(async (tx) => {
            const result = await (fn as (t: unknown) => Promise<unknown>)(tx);
            if (lost()) throw new Error("canceling statement due to statement timeout");
            return result;
          });
        };
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as DbOrTx;
}

const logs = async (leadId: number) =>
  (await one<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM lead_logs WHERE lead_id = ${leadId} AND action = 'click'`))!.n;

const figures = async (campaignId: number, leadId: number) =>
  (await one<{ hits: number; clicks: number; clicked: number }>(
    db(),
    sql`SELECT (SELECT count(*)::int FROM message_hits WHERE campaign_id = ${campaignId}) AS hits,
               (SELECT total_clicks::int FROM leads WHERE id = ${leadId}) AS clicks,
               (SELECT coalesce(sum(clicked), 0)::int FROM campaign_counters WHERE campaign_id = ${campaignId}) AS clicked`,
  ))!;

describe("HitBuffer", () => {
  it("stores the hits first, applies their effects in a batch of their own, and close writes both", async () => {
    const { c, links } = await sentCampaign(kit);
    const s = new LinkService(db(), { geo, intervalMs: 60_000 });
    for (let i = 0; i < 5; i++) await s.click(links[0]!.code, req);
    await s.buffer.flush();
    // Stage 1 done, stage 2 waiting for its tick: the clicks are stored, the lead's figures not moved yet.
    expect(await figures(c.id, links[0]!.leadId)).toEqual({ hits: 5, clicks: 0, clicked: 0 });
    expect(s.buffer.size).toBe(5);
    await s.close();
    expect(await figures(c.id, links[0]!.leadId)).toEqual({ hits: 5, clicks: 5, clicked: 1 });
    expect(s.buffer.size).toBe(0);
    expect(s.buffer.stats).toMatchObject({ written: 5, flushes: 1, effectBatches: 1 });
  });

  it("holds redirects past its bound until the flushes make room, and drops no click", async () => {
    const { c, links } = await sentCampaign(kit);
    const s = new LinkService(db(), { geo, intervalMs: 60_000, maxPending: 10, maxBatch: 4, maxWaitMs: 30_000 });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => s.click(links[i % 2]!.code, req)));
    expect(answers.every((a) => a.kind === "redirect")).toBe(true);
    // Answers waited for room: fewer than the bound were left waiting, though no timer had fired.
    expect(s.buffer.stats.waits).toBeGreaterThan(0);
    expect(s.buffer.size).toBeLessThan(10 + 4);
    await s.close();
    expect((await figures(c.id, links[0]!.leadId)).hits).toBe(40);
    expect((await figures(c.id, links[0]!.leadId)).clicks).toBe(20);
  });

  it("does not apply a stage-2 batch twice when its commit went unanswered", async () => {
    const { c, links } = await sentCampaign(kit);
    const s = new LinkService(failingOnce(db(), "after-commit"), { geo, intervalMs: 60_000 });
    for (let i = 0; i < 3; i++) await s.click(links[0]!.code, req);
    await s.click(links[1]!.code, req);
    await s.close();
    expect(s.buffer.stats).toMatchObject({ effectFailures: 1, effectsFoundCommitted: 1, effectBatches: 1 });
    expect(await figures(c.id, links[0]!.leadId)).toEqual({ hits: 4, clicks: 3, clicked: 2 });
    expect(await logs(links[0]!.leadId)).toBe(3);
    expect(s.buffer.size).toBe(0);
  });

  it("applies a stage-2 batch whose transaction rolled back once, on its retry", async () => {
    const { c, links } = await sentCampaign(kit);
    const s = new LinkService(failingOnce(db(), "before-commit"), { geo, intervalMs: 60_000 });
    for (let i = 0; i < 3; i++) await s.click(links[0]!.code, req);
    await s.close();
    expect(s.buffer.stats).toMatchObject({ effectFailures: 1, effectsFoundCommitted: 0, effectBatches: 1 });
    expect(await figures(c.id, links[0]!.leadId)).toEqual({ hits: 3, clicks: 3, clicked: 1 });
    expect(await logs(links[0]!.leadId)).toBe(3);
  });

  it("reads the misses of concurrent redirects together", async () => {
    const { links } = await sentCampaign(kit, {}, {}, 6);
    const s = new LinkService(db(), { geo, intervalMs: 60_000 });
    const loader = (s as unknown as { loader: { stats: { reads: number; codes: number } } }).loader;
    const answers = await Promise.all([...links.map((l) => s.click(l.code, req)), s.click("ZZZZZZZZZZ", req)]);
    expect(answers.map((a) => a.kind)).toEqual([...links.map(() => "redirect"), "not_found"]);
    expect(loader.stats).toEqual({ reads: 1, codes: 7 });
    await s.close();
  });

  it("keeps the misses asked for while its reads are out for the next read", async () => {
    const { links } = await sentCampaign(kit, {}, {}, 3);
    // A database that answers once the test lets it: the first read is still out when the next misses come.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => (open = r));
    const slow = { execute: async (q: SQL) => gate.then(() => db().execute(q)) } as unknown as DbOrTx;
    const loader = new LinkLoader(slow, 500, 1);
    const tick = () => new Promise((r) => setImmediate(r));
    const first = loader.load(links[0]!.code);
    await tick();
    const second = loader.load(links[1]!.code);
    await tick();
    const third = loader.load(links[2]!.code);
    await tick();
    open();
    const found = await Promise.all([first, second, third]);
    expect(found.map((l) => l?.code)).toEqual(links.map((l) => l.code));
    expect(loader.stats).toEqual({ reads: 2, codes: 3 });
  });
});
