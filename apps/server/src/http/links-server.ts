import { createServer, type Server } from "node:http";
import type { Database } from "@leadflow/db";
import { type JobSender, LinkService, PIXEL_GIF, wakeDispatchers } from "@leadflow/domain";
import type { Config } from "../config";
import { linkHandler, write } from "./link-handler";
import { notFoundPage } from "./link-pages";
import { hitRequest, LinkRouter, NO_STORE } from "./link-router";

/*
 * The `links` role's HTTP side (docs/scaling.md): redirects and the open pixel only, on plain Node — no Fastify, no
 * API, no web app — so a deployment scales its redirects apart from its pages. Short links answer exactly as on the
 * `api` role (the same router); any other path is the short-link 404 page. `close` is the drain: idle connections
 * close at once, requests in flight finish with Connection: close, then both stages of the hit buffer are written.
 */

const PIXEL = /^\/o\/(\d{1,20})\/([^/?]{1,128})(?:\?|$)/;

export interface LinksServer {
  server: Server;
  links: LinkService;
  close(): Promise<void>;
}

export function createLinksServer(
  deps: { database: Database; config: Config; jobs: JobSender },
  log: (message: string) => void,
): LinksServer {
  const links = new LinkService(deps.database.db, { log, wake: (ids) => wakeDispatchers(deps.jobs, ids) });
  const router = new LinkRouter(links, deps.database, deps.config);
  let draining = false;
  const rest = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    const pixel = PIXEL.exec(req.url ?? "");
    if (!pixel || (req.method !== "GET" && req.method !== "HEAD")) return write(res, { kind: "page", page: notFoundPage });
    const ip = req.socket.remoteAddress ?? null;
    const limited = router.limited(ip);
    if (limited) return write(res, limited);
    const ask = { method: req.method, host: req.headers.host ?? "", url: req.url ?? "/", ip, protocol: "http", headers: req.headers };
    links.open(Number(pixel[1]), pixel[2]!, hitRequest(ask)).then(
      (ok) => {
        if (!ok) return write(res, { kind: "page", page: notFoundPage });
        res.writeHead(200, { ...NO_STORE, "content-type": "image/gif", "content-length": String(PIXEL_GIF.length) }).end(PIXEL_GIF);
      },
      () => res.writeHead(500).end(),
    );
  };
  const handle = linkHandler(router, { trustProxy: deps.config.trustProxy }, rest);
  const server = createServer((req, res) => {
    if (draining) res.setHeader("Connection", "close");
    handle(req, res);
  });
  return {
    server,
    links,
    async close() {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection whose answer was on its way when the drain began goes once it is idle.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      await closed.finally(() => clearInterval(idle));
      await links.close();
    },
  };
}
