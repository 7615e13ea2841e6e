import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../shared/rows";
import { type LinkEntry, type LinkRow, linkEntry } from "./link-queries";
import type { TtlCache } from "./ttl-cache";

/*
 * A campaign's links read into the cache before their first click (docs/short-links.md): the first link of a campaign
 * a process answers — a miss read by the loader, or a hit once the campaign's last read is getting old — queues one
 * read of the campaign's newest `limit` links, so the rest of its clicks are answered from memory rather than each
 * first click waiting for a read queued in PostgreSQL beside the hit flushes. A campaign still being clicked is read
 * again before its links expire (`refreshMs`), one read a campaign at a time; one no longer clicked is not, and its
 * links leave the cache by its TTL and LRU bound like any other. Nothing is trusted longer than the cache's TTL after
 * the read began, so a deleted link, an edited step or a disabled domain reaches a process as it did before.
 */

/** The columns each link has of its own; the rest are its step's. */
type OwnColumn =
  | "code"
  | "team_id"
  | "step_id"
  | "part_id"
  | "message_id"
  | "lead_id"
  | "redirect_to"
  | "created_at"
  | "first_clicked_at"
  | "channel"
  | "address"
  | "attr_state"
  | "phone_state";

/** The step-level facts, read once per part: a step's options (a JSON document) are not sent and parsed per link. */
type PartRow = Omit<LinkRow, OwnColumn> & { part_id: number | null; team_id: number };

type OwnRow = Pick<LinkRow, OwnColumn>;

/** Links mapped (and put in the cache) between two turns of the event loop: the redirects answer in between. */
const SLICE = 5_000;

/**
 * The newest `limit` links of a campaign, as the loader reads them one by one (loadLinks): the same facts, from one
 * read of the links (the campaign's index, newest first) and one of the campaign's steps.
 */
export async function loadCampaignLinks(db: DbOrTx, campaignId: number, limit: number): Promise<LinkEntry[]> {
  const parts = await rows<PartRow>(
    db,
    sql`SELECT s.id AS part_id, c.id AS campaign_id, c.team_id, c.links_expired_at, s.options,
          s.click_automation_campaign_id AS step_click_trigger, c.click_automation_campaign_id AS campaign_click_trigger,
          CASE WHEN s.options->>'is_2fa_link_view' = 'true' THEN s.two_fa_automation_campaign_id END AS two_fa_campaign_id,
          d.redirect_to AS domain_redirect_to, d.filter_redirect, d.state_filter_redirect, d.expired_redirect,
          coalesce(nullif(btrim(t.brand_name), ''), t.name) AS brand
        FROM campaigns c
        JOIN teams t ON t.id = c.team_id
        LEFT JOIN campaign_steps s ON s.campaign_id = c.id
        LEFT JOIN short_url_domains d ON d.id = s.short_url_domain_id AND d.team_id = c.team_id AND d.access = 'enabled'
        WHERE c.id = ${campaignId}`,
  );
  if (parts.length === 0) return [];
  const teamId = parts[0]!.team_id;
  // A link whose part is no step of the campaign has what the loader's outer joins give it: no step, no domain.
  const bare: PartRow = {
    ...parts[0]!,
    part_id: null,
    options: null,
    step_click_trigger: null,
    two_fa_campaign_id: null,
    domain_redirect_to: null,
    filter_redirect: null,
    state_filter_redirect: null,
    expired_redirect: null,
  };
  const byPart = new Map(parts.filter((p) => p.part_id !== null).map((p) => [p.part_id!, p]));
  const own = await rows<OwnRow>(
    db,
    sql`SELECT l.code, l.team_id, l.step_id, l.part_id, l.message_id::float8 AS message_id, l.lead_id::float8 AS lead_id,
          l.redirect_to, l.created_at, l.first_clicked_at, m.channel, m.address,
          CASE WHEN s.options->>'state_attribute_id' ~ '^[0-9]{1,9}$' THEN ld.attrs -> (s.options->>'state_attribute_id') ->> 0 END AS attr_state,
          p.state AS phone_state
        FROM (SELECT * FROM campaign_links WHERE campaign_id = ${campaignId} ORDER BY created_at DESC LIMIT ${limit}) l
        LEFT JOIN campaign_steps s ON s.id = l.part_id
        LEFT JOIN campaign_messages m ON m.id = l.message_id
        LEFT JOIN leads ld ON ld.team_id = l.team_id AND ld.id = l.lead_id
        LEFT JOIN lead_phones p ON p.team_id = l.team_id AND p.phone = m.address AND m.channel = 'sms'`,
  );
  // The same target on thousands of links is one string in memory, not one each.
  const strings = new Map<string, string>();
  const intern = (s: string) => {
    const seen = strings.get(s);
    if (seen !== undefined) return seen;
    strings.set(s, s);
    return s;
  };
  const found: LinkEntry[] = [];
  for (let i = 0; i < own.length; i++) {
    if (i > 0 && i % SLICE === 0) await new Promise((r) => setImmediate(r));
    const r = own[i]!;
    // The loader joins the link's own team; a link filed under another team than its campaign's is left to it.
    if (r.team_id !== teamId) continue;
    const entry = linkEntry({ ...(byPart.get(r.part_id) ?? bare), ...r, redirect_to: intern(r.redirect_to) });
    entry.brand = intern(entry.brand);
    found.push(entry);
  }
  return found;
}

