import { sql } from "drizzle-orm";
import { rows } from "../../../shared/rows";
import type { LaneKind, LaneMessage } from "./lane-types";

/*
 * Test SMS and emails (test-sends.ts writes them, rendered, with their sender): sent by the campaign gateway's
 * dispatcher like every message, so a test takes its place in the gateway's pace, is held and charged on a platform
 * gateway, and never reaches a suppressed address.
 */

export const laneTests: LaneKind = {
  hold: "test",
  prefix: "test",
  ledger: { table: "campaign_test_sends", state: "state", error: "error" },
  take: (tx, gatewayId, limit) =>
    rows<LaneMessage>(
      tx,
      sql`UPDATE campaign_test_sends s SET state = 'submitting', updated_at = now()
          FROM (SELECT id FROM campaign_test_sends WHERE state = 'planned' AND gateway_id = ${gatewayId}
                ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) t
          WHERE s.id = t.id
          RETURNING CASE s.channel WHEN 'sms' THEN 'test_sms' ELSE 'test_email' END AS kind, s.id, s.team_id, s.recipient AS "to",
            s.sender AS "from", coalesce(s.sender_kind, 'number') AS sender_kind, s.body, s.subject, s.from_name, s.reply_to,
            s.unsubscribe_url`,
    ),
  record: async (tx, m, o) =>
    (
      await rows(
        tx,
        sql`UPDATE campaign_test_sends SET state = ${o.state}, provider_id = ${o.providerId}, cost = ${o.cost}, error = ${o.error},
              updated_at = now()
            WHERE id = ${m.id} AND (state = 'submitting' OR (state = 'unknown' AND ${o.state} <> 'planned')) RETURNING id`,
      )
    ).length > 0,
  closeStale: (tx, minutes) =>
    rows(
      tx,
      sql`UPDATE campaign_test_sends SET state = 'unknown', updated_at = now()
          WHERE state = 'submitting' AND updated_at < now() - make_interval(mins => ${minutes})
          RETURNING id, team_id`,
    ),
};
