import { callbackSecretFor, expireCampaignLinks, openPixelUrl } from "@leadflow/domain";
import { DESKTOP, IPHONE, type Kit, SLACK, sentCampaign } from "@leadflow/domain/links/links.testkit";
import { sendingTestkit } from "@leadflow/domain/sending/plan/plan.testkit";
import { describe, expect, it } from "vitest";
import { drain } from "../src/http/drain";
import { setupApi, useApi } from "./helpers";

/*
 * The redirect service over HTTP (docs/short-links.md): short hosts by the Host header, `/{code}` on the app's own
 * host beside the SPA, the rules, bots flagged, the open pixel, odd input and the per-address limit. Hits are
 * buffered: `app.close()` is what writes them, so counts are read after a flush (`flush()`).
 */

const api = useApi({ LEADFLOW_LINK_RATE_LIMIT: "30", APP_URL: "https://app.leadflow.test" });
let ip = 0;
const kit = (): Kit => {
  const k = sendingTestkit(api.database);
  return { db: () => api.db, database: () => api.database, setup: k.setup, campaign: k.campaign };
};
/** A request from its own address (the limit is per address). */
const get = (url: string, o: { host?: string; ua?: string | null; method?: "GET" | "HEAD"; from?: string } = {}) =>
  api.app.inject({
    method: o.method ?? "GET",
    url,
    remoteAddress: o.from ?? `198.51.100.${++ip % 250}`,
    headers: { host: o.host ?? "app.leadflow.test", ...(o.ua === null ? {} : { "user-agent": o.ua ?? IPHONE }) },
  });
const flush = async () => {
  const links = (api.app as unknown as { links?: { close(): Promise<void> } }).links;
  if (links) await links.close();
};
const reasons = async (campaignId: number) =>
  (
    await api.database.query<{ reason: string | null }>("SELECT reason FROM message_hits WHERE campaign_id = $1 ORDER BY id", [campaignId])
  ).rows.map((r) => r.reason);

async function shortHost(teamId: number, url: string, redirectTo: string | null = null) {
  await api.database.query("INSERT INTO short_url_domains (team_id, url, redirect_to) VALUES ($1, $2, $3)", [teamId, url, redirectTo]);
}

