import type { IncomingHttpHeaders } from "node:http";
import type { Database } from "@leadflow/db";
import { appHostOf, type ClickAnswer, type HitRequest, LINK_CODE, type LinkService, teamForShortHost } from "@leadflow/domain";
import type { Config } from "../config";
import { ipRateLimit } from "./ip-rate-limit";
import { type LinkPage, notFoundPage, reasonPage, tooManyPage } from "./link-pages";

/*
 * Which requests are short links, and what they answer (docs/short-links.md) — one decision for both ways in: the
 * Fastify hook (short-links.ts) and the plain Node handler ahead of Fastify (link-handler.ts). A request on a team's
 * short-URL host is answered whatever its path — the bare domain goes to the domain's redirect_to, `/{code}` to the
 * link's rules, anything else is the small 404 page. On the app's own host a code-shaped path (10–11 base62
 * characters) is a link when one exists; otherwise (null) the app answers. Nothing here writes to the database:
 * links and hosts are cached, hits buffered (LinkService).
 */

/** What the router needs of a request, as Fastify or the plain handler read it (client address, Host, protocol). */
export interface LinkAsk {
  method: string;
  /** The Host as sent (port included). */
  host: string;
  /** Path and query string. */
  url: string;
  ip: string | null;
  protocol: string;
  headers: IncomingHttpHeaders;
}

export type LinkReply = { kind: "redirect"; location: string } | { kind: "page"; page: LinkPage; retryAfter?: string };

export const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;
const HOST_TTL_MS = 10_000;

type ShortHost = Awaited<ReturnType<typeof teamForShortHost>>;

export class LinkRouter {
  readonly appHost: string;
  private readonly limit: ReturnType<typeof ipRateLimit>;
  private readonly hosts = new Map<string, { at: number; value: ShortHost }>();

  constructor(
    readonly links: LinkService,
    private readonly database: Database,
    config: Pick<Config, "appUrl" | "linkRate">,
  ) {
    this.limit = ipRateLimit(config.linkRate.limit, config.linkRate.windowSeconds * 1000);
    this.appHost = appHostOf(config.appUrl);
  }

  /** The Host without port, case or trailing dot. */
  static hostOf(raw: string): string {
    return raw.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  }

  /** False when the request is surely the app's (its own host, a path no link has): decided without waiting. */
  mayBeLink(host: string, url: string): boolean {
    if (host !== this.appHost && host !== "") return true;
    const end = url.indexOf("?");
    return LINK_CODE.test(end < 0 ? url.slice(1) : url.slice(1, end));
  }

  /** The answer to a short-link request; null: not one (the app answers it). */
  async route(a: LinkAsk): Promise<LinkReply | null> {
    const host = LinkRouter.hostOf(a.host);
    const path = a.url.split("?", 1)[0] ?? "/";
    if (host === this.appHost || host === "") {
      const code = path.slice(1);
      if (!LINK_CODE.test(code)) return null;
      const limited = this.limited(a.ip);
      if (limited) return limited;
      const answer = await this.links.click(code, hitRequest(a), null);
      // An unknown lower-case word is the app's page (/register), not a link.
      if (answer.kind === "not_found" && /^[a-z]+$/.test(code)) return null;
      return replyOf(answer);
    }
    const short = await this.shortHost(host);
    if (!short) return null;
    // The team's hosted sign-up forms live on its short host too (docs/opt-in.md): the app's route answers them.
    if (path.startsWith("/f/")) return null;
    const limited = this.limited(a.ip);
    if (limited) return limited;
    if (path === "/" && short.redirectTo) return { kind: "redirect", location: short.redirectTo };
    return replyOf(await this.links.click(path.slice(1), hitRequest(a), short.teamId));
  }

  /** The per-address limit: the 429 page with its Retry-After, or null. */
  limited(ip: string | null): LinkReply | null {
    const wait = this.limit.hit(ip ?? "");
    return wait === 0 ? null : { kind: "page", page: tooManyPage, retryAfter: String(wait) };
  }

  private async shortHost(host: string): Promise<ShortHost> {
    const found = this.hosts.get(host);
    if (found && Date.now() - found.at < HOST_TTL_MS) return found.value;
    const value = await teamForShortHost(this.database.db, host);
    if (this.hosts.size > 10_000) this.hosts.clear();
    this.hosts.set(host, { at: Date.now(), value });
    return value;
  }
}

function replyOf(answer: ClickAnswer): LinkReply {
  if (answer.kind === "redirect") return answer;
  if (answer.kind === "not_found") return { kind: "page", page: notFoundPage };
  return { kind: "page", page: reasonPage(answer.reason, answer.brand, answer.home) };
}

export function hitRequest(a: LinkAsk): HitRequest {
  const header = (name: string) => {
    const v = a.headers[name];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  };
  return {
    method: a.method,
    userAgent: header("user-agent"),
    headers: {
      "sec-purpose": header("sec-purpose") ?? undefined,
      purpose: header("purpose") ?? undefined,
      "x-moz": header("x-moz") ?? undefined,
      "x-purpose": header("x-purpose") ?? undefined,
    },
    ip: a.ip,
    referer: header("referer"),
    url: `${a.protocol}://${a.host}${a.url}`.slice(0, 2000),
  };
}
