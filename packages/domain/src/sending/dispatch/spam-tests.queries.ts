import type { MessageState } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, one, rows, textArray } from "../../shared/rows";
import type { ClaimedRow } from "./dispatch-claim";

/*
 * The reads behind test spam emails (spam-tests.ts): the Active email campaigns whose current interval has no copy
 * yet, the message a campaign is sending now, and the seed addresses of its spam email groups.
 */

export interface DueSpamTest {
  id: number;
  team_id: number;
  gateway_id: number;
  /** The start of the current interval: intervals of the campaign's minutes, counted from the epoch. */
  slot: string;
}

/**
 * Active email campaigns with test spam emails on whose current interval has no copy recorded: one look per tick.
 * The unique key of `campaign_spam_tests` decides between two ticks that both find a campaign here.
 */
export async function dueSpamTests(db: DbOrTx, now: Date): Promise<DueSpamTest[]> {
  return rows<DueSpamTest>(
    db,
    sql`SELECT c.id, c.team_id, c.gateway_id, s.slot
        FROM campaigns c
        CROSS JOIN LATERAL (
          SELECT to_timestamp(floor(extract(epoch FROM ${now.toISOString()}::timestamptz) / (c.send_spam_email_interval * 60))
                              * c.send_spam_email_interval * 60) AS slot) s
        WHERE c.status = 'active' AND c.deleted_at IS NULL AND c.type IN ('email', 'email_automation')
          AND c.send_test_spam_emails AND c.send_spam_email_interval > 0 AND cardinality(c.spam_email_group_ids) > 0
          AND c.gateway_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM campaign_spam_tests t WHERE t.campaign_id = c.id AND t.slot = s.slot)
        ORDER BY c.id`,
  );
}

/** States in which the provider took a message: the campaign's current message is the latest of these. */
const TAKEN = ["accepted", "sent", "delivered"] as const satisfies readonly MessageState[];

/**
 * The campaign's current message: its latest ledger row a provider took (one index probe per state), as the row the
 * render fills in — its step or split part, and its lead's values. Null before its first message went out.
 */
export async function currentMessage(db: DbOrTx, campaignId: number): Promise<ClaimedRow | null> {
  const row = await one<ClaimedRow>(
    db,
    sql`SELECT m.* FROM unnest(${textArray(TAKEN)}) AS st(state)
        CROSS JOIN LATERAL (
          SELECT id::float8 AS id, team_id, campaign_id, step_id, part_id, lead_id::float8 AS lead_id, channel, address, gateway_id,
                 sender, sender_kind, NULL::text AS not_after
          FROM campaign_messages WHERE campaign_id = ${campaignId} AND state = st.state AND channel = 'email'
          ORDER BY id DESC LIMIT 1) m
        ORDER BY m.id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** The distinct seed addresses of the campaign's spam email groups (the team's own groups only), lower-cased. */
export async function spamAddresses(db: DbOrTx, campaignId: number): Promise<string[]> {
  const found = await rows<{ address: string }>(
    db,
    sql`SELECT DISTINCT lower(trim(e.email)) AS address FROM campaigns c
        JOIN spam_email_group_emails e ON e.team_id = c.team_id AND e.group_id = ANY(c.spam_email_group_ids)
        WHERE c.id = ${campaignId} AND trim(e.email) <> '' ORDER BY 1`,
  );
  return found.map((r) => r.address);
}
