import { randomFillSync } from "node:crypto";
import { callbackSecretFor } from "../gateways";
import { verifyOpenPixel } from "../sending";
import type { DbOrTx } from "../shared/rows";
import { type ClickAgent, classifyClick } from "./click-agent";
import { type Geo, type GeoInfo, sharedGeo } from "./geo";
import { HitBuffer, type HitBufferOptions } from "./hit-buffer";
import type { Hit } from "./hit-flush";
import { LinkLoader } from "./link-loader";
import { CampaignPrefetch } from "./link-prefetch";
import { type LinkEntry, loadLinksExpiredAt, loadOpenTarget, type OpenEntry } from "./link-queries";
import { BotHitReason, decideLink, fillTarget, type HitReason, isDesktopAgent } from "./link-rules";
import { TtlCache } from "./ttl-cache";

/*
 * The redirect service (docs/short-links.md): a click is a cached read, a pure decision and a push onto the hit buffer
 * — no database write before the answer. A link's facts hardly change once sent, so they are cached for a minute
 * (`ttlMs`; step edits and another process's first click reach this one within it) and misses for less; what does
 * change — Expire All Links — is read per campaign and cached for seconds (`expiryTtlMs`), so it reaches every process
 * at once whatever the number of links. A counted click marks its link first-clicked here at once, so a second click
 * a moment later already gets the after-first-click rule. The first link of a campaign answered reads the campaign's
 * links into the cache (link-prefetch.ts), so its other links' first clicks are answered from memory; misses of
 * concurrent redirects (another campaign's, a code past the read's limit) are read together, one query a batch
 * (link-loader.ts). The geolocation databases (~75 MB in memory) are opened by
 * the first click or open of a real link, not at start: a server that never redirects never holds them.
 */

/** What the HTTP side knows of a request. */
export interface HitRequest {
  method: string;
  userAgent: string | null;
  headers: Record<string, string | undefined>;
  ip: string | null;
  referer: string | null;
  /** The URL as requested (the Redirects tab's Click URL). */
  url: string;
}

export type ClickAnswer =
  | { kind: "redirect"; location: string }
  /**
   * The link exists but its rule names nowhere to go (no URL on the step or the domain): the caller answers Leadflow's
   * page, carrying the team's name and the domain's own address (where its bare domain goes) as the way on.
   */
  | { kind: "page"; reason: HitReason; brand: string; home: string | null }
  | { kind: "not_found" };

/** 10–11 base62 characters (campaigns/link-code.ts); anything else is not looked up. */
export const LINK_CODE = /^[0-9A-Za-z]{10,11}$/;

export interface LinkServiceOptions extends HitBufferOptions {
  ttlMs?: number;
  /** How long a campaign's Expire All Links moment is trusted. */
  expiryTtlMs?: number;
  negativeTtlMs?: number;
  maxEntries?: number;
  /** Links of a campaign read into the cache at its first click (its newest); 0: none. Default: half the cache. */
  prefetchLimit?: number;
  /** Tests give their own; the default opens the packages' databases on the first hit. */
  geo?: Geo;
  now?: () => number;
}

export class LinkService {
  readonly buffer: HitBuffer;
  private readonly links: TtlCache<LinkEntry>;
  private readonly expiries: TtlCache<{ at: number | null }>;
  private readonly opens: TtlCache<OpenEntry & { secret: string | null }>;
  private geo: Geo | null;
  private geoOpening: Promise<Geo> | null = null;
  private readonly log: ((message: string) => void) | undefined;
  private readonly now: () => number;
  private readonly loader: LinkLoader;
  private readonly prefetch: CampaignPrefetch | null;

