import type {
  ListShortUrlDomainsQuery,
  Page,
  SaveShortUrlDomain,
  ShortUrlAccess,
  ShortUrlAccessAnswer,
  ShortUrlDomain,
  ShortUrlDomainSortKey,
} from "@leadflow/contracts";
import { NoShortUrlAccessMessage } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError, fieldError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, iso, one, textArray } from "../shared/rows";
import { type HostResolver, tidyAddresses } from "./dns-check";
import { normalizeShortHost } from "./short-host";
import { canManageShortUrlDomains } from "./short-urls.access";

interface DomainRow {
  id: number;
  url: string;
  access: ShortUrlAccess;
  redirect_to: string | null;
  filter_redirect: string | null;
  state_filter_redirect: string | null;
  expired_redirect: string | null;
  sort_order: number;
  https_enabled: boolean;
  dns_checked_at: string | null;
  dns_addresses: string[] | null;
  dns_ok: boolean | null;
}

const columns = sql`id, url, access, redirect_to, filter_redirect, state_filter_redirect, expired_redirect, sort_order, https_enabled,
  dns_checked_at, dns_addresses, dns_ok`;

const present = (r: DomainRow): ShortUrlDomain => ({
  id: r.id,
  url: r.url,
  access: r.access,
  redirect_to: r.redirect_to,
  filter_redirect: r.filter_redirect,
  state_filter_redirect: r.state_filter_redirect,
  expired_redirect: r.expired_redirect,
  sort_order: r.sort_order,
  https_enabled: r.https_enabled,
  dns: { checked_at: iso(r.dns_checked_at), addresses: r.dns_addresses ?? [], ok: r.dns_ok === true },
});

/** Where the app itself is reached: its host is nobody's domain, and the server's public IP is where domains point. */
export interface ShortUrlEnv {
  appHost: string;
  publicIp: string | null;
}

const sorts = {
  url: sql`url`,
  access: sql`access`,
  redirect_to: sql`redirect_to`,
  sort_order: sql`sort_order`,
  https_enabled: sql`https_enabled`,
  created_at: sql`created_at`,
  id: sql`id`,
} satisfies SortMap<ShortUrlDomainSortKey>;

export async function listShortUrlDomains(db: DbOrTx, ctx: TeamCtx, q: ListShortUrlDomainsQuery): Promise<Page<ShortUrlDomain>> {
  const where = q.search ? sql`team_id = ${ctx.teamId} AND url ILIKE ${likePattern(q.search)}` : sql`team_id = ${ctx.teamId}`;
  const page = await pagedQuery<DomainRow, ShortUrlDomainSortKey>(db, q, {
    select: sql`SELECT ${columns} FROM short_url_domains`,
    from: sql`FROM short_url_domains`,
    where,
    sorts,
    fallback: { key: "sort_order", direction: "asc" },
    tieBreak: sql`id`,
  });
  return mapPage(page, present);
}

