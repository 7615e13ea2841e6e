import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSendingTestkit } from "../sending/testing";
import { one, rows } from "../shared/rows";
import { type Geo, type GeoInfo, NO_GEO, sharedGeo } from "./geo";
import { type HitRequest, LinkService } from "./link-service";
import { DESKTOP, IPHONE, SLACK, sentCampaign } from "./links.testkit";

const kit = useSendingTestkit();
const db = () => kit.db();

const req = (over: Partial<HitRequest> = {}): HitRequest => ({
  method: "GET",
  userAgent: IPHONE,
  headers: {},
  ip: "203.0.113.9",
  referer: null,
  url: "https://go.example/abc",
  ...over,
});
const fixedGeo = (g: Partial<GeoInfo>) => ({ lookup: () => ({ ...NO_GEO, ...g }) }) as unknown as Geo;
const service = (over: ConstructorParameters<typeof LinkService>[1] = {}) =>
  new LinkService(db(), {
    geo: fixedGeo({ country: "US", usState: "NY", region: "New York", isp: "T-Mobile USA, Inc.", mobile: true }),
    intervalMs: 10_000,
    ...over,
  });

const hits = (campaignId: number) =>
  rows<{
    kind: string;
    reason: string | null;
    hit_id: string;
    redirect_url: string | null;
    country: string | null;
    mobile: boolean | null;
  }>(db(), sql`SELECT kind, reason, hit_id, redirect_url, country, mobile FROM message_hits WHERE campaign_id = ${campaignId} ORDER BY id`);
const counter = async (campaignId: number) =>
  (await one<{ clicked: number; opened: number }>(
    db(),
    sql`SELECT coalesce(sum(clicked), 0)::int AS clicked, coalesce(sum(opened), 0)::int AS opened FROM campaign_counters WHERE campaign_id = ${campaignId}`,
  ))!;

