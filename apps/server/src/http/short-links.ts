import { type HitRequest, LinkService, PIXEL_GIF, wakeDispatchers } from "@leadflow/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ROUTED } from "./link-handler";
import { type LinkPage, notFoundPage, renderLinkPage } from "./link-pages";
import { hitRequest as askHit, type LinkReply, LinkRouter, NO_STORE } from "./link-router";
import type { App, AppDeps } from "./types";

/*
 * The redirect service's HTTP side (docs/short-links.md). What is a short link and what it answers is the router's
 * (link-router.ts); this hook answers them before routing, so no API route or the SPA answers on a short host. A
 * server that listens puts the plain handler (link-handler.ts) ahead of Fastify with the same router: requests it
 * answered never reach here, and one it passed on is not routed twice. The open pixel is a route of its own.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The short-link router, shared with the plain handler (runtime.ts mounts it). */
    linkRouter: LinkRouter;
  }
}

export async function registerShortLinks(app: App, deps: AppDeps, service?: LinkService): Promise<LinkService> {
  const { database, config } = deps;
  const links =
    service ??
    new LinkService(database.db, {
      log: (m) => app.log.warn(m),
      wake: (ids) => wakeDispatchers(deps.jobs, ids),
    });
  const router = new LinkRouter(links, database, config);

  // Registered before the API's auth hook: a short host's `/api/...` is a 404 page, not a 401.
  app.addHook("onRequest", async (req, reply) => {
    if ((req.raw as { [ROUTED]?: boolean })[ROUTED]) return;
    const answer = await router.route({
      method: req.method,
      host: req.host ?? "",
      url: req.url,
      ip: req.ip ?? null,
      protocol: req.protocol,
      headers: req.headers,
    });
    if (!answer) return;
    return send(reply, answer);
  });

  app.get(
    "/o/:messageId/:sig",
    {
      config: { public: true },
      schema: { hide: true, params: z.object({ messageId: z.string().max(20), sig: z.string().max(128) }) },
    },
    async (req, reply) => {
      const limited = router.limited(req.ip ?? null);
      if (limited) return send(reply, limited);
      const ok = await links.open(Number(req.params.messageId), req.params.sig, hitRequest(req));
      if (!ok) return page(reply, notFoundPage);
      return reply.code(200).headers(NO_STORE).type("image/gif").send(PIXEL_GIF);
    },
  );

  // app.close() (the SIGTERM drain) ends requests first, then this writes every buffered hit.
  app.addHook("onClose", async () => links.close());
  app.decorate("links", links);
  app.decorate("linkRouter", router);
  return links;
}

function send(reply: FastifyReply, answer: LinkReply) {
  if (answer.kind === "redirect") return reply.code(302).headers(NO_STORE).redirect(answer.location);
  if (answer.retryAfter) void reply.header("Retry-After", answer.retryAfter);
  return page(reply, answer.page);
}

function page(reply: FastifyReply, p: LinkPage) {
  return reply.code(p.status).headers(NO_STORE).type("text/html; charset=utf-8").send(renderLinkPage(p));
}

function hitRequest(req: FastifyRequest): HitRequest {
  return askHit({
    method: req.method,
    host: req.host ?? "",
    url: req.url,
    ip: req.ip ?? null,
    protocol: req.protocol,
    headers: req.headers,
  });
}
