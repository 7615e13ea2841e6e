import { ReplySuppressionReasons, type SuppressionReason } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rows, textArray } from "../../shared/rows";
import { MAX_NOTICE_BYTES, SUPPRESSIONS_CHANNEL } from "./suppression-watch";

/*
 * The team-wide suppression list's one writer. An address on it gets nothing from any sender of the team, whatever
 * the message's kind (docs/sending.md, One door); the first reason an address was suppressed for stays.
 */

export interface Suppression {
  teamId: number;
  channel: "sms" | "email";
  address: string;
  reason: SuppressionReason;
  /** The campaign whose message led to it, when one did. */
  campaignId: number | null;
}

const keyOf = (s: { teamId: number; channel: string; address: string }) => `${s.teamId}|${s.channel}|${s.address}`;

/**
 * Suppresses each address (one statement, in key order, so two writers insert the same addresses in the same order
 * and never deadlock). Answers the keys (`team|channel|address`) that are new — an address already suppressed keeps
 * its first reason and is not in the answer.
 */
export async function suppress(tx: DbOrTx, entries: readonly Suppression[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const byKey = new Map<string, Suppression>();
  for (const e of entries) if (!byKey.has(keyOf(e))) byKey.set(keyOf(e), e);
  const values = [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, s]) => sql`(${s.teamId}::int, ${s.channel}::text, ${s.address}::text, ${s.reason}::text, ${s.campaignId}::int)`);
  // The new suppressions are announced to the dispatchers in the same statement: the notice leaves when the write
  // commits, or never (suppression-watch.ts: what a dispatcher checks right before each call). One notice per team,
  // naming its new addresses — or only the team when they would not fit in one.
  const added = await rows<{ team_id: number; channel: string; address: string }>(
    tx,
    sql`WITH added AS (
          INSERT INTO suppressions (team_id, channel, address, reason, campaign_id) VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (team_id, channel, address) DO NOTHING
          RETURNING team_id, channel, address
        ), notices AS (
          SELECT team_id, string_agg(channel || '|' || address, chr(10)) AS lines FROM added GROUP BY team_id
        ), announced AS (
          SELECT pg_notify(${SUPPRESSIONS_CHANNEL},
            team_id::text || CASE WHEN octet_length(lines) <= ${MAX_NOTICE_BYTES - 16}::int THEN chr(10) || lines ELSE '' END)::text
          FROM notices
        )
        SELECT a.team_id, a.channel, a.address FROM added a CROSS JOIN (SELECT count(*) FROM announced) n`,
  );
  return new Set(added.map((a) => keyOf({ teamId: a.team_id, channel: a.channel, address: a.address })));
}

/**
 * START: lifts what the phone's own replies wrote (a STOP, a fuzzy opt-out, an unsubscribe keyword) — never a
 * complaint's, a bounce's, a provider's or a person's. Answers whether anything was lifted.
 */
export async function liftReplyOptOuts(tx: DbOrTx, teamId: number, phone: string): Promise<boolean> {
  const lifted = await rows(
    tx,
    sql`DELETE FROM suppressions WHERE team_id = ${teamId} AND channel = 'sms' AND address = ${phone}
          AND reason = ANY(${textArray(ReplySuppressionReasons)}) RETURNING 1`,
  );
  return lifted.length > 0;
}

/** Inside a statement: whether the address is suppressed (the claim's first gate, per row, by the list's key). */
export function suppressedSql(teamId: SQL, channel: SQL, address: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM suppressions s WHERE s.team_id = ${teamId} AND s.channel = ${channel} AND s.address = ${address})`;
}
