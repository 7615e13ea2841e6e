import type { ShortUrlAccess } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { lookupHost } from "./short-host";

/** What a request arriving on a short-URL host needs to know about it (the redirect service routes by Host). */
export interface ShortHost {
  teamId: number;
  domainId: number;
  host: string;
  /** Where the bare domain goes; null: nowhere of the team's own. */
  redirectTo: string | null;
  filterRedirect: string | null;
  stateFilterRedirect: string | null;
  httpsEnabled: boolean;
}

/**
 * The team a host belongs to: one indexed read (the platform-wide unique index on the host). A host Leadflow does
 * not know, or one its team has disabled, belongs to nobody: its requests get no team's links.
 */
export async function teamForShortHost(db: DbOrTx, rawHost: string): Promise<ShortHost | null> {
  const host = lookupHost(rawHost);
  if (!host) return null;
  const row = await one<{
    id: number;
    team_id: number;
    url: string;
    access: ShortUrlAccess;
    redirect_to: string | null;
    filter_redirect: string | null;
    state_filter_redirect: string | null;
    https_enabled: boolean;
  }>(
    db,
    sql`SELECT id, team_id, url, access, redirect_to, filter_redirect, state_filter_redirect, https_enabled
        FROM short_url_domains WHERE url = ${host}`,
  );
  if (row?.access !== "enabled") return null;
  return {
    teamId: row.team_id,
    domainId: row.id,
    host: row.url,
    redirectTo: row.redirect_to,
    filterRedirect: row.filter_redirect,
    stateFilterRedirect: row.state_filter_redirect,
    httpsEnabled: row.https_enabled,
  };
}

/**
 * The TLS terminator's on-demand `ask`: may it get a certificate for this host? The app's own host, and a team's
 * enabled domain with HTTPS turned on; anything else is refused, so a stranger pointing a name at the server (or
 * sending a made-up SNI) cannot make it request certificates.
 */
export async function tlsAllowsHost(db: DbOrTx, rawHost: string, appHost: string): Promise<boolean> {
  const host = lookupHost(rawHost);
  if (host !== "" && host === appHost) return true;
  return (await teamForShortHost(db, host))?.httpsEnabled === true;
}