export interface CampaignPrefetchOptions {
  /** Links of a campaign read at most (its newest). */
  limit: number;
  /** The cache's TTL: a campaign still clicked is read again at three quarters of it. */
  ttlMs: number;
  now: () => number;
  log?: (message: string) => void;
}

/** After a failed read, how long before the campaign is tried again. */
const RETRY_MS = 5_000;

export class CampaignPrefetch {
  /** When each campaign's last read began (or was asked for): read again past `refreshMs`. */
  private readonly readAt = new Map<number, number>();
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private readonly refreshMs: number;
  /** Campaign reads made and links they put in the cache, for the tests and the benchmark. */
  readonly stats = { reads: 0, links: 0, failures: 0 };

  constructor(
    private readonly db: DbOrTx,
    private readonly cache: TtlCache<LinkEntry>,
    private readonly opts: CampaignPrefetchOptions,
  ) {
    this.refreshMs = Math.floor((opts.ttlMs * 3) / 4);
  }

  /** A link of the campaign was answered: its links are read unless a read began less than `refreshMs` ago. */
  touch(campaignId: number): void {
    const now = this.opts.now();
    const at = this.readAt.get(campaignId);
    if (at !== undefined && now - at < this.refreshMs) return;
    if (at === undefined && this.readAt.size >= 10_000) this.forget(now);
    this.readAt.set(campaignId, now);
    this.queue.push(campaignId);
    this.running ??= this.drain();
  }

  /** Resolves when no read is queued or on its way (close, tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
      const began = this.opts.now();
      this.readAt.set(id, began);
      try {
        const found = await loadCampaignLinks(this.db, id, this.opts.limit);
        this.stats.reads++;
        this.stats.links += found.length;
        for (let i = 0; i < found.length; i++) {
          if (i > 0 && i % SLICE === 0) await new Promise((r) => setImmediate(r));
          const entry = found[i]!;
          // A first click this process answered may not be written yet: keep it over the read's "never".
          const previous = this.cache.last(entry.code);
          if (previous?.facts.firstClickedAt && entry.facts.firstClickedAt === null)
            entry.facts.firstClickedAt = previous.facts.firstClickedAt;
          this.cache.set(entry.code, entry, began);
        }
      } catch (e) {
        this.stats.failures++;
        this.readAt.set(id, began - this.refreshMs + RETRY_MS);
        this.opts.log?.(`links: campaign ${id}'s links not read ahead (${(e as Error).message}); its clicks read them one by one`);
      }
    }
    this.running = null;
  }

  /** Drops the campaigns not read for a TTL (their links have expired anyway): the map stays small. */
  private forget(now: number): void {
    for (const [id, at] of this.readAt) if (now - at >= this.opts.ttlMs) this.readAt.delete(id);
  }
}