export async function getShortUrlDomain(db: DbOrTx, ctx: TeamCtx, id: number): Promise<ShortUrlDomain> {
  const row = await one<DomainRow>(db, sql`SELECT ${columns} FROM short_url_domains WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  if (!row) throw new AppError("short_url_domain_not_found");
  return present(row);
}

export async function shortUrlAccess(db: DbOrTx, ctx: TeamCtx, env: Pick<ShortUrlEnv, "appHost">): Promise<ShortUrlAccessAnswer> {
  const allowed = await canManageShortUrlDomains(db, ctx.teamId);
  return { has_access: allowed, reason: allowed ? null : NoShortUrlAccessMessage, link_host: env.appHost };
}

async function requireAccess(db: DbOrTx, ctx: TeamCtx): Promise<void> {
  if (!(await canManageShortUrlDomains(db, ctx.teamId))) throw new AppError("short_url_no_access");
}

/**
 * A row of another team is a 404 before the plan is asked about: a team without the permission learns nothing
 * about ids that are not its own, and one with it gets the same answer.
 */
async function ownedForChange(db: DbOrTx, ctx: TeamCtx, id: number): Promise<ShortUrlDomain> {
  const domain = await getShortUrlDomain(db, ctx, id);
  await requireAccess(db, ctx);
  return domain;
}

const uniqueViolation = (e: unknown) => (e as { cause?: { code?: string } }).cause?.code === "23505";

export async function createShortUrlDomain(
  db: DbOrTx,
  ctx: TeamCtx,
  input: SaveShortUrlDomain,
  env: Pick<ShortUrlEnv, "appHost">,
): Promise<ShortUrlDomain> {
  await requireAccess(db, ctx);
  const host = normalizeShortHost(input.url, env.appHost);
  // The unique index on the host is platform-wide: a concurrent claim of the same host loses here, not later.
  const row = await one<DomainRow>(
    db,
    sql`INSERT INTO short_url_domains (team_id, url, access, redirect_to, filter_redirect, state_filter_redirect, expired_redirect, sort_order)
        VALUES (${ctx.teamId}, ${host}, ${input.access}, ${input.redirect_to}, ${input.filter_redirect},
                ${input.state_filter_redirect}, ${input.expired_redirect}, ${input.sort_order})
        ON CONFLICT (url) DO NOTHING
        RETURNING ${columns}`,
  );
  if (!row) throw fieldError("short_url_domain_taken", "url");
  return present(row);
}

/**
 * Replaces the domain's settings. A new host has neither been checked nor been given a certificate, so its DNS
 * result and HTTPS start over.
 */
export async function updateShortUrlDomain(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  input: SaveShortUrlDomain,
  env: Pick<ShortUrlEnv, "appHost">,
): Promise<ShortUrlDomain> {
  await ownedForChange(db, ctx, id);
  const host = normalizeShortHost(input.url, env.appHost);
  let row: DomainRow | undefined;
  try {
    row = await one<DomainRow>(
      db,
      sql`UPDATE short_url_domains SET
            https_enabled = CASE WHEN url = ${host} THEN https_enabled ELSE false END,
            dns_checked_at = CASE WHEN url = ${host} THEN dns_checked_at END,
            dns_addresses = CASE WHEN url = ${host} THEN dns_addresses END,
            dns_ok = CASE WHEN url = ${host} THEN dns_ok END,
            url = ${host}, access = ${input.access}, redirect_to = ${input.redirect_to},
            filter_redirect = ${input.filter_redirect}, state_filter_redirect = ${input.state_filter_redirect},
            expired_redirect = ${input.expired_redirect},
            sort_order = ${input.sort_order}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id}
          RETURNING ${columns}`,
    );
  } catch (e) {
    if (uniqueViolation(e)) throw fieldError("short_url_domain_taken", "url");
    throw e;
  }
  if (!row) throw new AppError("short_url_domain_not_found");
  return present(row);
}

export async function deleteShortUrlDomain(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  await ownedForChange(db, ctx, id);
  await db.execute(sql`DELETE FROM short_url_domains WHERE team_id = ${ctx.teamId} AND id = ${id}`);
}

/**
 * Resolves the host now and keeps the answer: it points here when its addresses include the server's public IP.
 * The lookup runs outside any transaction (it may take seconds); a domain deleted meanwhile is a 404.
 */
export async function checkShortUrlDns(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  env: Pick<ShortUrlEnv, "publicIp"> & { resolve: HostResolver },
): Promise<ShortUrlDomain> {
  const domain = await ownedForChange(db, ctx, id);
  // A failed lookup is an answer too: the host does not point here (yet).
  const addresses = tidyAddresses(await env.resolve(domain.url).catch(() => []));
  const ok = env.publicIp !== null && addresses.includes(env.publicIp);
  const row = await one<DomainRow>(
    db,
    sql`UPDATE short_url_domains SET dns_checked_at = now(), dns_addresses = ${textArray(addresses)}, dns_ok = ${ok}, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ${id} AND url = ${domain.url}
        RETURNING ${columns}`,
  );
  // Renamed while the lookup ran: that answer was for the old host, so the domain is answered as it is now.
  return row ? present(row) : getShortUrlDomain(db, ctx, id);
}

/**
 * Lets the TLS terminator get a certificate for the host (its on-demand `ask`). Only once the last check found
 * the host pointing at this server's public IP as it is now: a certificate authority would fail the challenge
 * anyway, and every failure counts against the server's rate limits there.
 */
export async function enableShortUrlHttps(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  env: Pick<ShortUrlEnv, "publicIp">,
): Promise<ShortUrlDomain> {
  const domain = await ownedForChange(db, ctx, id);
  if (domain.https_enabled) return domain;
  if (env.publicIp === null) throw new AppError("short_url_public_ip_unknown");
  const notReady = () => new AppError("short_url_dns_not_ready", `Point the domain to ${env.publicIp} first, then check DNS.`);
  if (!domain.dns.ok || !domain.dns.addresses.includes(env.publicIp)) throw notReady();
  const row = await one<DomainRow>(
    db,
    sql`UPDATE short_url_domains SET https_enabled = true, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ${id} AND dns_ok RETURNING ${columns}`,
  );
  if (row) return present(row);
  // Gone (404), or renamed since it was read, so its check no longer stands.
  await getShortUrlDomain(db, ctx, id);
  throw notReady();
}
