import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { IPHONE, sentCampaign } from "@leadflow/domain/links/links.testkit";
import { sendingTestkit } from "@leadflow/domain/sending/plan/plan.testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDraining } from "../src/http/drain";
import { mountLinkHandler } from "../src/http/link-handler";
import { createLinksServer } from "../src/http/links-server";
import { type Api, setupApi } from "./helpers";

/*
 * The plain short-link handler ahead of Fastify (docs/short-links.md), over real connections: it answers a link's
 * redirect and the short host's pages itself — the same status, headers and page as the Fastify hook — stores the
 * hit, and leaves every other path and host to Fastify. And the `links` role's server, which answers nothing else.
 */

const APP = "app.leadflow.test";
let api: Api;
let base: { port: number };
/** Requests that reached Fastify's own listener. */
let reachedFastify = 0;

beforeAll(async () => {
  api = await setupApi({ LEADFLOW_LINK_RATE_LIMIT: "100000", APP_URL: `https://${APP}` });
  // Listeners present before the mount are Fastify's side: this one counts what falls through.
  api.app.server.prependListener("request", () => reachedFastify++);
  mountLinkHandler(api.app.server, api.app.linkRouter, { trustProxy: false, draining: () => isDraining(api.app) });
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  base = api.app.server.address() as AddressInfo;
});
afterAll(() => api.close());

function get(port: number, path: string, host = APP): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host, "user-agent": IPHONE } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject).end();
  });
}

const stored = async (campaignId: number) =>
  (await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM message_hits WHERE campaign_id = $1", [campaignId])).rows[0]!.n;

const kit = () => {
  const k = sendingTestkit(api.database);
  return { db: () => api.db, database: () => api.database, setup: k.setup, campaign: k.campaign };
};

describe("the plain short-link handler", () => {
  it("answers a link's redirect itself, as Fastify's hook does, and stores the hit", async () => {
    const { c, links } = await sentCampaign(kit());
    const before = reachedFastify;
    const res = await get(base.port, `/${links[0]!.code}`);
    expect(reachedFastify).toBe(before);
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/shop\.example\/p\?c=[\w-]{16}$/);
    const viaFastify = await api.app.inject({
      url: `/${links[1]!.code}`,
      headers: { host: APP, "user-agent": IPHONE },
      remoteAddress: "198.51.100.7",
    });
    for (const h of ["cache-control", "x-robots-tag", "content-length"]) expect(res.headers[h]).toBe(viaFastify.headers[h]);
    expect(await stored(c.id)).toBe(0);
    await (api.app as unknown as { links: { close(): Promise<void> } }).links.close();
    expect(await stored(c.id)).toBe(2);
    const hit = await api.database.query<{ reason: string | null; click_url: string; ip: string }>(
      "SELECT reason, click_url, ip FROM message_hits WHERE campaign_id = $1 AND code = $2",
      [c.id, links[0]!.code],
    );
    expect(hit.rows[0]).toEqual({ reason: null, click_url: `http://${APP}/${links[0]!.code}`, ip: "127.0.0.1" });
  });

  it("answers a short host's pages itself, and leaves other paths and hosts to Fastify", async () => {
    const { t } = await sentCampaign(kit());
    await api.database.query(
      "INSERT INTO short_url_domains (team_id, url, redirect_to) VALUES ($1, 'go.plain.test', 'https://plain.example/')",
      [t.ctx.teamId],
    );
    let before = reachedFastify;
    const bare = await get(base.port, "/", "go.plain.test");
    expect([bare.status, bare.headers.location]).toEqual([302, "https://plain.example/"]);
    const missing = await get(base.port, "/api/campaigns", "go.plain.test");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(missing.body).toContain("This link does not exist");
    expect(reachedFastify).toBe(before);

    before = reachedFastify;
    // The API on the app's host, a lower-case word shaped like a code (the app's page), an unknown host: Fastify's.
    expect((await get(base.port, "/api/campaigns")).status).toBe(401);
    expect((await get(base.port, "/forgotpass")).status).toBe(404);
    expect((await get(base.port, "/api/campaigns", "elsewhere.test")).status).toBe(401);
    expect(reachedFastify).toBe(before + 3);
  });
});

describe("the links role's server", () => {
  it("redirects, answers the 404 page for anything else, and writes every hit when it closes", async () => {
    const { c, links } = await sentCampaign(kit());
    const own = createLinksServer({ database: api.database, config: api.config, jobs: api.jobs.sender }, () => undefined);
    await new Promise<void>((r) => own.server.listen(0, "127.0.0.1", r));
    const port = (own.server.address() as AddressInfo).port;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(port, `/${links[i % 2]!.code}`)));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    const other = await get(port, "/api/campaigns");
    expect([other.status, other.headers["content-type"]]).toEqual([404, "text/html; charset=utf-8"]);
    expect((await get(port, "/o/1/nosig")).status).toBe(404);
    await own.close();
    expect(await stored(c.id)).toBe(20);
  });
});