describe("LinkService.click", () => {
  it("redirects with the hit id, writes nothing until the flush, then writes each hit once with its effects", async () => {
    const { c, links, t } = await sentCampaign(kit, { is_tracking_revenue: true });
    const s = service();
    const a = links[0]!;
    const first = await s.click(a.code, req());
    expect(first.kind).toBe("redirect");
    const location = (first as { location: string }).location;
    const hitId = new URL(location).searchParams.get("c")!;
    expect(location).toBe(`https://shop.example/p?c=${hitId}&revenue=${hitId}&click_id=${hitId}`);
    await s.click(a.code, req());
    await s.click(a.code, req({ userAgent: SLACK }));
    expect(await hits(c.id)).toEqual([]);
    await s.close();
    const stored = await hits(c.id);
    expect(stored.map((h) => h.reason)).toEqual([null, null, "preview"]);
    expect(stored[0]).toMatchObject({ kind: "click", hit_id: hitId, country: "US", mobile: true });
    await s.close();
    expect(await hits(c.id)).toHaveLength(3);
    // Unique per message in the counters; every counted click on the lead.
    expect(await counter(c.id)).toEqual({ clicked: 1, opened: 0 });
    const lead = await one<{ total_clicks: number; last: boolean; logs: number; clicked: boolean; first: boolean; msg: boolean }>(
      db(),
      sql`SELECT l.total_clicks, l.last_clicked_at IS NOT NULL AS last,
            (SELECT count(*)::int FROM lead_logs g WHERE g.team_id = l.team_id AND g.lead_id = l.id AND g.action = 'click') AS logs,
            (SELECT p.clicked FROM lead_phones p WHERE p.team_id = l.team_id AND p.phone = ${a.phone}) AS clicked,
            (SELECT first_clicked_at IS NOT NULL FROM campaign_links WHERE code = ${a.code}) AS first,
            (SELECT clicked_at IS NOT NULL FROM campaign_messages WHERE id = ${a.messageId}) AS msg
          FROM leads l WHERE l.team_id = ${t.ctx.teamId} AND l.id = ${a.leadId}`,
    );
    expect(lead).toEqual({ total_clicks: 2, last: true, logs: 2, clicked: true, first: true, msg: true });
    // The other lead's link was never clicked.
    expect((await one<{ n: number }>(db(), sql`SELECT total_clicks AS n FROM leads WHERE id = ${links[1]!.leadId}`))!.n).toBe(0);
  });

  it("after the first counted click sends the next to its URL; a preview never uses it up", async () => {
    const { c, links } = await sentCampaign(kit, {
      expire_link_after_first_click: true,
      redirect_link_after_first_click: "https://x.example/again",
    });
    const s = service();
    const code = links[0]!.code;
    expect(await s.click(code, req({ userAgent: SLACK }))).toMatchObject({ kind: "redirect" });
    expect(await s.click(code, req({ method: "HEAD" }))).toMatchObject({ kind: "redirect" });
    expect((await s.click(code, req())) as { location: string }).not.toMatchObject({ location: "https://x.example/again" });
    expect(await s.click(code, req())).toEqual({ kind: "redirect", location: "https://x.example/again" });
    await s.close();
    expect((await hits(c.id)).map((h) => h.reason)).toEqual(["preview", "head", null, "after_first_click"]);
    // Another process (a fresh cache) reads the first click from the database.
    expect(await service().click(code, req())).toEqual({ kind: "redirect", location: "https://x.example/again" });
  });

  it("applies desktop and state filters, and Expire All Links within the expiry's TTL while the links stay cached", async () => {
    const { c, links } = await sentCampaign(kit, {
      is_block_desktop_traffic: true,
      redirect_link_for_block_desktop_traffic: "https://x.example/desktop",
      is_filtering_state_phone_number: true,
      redirect_link_for_state_filtered: "https://x.example/state",
      redirect_link_for_expire: "https://x.example/expired",
    });
    const code = links[0]!.code;
    expect(await service().click(code, req({ userAgent: DESKTOP }))).toEqual({ kind: "redirect", location: "https://x.example/desktop" });
    const texas = service({ geo: fixedGeo({ country: "US", usState: "TX" }) });
    expect(await texas.click(code, req())).toEqual({ kind: "redirect", location: "https://x.example/state" });
    const s = service({ expiryTtlMs: 100 });
    expect(await s.click(code, req())).toMatchObject({ kind: "redirect", location: expect.stringMatching(/^https:\/\/shop\.example/) });
    await db().execute(sql`UPDATE campaigns SET links_expired_at = now() WHERE id = ${c.id}`);
    await new Promise((r) => setTimeout(r, 150));
    expect(await s.click(code, req())).toEqual({ kind: "redirect", location: "https://x.example/expired" });
    expect(await s.click(links[1]!.code, req())).toEqual({ kind: "redirect", location: "https://x.example/expired" });
    await s.close();
    expect((await hits(c.id)).map((h) => h.reason)).toEqual([null, "expired", "expired"]);
  });

  it("does not find a code of another team's on a team's host, nor an odd or unknown code", async () => {
    const { links, t } = await sentCampaign(kit);
    const s = service();
    expect(await s.click(links[0]!.code, req(), t.ctx.teamId + 1000)).toEqual({ kind: "not_found" });
    for (const code of ["", "short", "a".repeat(12), "abc/def1234", "ZZZZZZZZZZ", "0123456789ü"])
      expect(await s.click(code, req())).toEqual({ kind: "not_found" });
    await s.close();
    expect(s.buffer.stats.written).toBe(0);
  });

  it("starts the click-trigger campaign for a counted click, once per lead", async () => {
    const { c, links, t } = await sentCampaign(kit, {}, {}, 1);
    const auto = await kit.campaign(t.ctx, t.list.id, { type: "automation", triggers: ["campaign_click"], setting_gateway_id: t.sms.id });
    await db().execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${auto.id}`);
    await db().execute(sql`UPDATE campaigns SET click_automation_campaign_id = ${auto.id} WHERE id = ${c.id}`);
    const woken: number[][] = [];
    const s = service({ wake: async (ids) => void woken.push([...ids]) });
    await s.click(links[0]!.code, req());
    await s.click(links[0]!.code, req());
    await s.click(links[0]!.code, req({ userAgent: SLACK }));
    await s.close();
    const planned = await rows<{ lead_id: number }>(
      db(),
      sql`SELECT lead_id::float8 AS lead_id FROM campaign_messages WHERE campaign_id = ${auto.id}`,
    );
    expect(planned.map((p) => p.lead_id)).toEqual([links[0]!.leadId]);
    expect(woken).toEqual([[t.sms.id]]);
  });
});

describe("Geo", () => {
  it("places a US address from the packages' databases, with its network", async () => {
    const geo = await sharedGeo();
    expect(geo.lookup("72.229.28.185")).toMatchObject({ country: "US", region: "New York", usState: "NY" });
    expect(geo.lookup("8.8.8.8")).toMatchObject({ country: "US", isp: expect.stringMatching(/google/i), proxy: true, mobile: false });
    expect(geo.lookup("127.0.0.1")).toMatchObject({ country: null, isp: null });
    expect(geo.lookup("not an ip")).toEqual(NO_GEO);
  });
});
