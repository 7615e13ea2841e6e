import { sql } from "drizzle-orm";
import { rows } from "../../../shared/rows";
import type { LaneKind, LaneMessage } from "./lane-types";

/*
 * Test spam emails (dispatch/spam-tests.ts plans them, rendered): the copies of a campaign's current message to its
 * seed inboxes, sent by the gateway's dispatcher like every message. A copy whose campaign stopped sending before its
 * turn is not sent (`cancelled`, saying so).
 */

export const SPAM_TEST_STOPPED = "The campaign stopped sending before this copy's turn.";

export const laneSpamTests: LaneKind = {
  hold: "spam_test",
  prefix: "spam-test",
  ledger: { table: "campaign_spam_tests", state: "state", error: "error_message" },
  take: async (tx, gatewayId, limit) => {
    const taken = await rows<LaneMessage & { state: string }>(
      tx,
      sql`UPDATE campaign_spam_tests t
          SET state = CASE WHEN c.status = 'active' AND c.deleted_at IS NULL THEN 'submitting' ELSE 'cancelled' END,
              error_message = CASE WHEN c.status = 'active' AND c.deleted_at IS NULL THEN NULL ELSE ${SPAM_TEST_STOPPED} END,
              updated_at = now()
          FROM (SELECT id FROM campaign_spam_tests WHERE state = 'planned' AND gateway_id = ${gatewayId}
                ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) x, campaigns c
          WHERE t.id = x.id AND c.id = t.campaign_id
          RETURNING 'spam_test' AS kind, t.id::float8 AS id, t.team_id, t.address AS "to", coalesce(t.sender, '') AS "from",
            'number' AS sender_kind, coalesce(t.body, '') AS body, t.subject, t.from_name, t.reply_to, t.unsubscribe_url, t.state`,
    );
    return taken.filter((m) => m.state === "submitting").map(({ state: _s, ...m }) => m);
  },
  record: async (tx, m, o) =>
    (
      await rows(
        tx,
        sql`UPDATE campaign_spam_tests SET state = ${o.state}, provider_id = ${o.providerId}, cost = ${o.cost}, error_message = ${o.error},
              updated_at = now()
            WHERE id = ${m.id} AND (state = 'submitting' OR (state = 'unknown' AND ${o.state} <> 'planned')) RETURNING id`,
      )
    ).length > 0,
  closeStale: (tx, minutes) =>
    rows(
      tx,
      sql`UPDATE campaign_spam_tests SET state = 'unknown', updated_at = now()
          WHERE state = 'submitting' AND updated_at < now() - make_interval(mins => ${minutes})
          RETURNING id::float8 AS id, team_id`,
    ),
};