  constructor(
    private readonly db: DbOrTx,
    opts: LinkServiceOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    const cache = {
      max: opts.maxEntries ?? 200_000,
      ttlMs: opts.ttlMs ?? 60_000,
      negativeTtlMs: opts.negativeTtlMs ?? 2_000,
      now: this.now,
    };
    this.links = new TtlCache(cache);
    const expiryTtl = opts.expiryTtlMs ?? 3_000;
    this.expiries = new TtlCache({ max: 10_000, ttlMs: expiryTtl, negativeTtlMs: expiryTtl, now: this.now });
    this.opens = new TtlCache(cache);
    this.buffer = new HitBuffer(db, opts);
    this.loader = new LinkLoader(db);
    const prefetchLimit = opts.prefetchLimit ?? Math.floor(cache.max / 2);
    this.prefetch =
      prefetchLimit > 0
        ? new CampaignPrefetch(db, this.links, { limit: prefetchLimit, ttlMs: cache.ttlMs, now: this.now, log: opts.log })
        : null;
    this.geo = opts.geo ?? null;
    this.log = opts.log;
  }

  /**
   * The geolocation databases, opened on first use: the first hit after a start waits for them (about a second),
   * every later one finds them open.
   */
  private geoOf(): Promise<Geo> {
    if (this.geo) return Promise.resolve(this.geo);
    this.geoOpening ??= sharedGeo(this.log).then((g) => {
      this.geo = g;
      return g;
    });
    return this.geoOpening;
  }

  /** Opens the geolocation databases now, if they are not open yet. */
  async ready(): Promise<void> {
    await this.geoOf();
  }

  /** `teamId`: the short host's team — a code of another team's is not found there. */
  async click(code: string, req: HitRequest, teamId: number | null = null): Promise<ClickAnswer> {
    if (!LINK_CODE.test(code)) return { kind: "not_found" };
    // A cached link answers without a promise: the redirect's common case, taken on every request under load.
    const cached = this.links.fresh(code);
    const link =
      cached !== undefined
        ? cached
        : await this.links.get(code, async (previous) => {
            const fresh = await this.loader.load(code);
            // A first click this process saw may not be written yet: keep it over the database's "never".
            if (fresh && previous?.facts.firstClickedAt && fresh.facts.firstClickedAt === null)
              fresh.facts.firstClickedAt = previous.facts.firstClickedAt;
            return fresh;
          });
    if (!link || (teamId !== null && link.teamId !== teamId)) return { kind: "not_found" };
    this.prefetch?.touch(link.campaignId);
    const campaignKey = String(link.campaignId);
    const expiry =
      this.expiries.fresh(campaignKey) ??
      (await this.expiries.get(campaignKey, async () => ({
        at: await loadLinksExpiredAt(this.db, link.campaignId),
      })));
    link.facts.campaignLinksExpiredAt = expiry?.at ?? null;
    const geo = (this.geo ?? (await this.geoOf())).lookup(req.ip);
    const now = this.now();
    const agent = classifyClick(req);
    const hit = {
      bot: agent.bot ? agent.reason : null,
      desktop: isDesktopAgent(req.userAgent),
      country: geo.country,
      usState: geo.usState,
    };
    const decision = decideLink(link.facts, hit, now);
    if (decision.counted && link.facts.firstClickedAt === null) {
      link.facts.firstClickedAt = now;
      // A campaign read that landed while this click was decided replaced the cached entry: mark that one too.
      const current = this.links.last(code);
      if (current && current !== link && current.facts.firstClickedAt === null) current.facts.firstClickedAt = now;
    }
    const hitId = newHitId();
    const location = decision.url === null ? null : fillTarget(decision.url, hitId, link.facts.trackRevenue);
    this.buffer.push(
      this.hitOf(link, req, geo, {
        hitId,
        kind: "click",
        code,
        reason: decision.reason,
        reasonDetail: agent.bot
          ? botDetail(agent)
          : decision.reason === "state_filter"
            ? `${geo.usState ?? geo.country} ≠ ${link.facts.leadState}`
            : null,
        redirectUrl: location,
        at: new Date(now),
      }),
    );
    // The buffer full (the database behind): the answer waits a moment for the flushes, the click is kept.
    const room = this.buffer.room();
    if (room) await room;
    // A machine is sent nowhere only by an expired link (every other rule sends it to the target): its page is that one.
    const page = agent.bot ? "expired" : (decision.reason ?? "expired");
    if (location === null) return { kind: "page", reason: page, brand: link.brand, home: link.facts.domainRedirectTo };
    return { kind: "redirect", location };
  }

