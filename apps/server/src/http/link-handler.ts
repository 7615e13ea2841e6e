import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { renderLinkPage } from "./link-pages";
import { type LinkAsk, type LinkReply, LinkRouter, NO_STORE } from "./link-router";

/*
 * Short links answered by plain Node, ahead of Fastify (docs/short-links.md): a redirect is the hottest request the
 * product has, and Fastify's routing, hooks and request log cost more than the cached lookup and the buffered hit.
 * The decision is the router's, the same the Fastify hook uses, so the answers are the same; every other request —
 * or any while the drain runs, or one whose client address needs a proxy list to read — goes to `next` (Fastify)
 * untouched. A request the router looked at and passed on is marked, so Fastify's hook does not route it again.
 */

export const ROUTED = Symbol("leadflow.link-routed");

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LinkHandlerOptions {
  /** As the app's trustProxy: only `true` (every proxy trusted) is read here; an address list leaves forwarded requests to Fastify. */
  trustProxy: boolean | string;
  /** True once the drain began: Fastify answers (503 and Connection: close). */
  draining?: () => boolean;
}

export function linkHandler(router: LinkRouter, opts: LinkHandlerOptions, next: Handler): Handler {
  return (req, res) => {
    if (opts.draining?.()) return next(req, res);
    const ask = askOf(req, opts.trustProxy);
    if (!ask || !router.mayBeLink(LinkRouter.hostOf(ask.host), ask.url)) return next(req, res);
    router.route(ask).then(
      (answer) => {
        if (answer) return write(res, answer);
        (req as { [ROUTED]?: boolean })[ROUTED] = true;
        next(req, res);
      },
      // Fastify's hook meets the same error and answers it the app's way.
      () => next(req, res),
    );
  };
}

/** Writes the router's answer as the Fastify hook sends it: same status, headers and page. */
export function write(res: ServerResponse, answer: LinkReply): void {
  if (answer.kind === "redirect") {
    res.writeHead(302, { ...NO_STORE, location: answer.location, "content-length": "0" }).end();
    return;
  }
  const body = renderLinkPage(answer.page);
  res
    .writeHead(answer.page.status, {
      ...NO_STORE,
      ...(answer.retryAfter ? { "retry-after": answer.retryAfter } : {}),
      "content-type": "text/html; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
    })
    .end(body);
}

/** The request as Fastify reads it (client address, Host, protocol); null when only Fastify's proxy list can say. */
function askOf(req: IncomingMessage, trustProxy: boolean | string): LinkAsk | null {
  const h = req.headers;
  const socket = req.socket as TLSSocket;
  const base = {
    method: req.method ?? "GET",
    url: req.url ?? "/",
    headers: h,
    host: h.host ?? "",
    ip: socket.remoteAddress ?? null,
    protocol: socket.encrypted ? "https" : "http",
  };
  const forwarded = h["x-forwarded-for"] || h["x-forwarded-host"] || h["x-forwarded-proto"];
  if (!trustProxy || !forwarded) return base;
  if (trustProxy !== true) return null;
  // Every proxy trusted: the client is the first address of the chain; host and protocol the last proxy's.
  const xff = String(h["x-forwarded-for"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const last = (v: string | string[] | undefined) => (v ? String(v).split(",").at(-1)!.trim() : null);
  return {
    ...base,
    ip: xff[0] ?? base.ip,
    host: last(h["x-forwarded-host"]) ?? base.host,
    protocol: last(h["x-forwarded-proto"]) ?? base.protocol,
  };
}

/** Puts the plain handler ahead of the server's own request listeners (Fastify's). */
export function mountLinkHandler(server: import("node:http").Server, router: LinkRouter, opts: LinkHandlerOptions): void {
  const listeners = server.listeners("request") as Handler[];
  server.removeAllListeners("request");
  const next: Handler = (req, res) => {
    for (const l of listeners) l.call(server, req, res);
  };
  server.on("request", linkHandler(router, opts, next));
}
