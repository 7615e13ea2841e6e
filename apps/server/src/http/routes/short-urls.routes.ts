import { networkInterfaces } from "node:os";
import {
  IdParam,
  ListShortUrlDomainsQuery,
  MessageResponse,
  SaveShortUrlDomain,
  ShortUrlAccessAnswer,
  ShortUrlDomain,
  ShortUrlDomainPage,
  ShortUrlPublicIp,
  TlsAskAnswer,
  TlsAskQuery,
} from "@leadflow/contracts";
import {
  AppError,
  appHostOf,
  checkShortUrlDns,
  createShortUrlDomain,
  deleteShortUrlDomain,
  enableShortUrlHttps,
  getShortUrlDomain,
  hitRateLimit,
  listShortUrlDomains,
  resolvePublicIp,
  shortUrlAccess,
  systemResolver,
  tlsAllowsHost,
  updateShortUrlDomain,
} from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Short URL domains"];
/** Each check makes this server query DNS: a team gets a few a minute, not a resolver to drive. */
const DNS_CHECK_RATE = { limit: 30, windowSeconds: 60 };
/**
 * Refusals of the TLS `ask`, per caller. A known host is answered by one indexed read and never counted; unknown
 * names (a scan sending made-up SNI through the terminator, or direct calls) are what is counted, as the import
 * API counts wrong keys. Past the limit the answer is 429, which the terminator reads as no.
 */
const TLS_ASK_MISS_RATE = { limit: 600, windowSeconds: 60 };

export async function shortUrlsRoutes(app: App, { database, config, resolveHost }: AppDeps) {
  const db = database.db;
  const appHost = appHostOf(config.appUrl);
  // Read once at start: interfaces rarely change under a running server, and PUBLIC_IP is there for when they lie.
  const publicIp = resolvePublicIp(config.publicIp, networkInterfaces());
  const env = { appHost, publicIp: publicIp.ip };
  const resolve = resolveHost ?? systemResolver;

  app.get(
    "/api/short-url-domains",
    {
      schema: {
        tags,
        summary: "The team's short-URL domains",
        querystring: ListShortUrlDomainsQuery,
        response: { 200: ShortUrlDomainPage },
      },
    },
    (req) => listShortUrlDomains(db, req.auth, req.query),
  );
  app.get(
    "/api/short-url-domains/has-access",
    { schema: { tags, summary: "May the team add and change domains (its plan)", response: { 200: ShortUrlAccessAnswer } } },
    (req) => shortUrlAccess(db, req.auth, env),
  );
  app.get(
    "/api/short-url-domains/public-ip",
    { schema: { tags, summary: "Where a domain's A record must point", response: { 200: ShortUrlPublicIp } } },
    async () => publicIp,
  );
  app.post(
    "/api/short-url-domains",
    { schema: { tags, summary: "Add a domain", body: SaveShortUrlDomain, response: { 201: ShortUrlDomain } } },
    async (req, reply) => reply.status(201).send(await createShortUrlDomain(db, req.auth, req.body, env)),
  );
  app.get("/api/short-url-domains/:id", { schema: { tags, params: IdParam, response: { 200: ShortUrlDomain } } }, (req) =>
    getShortUrlDomain(db, req.auth, req.params.id),
  );
  app.put(
    "/api/short-url-domains/:id",
    {
      schema: {
        tags,
        summary: "Replace a domain's settings",
        params: IdParam,
        body: SaveShortUrlDomain,
        response: { 200: ShortUrlDomain },
      },
    },
    (req) => updateShortUrlDomain(db, req.auth, req.params.id, req.body, env),
  );
  app.delete("/api/short-url-domains/:id", { schema: { tags, params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await deleteShortUrlDomain(db, req.auth, req.params.id);
    return { message: "Domain deleted." };
  });
  app.post(
    "/api/short-url-domains/:id/check-dns",
    { schema: { tags, summary: "Resolve the domain now and keep the answer", params: IdParam, response: { 200: ShortUrlDomain } } },
    async (req) => {
      await hitRateLimit(db, `short-url-dns:${req.auth.teamId}`, DNS_CHECK_RATE);
      return checkShortUrlDns(db, req.auth, req.params.id, { publicIp: publicIp.ip, resolve });
    },
  );
  app.post(
    "/api/short-url-domains/:id/enable-https",
    { schema: { tags, summary: "Let the TLS terminator get a certificate", params: IdParam, response: { 200: ShortUrlDomain } } },
    (req) => enableShortUrlHttps(db, req.auth, req.params.id, env),
  );

  // Caddy's on_demand_tls `ask`: 200 issues a certificate for `domain`, any other status refuses (docs/short-links.md).
  app.get(
    "/tls/ask",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "TLS on-demand ask: 200 when a certificate may be issued for the host, else 404",
        security: [],
        querystring: TlsAskQuery,
        response: { 200: TlsAskAnswer },
      },
    },
    async (req) => {
      const { domain } = req.query;
      if (await tlsAllowsHost(db, domain, appHost)) return { domain, allowed: true as const };
      await hitRateLimit(db, `tls-ask-miss:${req.ip}`, TLS_ASK_MISS_RATE);
      throw new AppError("not_found", "Unknown host.");
    },
  );
}