  /** The open pixel: false when the message does not track opens or the signature is wrong (nothing stored). */
  async open(messageId: number, sig: string, req: HitRequest): Promise<boolean> {
    if (!Number.isSafeInteger(messageId) || messageId <= 0) return false;
    const entry = await this.opens.get(`o:${messageId}`, async () => {
      const found = await loadOpenTarget(this.db, messageId);
      if (!found) return null;
      return { ...found, secret: found.gatewayId ? await callbackSecretFor(this.db, found.gatewayId) : null };
    });
    if (!entry?.secret || !verifyOpenPixel(entry.secret, messageId, sig)) return false;
    const agent = classifyClick(req);
    const geo = (this.geo ?? (await this.geoOf())).lookup(req.ip);
    this.buffer.push(
      this.hitOf(entry, req, geo, {
        hitId: newHitId(),
        kind: "open",
        code: null,
        reason: agent.bot ? BotHitReason[agent.reason] : null,
        reasonDetail: agent.bot ? botDetail(agent) : null,
        redirectUrl: null,
        at: new Date(this.now()),
      }),
    );
    const room = this.buffer.room();
    if (room) await room;
    return true;
  }

  /** Writes every buffered hit: the drain calls it after the last request was answered (a read ahead finishes first). */
  async close(): Promise<void> {
    await this.prefetch?.idle();
    await this.buffer.close();
  }

  /** Resolves once no campaign's links are being read ahead (tests, the benchmark). */
  async settled(): Promise<void> {
    await this.prefetch?.idle();
  }

  /** Campaign reads ahead and the links they cached; the loader's reads of single misses. */
  get readStats(): { campaignReads: number; campaignLinks: number; missReads: number; missCodes: number } {
    const p = this.prefetch?.stats ?? { reads: 0, links: 0 };
    return { campaignReads: p.reads, campaignLinks: p.links, missReads: this.loader.stats.reads, missCodes: this.loader.stats.codes };
  }

  private hitOf(
    owner: LinkEntry | OpenEntry,
    req: HitRequest,
    geo: GeoInfo,
    h: Pick<Hit, "hitId" | "kind" | "code" | "reason" | "reasonDetail" | "redirectUrl" | "at">,
  ): Hit {
    return {
      ...h,
      ...geo,
      owner,
      clickUrl: clip(req.url),
      ip: req.ip,
      userAgent: clip(req.userAgent),
      referer: clip(req.referer),
    };
  }
}

/**
 * The public id `{click_id}` carries: 16 URL-safe characters, unguessable (a postback names it). Cut from a pool
 * of random bytes filled 256 ids at a time: a call into the system's generator per click was a visible share of the
 * redirect's time.
 */
export function newHitId(): string {
  if (idOffset >= idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = idPool.toString("base64url", idOffset, idOffset + 12);
  idOffset += 12;
  return id;
}

const idPool = Buffer.alloc(12 * 256);
let idOffset = idPool.length;

/** `reason_detail` of a machine's hit: the classifier's reason and what gave it away ("link_preview: Slackbot"). */
function botDetail(agent: Extract<ClickAgent, { bot: true }>): string {
  return agent.evidence ? `${agent.reason}: ${agent.evidence}`.slice(0, 200) : agent.reason;
}

/** Stored request headers are capped: a 16 KB user agent is a probe, not a browser. */
const clip = (s: string | null) => (s === null ? null : s.slice(0, 1000));
