import {
  appHostOf,
  type ClickAnswer,
  type HitRequest,
  LINK_CODE,
  LinkService,
  PIXEL_GIF,
  teamForShortHost,
  wakeDispatchers,
} from "@leadflow/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ipRateLimit } from "./ip-rate-limit";
import { type LinkPage, notFoundPage, reasonPage, renderLinkPage, tooManyPage } from "./link-pages";
import type { App, AppDeps } from "./types";

/*
 * The redirect service's HTTP side (docs/short-links.md). A request on a team's short-URL host is answered here
 * whatever its path — the bare domain goes to the domain's redirect_to, `/{code}` to the link's rules, anything else
 * is the small 404 page — before routing, so no API route or the SPA answers on those hosts. On the app's own host a
 * code-shaped path (10–11 base62 characters) is a link when one exists; otherwise it falls through to the app.
 * Nothing here writes to the database: links and hosts are cached, hits buffered (LinkService).
 */

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;
const HOST_TTL_MS = 10_000;

export async function registerShortLinks(app: App, deps: AppDeps, service?: LinkService): Promise<LinkService> {
  const { database, config } = deps;
  const links =
    service ??
    new LinkService(database.db, {
      log: (m) => app.log.warn(m),
      wake: (ids) => wakeDispatchers(deps.jobs, ids),
    });
  const limit = ipRateLimit(config.linkRate.limit, config.linkRate.windowSeconds * 1000);
  const appHost = appHostOf(config.appUrl);
  const hosts = new Map<string, { at: number; value: Awaited<ReturnType<typeof teamForShortHost>> }>();
  const shortHost = async (host: string) => {
    const found = hosts.get(host);
    if (found && Date.now() - found.at < HOST_TTL_MS) return found.value;
    const value = await teamForShortHost(database.db, host);
    if (hosts.size > 10_000) hosts.clear();
    hosts.set(host, { at: Date.now(), value });
    return value;
  };

  // Registered before the API's auth hook: a short host's `/api/...` is a 404 page, not a 401.
  app.addHook("onRequest", async (req, reply) => {
    const host = (req.host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
    const path = req.url.split("?", 1)[0] ?? "/";
    if (host === appHost || host === "") {
      const code = path.slice(1);
      if (!LINK_CODE.test(code)) return;
      if (limited(req, reply)) return reply;
      const answer = await links.click(code, hitRequest(req), null);
      // An unknown lower-case word is the app's page (/register), not a link.
      if (answer.kind === "not_found" && /^[a-z]+$/.test(code)) return;
      return send(reply, answer);
    }
    const short = await shortHost(host);
    if (!short) return;
    if (limited(req, reply)) return reply;
    if (path === "/" && short.redirectTo) return reply.code(302).headers(NO_STORE).redirect(short.redirectTo);
    return send(reply, await links.click(path.slice(1), hitRequest(req), short.teamId));
  });

  app.get(
    "/o/:messageId/:sig",
    {
      config: { public: true },
      schema: { hide: true, params: z.object({ messageId: z.string().max(20), sig: z.string().max(128) }) },
    },
    async (req, reply) => {
      if (limited(req, reply)) return reply;
      const ok = await links.open(Number(req.params.messageId), req.params.sig, hitRequest(req));
      if (!ok) return page(reply, notFoundPage);
      return reply.code(200).headers(NO_STORE).type("image/gif").send(PIXEL_GIF);
    },
  );

  // app.close() (the SIGTERM drain) ends requests first, then this writes every buffered hit.
  app.addHook("onClose", async () => links.close());
  app.decorate("links", links);
  return links;

  function limited(req: FastifyRequest, reply: FastifyReply): boolean {
    const wait = limit.hit(req.ip);
    if (wait === 0) return false;
    void reply.header("Retry-After", String(wait));
    void page(reply, tooManyPage);
    return true;
  }
}

function send(reply: FastifyReply, answer: ClickAnswer) {
  if (answer.kind === "redirect") return reply.code(302).headers(NO_STORE).redirect(answer.location);
  if (answer.kind === "not_found") return page(reply, notFoundPage);
  return page(reply, reasonPage(answer.reason, answer.brand, answer.home));
}

function page(reply: FastifyReply, p: LinkPage) {
  return reply.code(p.status).headers(NO_STORE).type("text/html; charset=utf-8").send(renderLinkPage(p));
}

function hitRequest(req: FastifyRequest): HitRequest {
  const header = (name: string) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  };
  return {
    method: req.method,
    userAgent: header("user-agent"),
    headers: {
      "sec-purpose": header("sec-purpose") ?? undefined,
      purpose: header("purpose") ?? undefined,
      "x-moz": header("x-moz") ?? undefined,
      "x-purpose": header("x-purpose") ?? undefined,
    },
    ip: req.ip ?? null,
    referer: header("referer"),
    url: `${req.protocol}://${req.host}${req.url}`.slice(0, 2000),
  };
}
