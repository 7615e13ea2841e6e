import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSendingTestkit } from "../sending/testing";
import { type Geo, NO_GEO } from "./geo";
import { loadCampaignLinks } from "./link-prefetch";
import { loadLinks } from "./link-queries";
import { type HitRequest, LinkService, type LinkServiceOptions } from "./link-service";
import { IPHONE, sentCampaign } from "./links.testkit";

/*
 * A campaign's links read ahead: the same facts as the loader's one-by-one reads, the rest of a campaign answered from
 * memory after its first click, at most `limit` links read (the newest), and nothing trusted longer than the TTL —
 * a deleted link stops answering within it though its campaign was read again meanwhile.
 */

const kit = useSendingTestkit();
const db = () => kit.db();
const req: HitRequest = { method: "GET", userAgent: IPHONE, headers: {}, ip: "203.0.113.9", referer: null, url: "https://go.example/x" };
const geo = { lookup: () => NO_GEO } as unknown as Geo;

function clocked(opts: LinkServiceOptions = {}) {
  const clock = { t: 1_800_000_000_000 };
  const s = new LinkService(db(), { geo, intervalMs: 60_000, ttlMs: 60_000, now: () => clock.t, ...opts });
  return { s, clock };
}

describe("reading a campaign's links ahead", () => {
  it("reads what the loader reads, link for link", async () => {
    const { c, links } = await sentCampaign(
      kit,
      { is_filtering_state_phone_number: true, expire_link: true, expire_link_days: 3, is_tracking_revenue: true },
      {},
      4,
    );
    const ahead = await loadCampaignLinks(db(), c.id, 100);
    const one = await loadLinks(
      db(),
      links.map((l) => l.code),
    );
    expect(ahead).toHaveLength(4);
    expect(ahead.map((e) => e.facts.leadState)).toEqual(["NY", "NY", "NY", "NY"]);
    for (const e of ahead) expect(e).toEqual(one.get(e.code));
  });

  it("answers a campaign's other links from memory after its first click", async () => {
    const { links } = await sentCampaign(kit, {}, {}, 5);
    const { s } = clocked();
    expect((await s.click(links[0]!.code, req)).kind).toBe("redirect");
    await s.settled();
    const answers = await Promise.all(links.slice(1).map((l) => s.click(l.code, req)));
    expect(answers.every((a) => a.kind === "redirect")).toBe(true);
    // One read for the first click, one for the campaign; none for the other four.
    expect(s.readStats).toEqual({ campaignReads: 1, campaignLinks: 5, missReads: 1, missCodes: 1 });
    await s.close();
  });

  it("reads at most its limit of a campaign's links, the newest", async () => {
    const { links } = await sentCampaign(kit, {}, {}, 4);
    await db().execute(
      sql`UPDATE campaign_links SET created_at = now() - make_interval(mins => k.i::int) FROM unnest(${`{${links.map((l) => l.code).join(",")}}`}::text[]) WITH ORDINALITY AS k(code, i) WHERE campaign_links.code = k.code`,
    );
    const { s } = clocked({ prefetchLimit: 2 });
    await s.click(links[3]!.code, req);
    await s.settled();
    // links[0] and [1] are the newest: answered from memory; links[2] is read on its own.
    await s.click(links[0]!.code, req);
    await s.click(links[1]!.code, req);
    expect(s.readStats).toMatchObject({ campaignLinks: 2, missReads: 1 });
    await s.click(links[2]!.code, req);
    expect(s.readStats).toMatchObject({ campaignLinks: 2, missReads: 2 });
    await s.close();
  });

  it("stops answering a deleted link within the TTL, though its campaign was read again meanwhile", async () => {
    const { links } = await sentCampaign(kit, {}, {}, 3);
    const { s, clock } = clocked();
    await s.click(links[0]!.code, req);
    await s.settled();
    await db().execute(sql`DELETE FROM campaign_links WHERE code = ${links[1]!.code}`);
    // 50 s on, a click reads the campaign again (past three quarters of the TTL): the deleted link is not in it, and
    // the copy read at the start is still within its minute.
    clock.t += 50_000;
    expect((await s.click(links[0]!.code, req)).kind).toBe("redirect");
    await s.settled();
    expect(s.readStats.campaignReads).toBe(2);
    expect((await s.click(links[1]!.code, req)).kind).toBe("redirect");
    clock.t += 11_000;
    expect((await s.click(links[1]!.code, req)).kind).toBe("not_found");
    // The links read again at 50 s are still in memory.
    const reads = s.readStats.missReads;
    expect((await s.click(links[2]!.code, req)).kind).toBe("redirect");
    expect(s.readStats.missReads).toBe(reads);
    await s.close();
  });

  it("keeps a first click this process answered over a read that has not seen it written", async () => {
    const { links } = await sentCampaign(
      kit,
      { expire_link_after_first_click: true, redirect_link_after_first_click: "https://x.example/again" },
      {},
      2,
    );
    const { s, clock } = clocked();
    expect(await s.click(links[0]!.code, req)).toMatchObject({ kind: "redirect" });
    await s.settled();
    clock.t += 50_000;
    await s.click(links[1]!.code, req);
    await s.settled();
    expect(s.readStats.campaignReads).toBe(2);
    // Nothing flushed yet (a minute's interval): the database still says "never clicked".
    expect(await s.click(links[0]!.code, req)).toEqual({ kind: "redirect", location: "https://x.example/again" });
    await s.close();
  });
});
