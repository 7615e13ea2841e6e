import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

/** The team's plan lets it add and change short-URL domains (the plan's manage-short-url-domain permission). */
export async function canManageShortUrlDomains(db: DbOrTx, teamId: number): Promise<boolean> {
  const row = await one<{ allowed: boolean }>(
    db,
    sql`SELECT p.manage_short_url_domains AS allowed FROM teams t JOIN plans p ON p.key = t.plan_key WHERE t.id = ${teamId}`,
  );
  return row?.allowed === true;
}