describe("short links", () => {
  it("answers 302 with no-store and noindex on the app's host, flags HEAD and previews, and counts only a person", async () => {
    const { c, links } = await sentCampaign(kit());
    const code = links[0]!.code;
    const res = await get(`/${code}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/shop\.example\/p\?c=[\w-]{16}$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect((await get(`/${code}`, { method: "HEAD" })).statusCode).toBe(302);
    expect((await get(`/${code}`, { ua: SLACK })).statusCode).toBe(302);
    expect((await get(`/${code}`, { ua: "WhatsApp/2.24.6.77 A" })).statusCode).toBe(302);
    expect((await get(`/${code}`, { ua: null })).statusCode).toBe(302);
    await flush();
    expect(await reasons(c.id)).toEqual([null, "head", "preview", "preview", "bot"]);
    const counted = await api.database.query<{ clicked: number }>(
      "SELECT sum(clicked)::int AS clicked FROM campaign_counters WHERE campaign_id = $1",
      [c.id],
    );
    expect(counted.rows[0]!.clicked).toBe(1);
  });

  it("routes a team's short host by Host: bare domain, its own codes only, 404 page for the rest", async () => {
    const { c, links, t } = await sentCampaign(kit(), {
      expire_link: true,
      expire_link_days: 1,
      redirect_link_for_expire: "https://x.example/exp",
    });
    const other = await sentCampaign(kit());
    await shortHost(t.ctx.teamId, "go.brand-a.test", "https://brand-a.example/");
    const host = "go.brand-a.test";
    // Made two days ago, before any click: the first click reads the whole campaign's links into the cache.
    await api.database.query("UPDATE campaign_links SET created_at = now() - interval '2 days' WHERE code = $1", [links[1]!.code]);
    expect((await get("/", { host })).headers.location).toBe("https://brand-a.example/");
    expect((await get(`/${links[0]!.code}`, { host: "GO.Brand-A.test:443" })).statusCode).toBe(302);
    const foreign = await get(`/${other.links[0]!.code}`, { host });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers["content-type"]).toMatch(/text\/html/);
    expect(foreign.body).toContain("This link does not exist");
    // A short host answers every path itself: no API, no SPA there.
    expect((await get("/api/campaigns", { host })).statusCode).toBe(404);
    // Expired (a day after it was made): the expiry URL.
    expect((await get(`/${links[1]!.code}`, { host })).headers.location).toBe("https://x.example/exp");
    await flush();
    expect(await reasons(c.id)).toEqual([null, "expired"]);
  });

  it("Expire All Links, desktop blocking and after-first-click over HTTP", async () => {
    const { c, links, t } = await sentCampaign(kit(), {
      is_block_desktop_traffic: true,
      redirect_link_for_block_desktop_traffic: "https://x.example/desktop",
      expire_link_after_first_click: true,
      redirect_link_after_first_click: "https://x.example/again",
    });
    const code = links[0]!.code;
    expect((await get(`/${code}`, { ua: DESKTOP })).headers.location).toBe("https://x.example/desktop");
    expect((await get(`/${code}`)).headers.location).toMatch(/^https:\/\/shop\.example/);
    expect((await get(`/${code}`)).headers.location).toBe("https://x.example/again");
    await expireCampaignLinks(api.db, t.ctx, c.id);
    // No expiry URL anywhere: the small page, 410. The cache forgets within its TTL (5 s).
    await new Promise((r) => setTimeout(r, 5_200));
    const gone = await get(`/${links[1]!.code}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain("This link has expired");
    await flush();
    expect(await reasons(c.id)).toEqual(["desktop", null, "after_first_click", "expired"]);
  });

  describe("an expired link", () => {
    /** A campaign whose step sends on `host` (a domain of the team's with these fallbacks), its links expired. */
    async function expired(
      step: Record<string, unknown>,
      domain: { redirect_to?: string; expired_redirect?: string },
      brand: string | null,
    ) {
      const sent = await sentCampaign(kit(), step);
      const teamId = sent.t.ctx.teamId;
      const host = `go-${process.pid}-${++ip}.brand.test`;
      const d = await api.database.query<{ id: number }>(
        "INSERT INTO short_url_domains (team_id, url, redirect_to, expired_redirect) VALUES ($1, $2, $3, $4) RETURNING id",
        [teamId, host, domain.redirect_to ?? null, domain.expired_redirect ?? null],
      );
      await api.database.query("UPDATE teams SET brand_name = $1, name = 'Acme Team' WHERE id = $2", [brand, teamId]);
      await api.database.query("UPDATE campaign_steps SET short_url_domain_id = $1 WHERE id = $2", [d.rows[0]!.id, sent.stepId]);
      await api.database.query("UPDATE campaign_links SET created_at = now() - interval '1 day' WHERE campaign_id = $1", [sent.c.id]);
      await api.database.query("UPDATE campaigns SET links_expired_at = now() WHERE id = $1", [sent.c.id]);
      return { host, code: sent.links[0]!.code };
    }

    it("goes to the step's expiry URL first", async () => {
      const { host, code } = await expired(
        { redirect_link_for_expire: "https://x.example/step-ended" },
        { expired_redirect: "https://brand.test/ended" },
        null,
      );
      const res = await get(`/${code}`, { host });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("https://x.example/step-ended");
    });

    it("else to the domain's fallback", async () => {
      const { host, code } = await expired({}, { redirect_to: "https://brand.test/", expired_redirect: "https://brand.test/ended" }, null);
      const res = await get(`/${code}`, { host });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("https://brand.test/ended");
    });

    it("else to the team's own page, 410, with the domain's address as the way on", async () => {
      const { host, code } = await expired({}, { redirect_to: "https://brand.test/shop" }, "Acme Deals");
      const res = await get(`/${code}`, { host });
      expect(res.statusCode).toBe(410);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toContain("Acme Deals");
      expect(res.body).toContain("<h1>This link has expired</h1>");
      expect(res.body).toContain('href="https://brand.test/shop"');
      // A bot asking gets the same answer: an expired link stays expired.
      expect((await get(`/${code}`, { host, ua: SLACK })).statusCode).toBe(410);
    });

    it("names the team when it has no brand name, and offers no link when the domain leads nowhere", async () => {
      const { host, code } = await expired({}, {}, null);
      const res = await get(`/${code}`, { host });
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain("Acme Team");
      expect(res.body).not.toContain("<a ");
    });
  });

  it("leaves the SPA's paths and refuses odd or overlong codes without a lookup", async () => {
    expect((await get("/register")).statusCode).toBe(404); // the SPA is not served in tests: routing's own 404
    for (const path of ["/ZZZZZZZZZZ", "/0123456789A"]) {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("This link does not exist");
    }
    await shortHost((await api.factory.team()).ctx.teamId, "go.odd.test");
    for (const path of [`/${"a".repeat(5000)}`, "/abc%00defghij", "/%F0%9F%92%A9%F0%9F%92%A9%F0%9F%92%A9", "/../../etc/passwd", "/a?b=c"]) {
      const res = await get(path, { host: "go.odd.test" });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it("limits requests per address with 429 and Retry-After", async () => {
    const { links } = await sentCampaign(kit());
    const from = "192.0.2.77";
    const codes = await Promise.all(Array.from({ length: 31 }, () => get(`/${links[0]!.code}`, { from })));
    expect(codes.map((r) => r.statusCode).filter((s) => s === 429)).toHaveLength(1);
    const limited = await get(`/${links[0]!.code}`, { from });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await get(`/${links[0]!.code}`)).statusCode).toBe(302);
  });

  it("serves the open pixel for a signed message of a step with opens on, and flags image proxies", async () => {
    const { c, stepId, t } = await sentCampaign(kit(), {}, {}, 1);
    // The lead's message is an email of that step instead.
    await api.database.query("DELETE FROM campaign_messages WHERE campaign_id = $1", [c.id]);
    await api.database.query(`UPDATE campaign_steps SET options = options || '{"is_tracking_opens": true}'::jsonb WHERE id = $1`, [stepId]);
    const m = await api.database.query<{ id: number }>(
      `INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, gateway_id, due_at)
       VALUES ($1, $2, $3, $3, $4, 'email', 'lead@example.test', 'accepted', $5, now()) RETURNING id::float8 AS id`,
      [t.ctx.teamId, c.id, stepId, t.leadIds[0], t.email.id],
    );
    const id = m.rows[0]!.id;
    const path = new URL(openPixelUrl("https://app.leadflow.test", await callbackSecretFor(api.db, t.email.id), id)).pathname;
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/gif");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.rawPayload.subarray(0, 6).toString()).toBe("GIF89a");
    expect(
      (await get(path, { ua: "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)" })).statusCode,
    ).toBe(200);
    expect((await get(`${path.slice(0, -1)}${path.endsWith("0") ? "1" : "0"}`)).statusCode).toBe(404);
    expect((await get(`/o/${id}/nothex`)).statusCode).toBe(404);
    expect((await get(`/o/-1/${"0".repeat(64)}`)).statusCode).toBe(404);
    expect((await get(`/o/${"9".repeat(30)}/x`)).statusCode).toBe(422);
    await flush();
    const opens = await api.database.query<{ kind: string; reason: string | null }>(
      "SELECT kind, reason FROM message_hits WHERE message_id = $1 ORDER BY id",
      [id],
    );
    expect(opens.rows).toEqual([
      { kind: "open", reason: null },
      { kind: "open", reason: "preview" },
    ]);
    const opened = await api.database.query<{ opened: boolean }>(
      "SELECT opened_at IS NOT NULL AS opened FROM campaign_messages WHERE id = $1",
      [id],
    );
    expect(opened.rows[0]!.opened).toBe(true);
  });

  it("drains on close: every click a listening server answered with a 302 is stored", async () => {
    // Over real connections: app.close() waits for requests in flight (inject's do not hold the server open).
    const own = await setupApi({ LEADFLOW_LINK_RATE_LIMIT: "100000", APP_URL: "http://127.0.0.1" });
    const k = sendingTestkit(own.database);
    const { c, links } = await sentCampaign({ db: () => own.db, database: () => own.database, setup: k.setup, campaign: k.campaign });
    const base = await own.app.listen({ port: 0, host: "127.0.0.1" });
    let done = 0;
    const clicks = Array.from({ length: 200 }, (_, i) =>
      fetch(`${base}/${links[i % 2]!.code}`, { redirect: "manual", headers: { "user-agent": IPHONE } }).then(
        (r) => {
          done++;
          return r.status;
        },
        () => 0,
      ),
    );
    // Drain mid-load: some answered, the rest in flight or not yet sent.
    while (done < 30) await new Promise((r) => setTimeout(r, 2));
    await drain(own.app);
    const statuses = await Promise.all(clicks);
    const answered = statuses.filter((s) => s === 302).length;
    const stored = await own.database.query<{ n: number }>("SELECT count(*)::int AS n FROM message_hits WHERE campaign_id = $1", [c.id]);
    expect(answered).toBeGreaterThan(0);
    expect(stored.rows[0]!.n).toBe(answered);
    await own.database.close();
  });
});
