import { DEFAULT_FRESHNESS, type LookupFreshness } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { ensureBalanceRow } from "../billing";
import { type DbOrTx, one } from "../shared/rows";

/** How old a lookup result may be and still be reused for free (the Lookup freshness dialog); kept per team. */
export async function getFreshness(db: DbOrTx, teamId: number): Promise<LookupFreshness> {
  await ensureBalanceRow(db, teamId);
  const row = await one<{ f: Partial<LookupFreshness> }>(
    db,
    sql`SELECT lookup_freshness AS f FROM team_balances WHERE team_id = ${teamId}`,
  );
  return { ...DEFAULT_FRESHNESS, ...(row?.f ?? {}) };
}

export async function setFreshness(db: DbOrTx, teamId: number, f: LookupFreshness): Promise<LookupFreshness> {
  await ensureBalanceRow(db, teamId);
  await db.execute(
    sql`UPDATE team_balances SET lookup_freshness = ${JSON.stringify(f)}::jsonb, updated_at = now() WHERE team_id = ${teamId}`,
  );
  return f;
}

/**
 * What a run reuses: the team's freshness, with DNC results no older than the team's DNC rule for marketing texts
 * (teams.dnc_max_age_days) — a result the send gate would not accept is asked again, not reused.
 */
export async function runFreshness(db: DbOrTx, teamId: number): Promise<LookupFreshness> {
  const f = await getFreshness(db, teamId);
  const rule = await one<{ days: number | null }>(db, sql`SELECT dnc_max_age_days AS days FROM teams WHERE id = ${teamId}`);
  return rule?.days ? { ...f, dnc_days: Math.min(f.dnc_days, rule.days) } : f;
}
