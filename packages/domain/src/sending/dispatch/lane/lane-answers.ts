import { sql } from "drizzle-orm";
import { rows } from "../../../shared/rows";
import type { LaneKind, LaneMessage } from "./lane-types";

/*
 * The answers replies earn (a STOP or START confirmation, the help text, a keyword's reply), each sent once, from the
 * number the reply came to, through the gateway it came through. `answer_state` is the ledger; the answer's provider
 * id, cost and time are on the reply's row. The kind of answer is what the gate reads: only an opt-out's own
 * confirmation goes to a suppressed phone.
 */

const kindOf = sql`CASE
    WHEN i.intent IN ('stop', 'fuzzy_stop') THEN 'stop_confirmation'
    WHEN i.intent = 'keyword' AND EXISTS (SELECT 1 FROM sms_keywords k WHERE k.id = i.keyword_id AND k.action = 'unsubscribe') THEN 'stop_confirmation'
    WHEN i.intent = 'start' THEN 'start_confirmation'
    WHEN i.intent = 'help' THEN 'help_answer'
    ELSE 'keyword_reply'
  END`;

export const laneAnswers: LaneKind = {
  hold: "answer",
  prefix: "answer",
  ledger: { table: "inbound_messages", state: "answer_state", error: "answer_error" },
  take: (tx, gatewayId, limit) =>
    rows<LaneMessage>(
      tx,
      sql`UPDATE inbound_messages i SET answer_state = 'submitting', updated_at = now()
          FROM (SELECT id FROM inbound_messages WHERE answer_state = 'planned' AND gateway_id = ${gatewayId}
                ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) t
          WHERE i.id = t.id
          RETURNING ${kindOf} AS kind, i.id::float8 AS id, i.team_id, i.from_number AS "to", i.to_number AS "from",
            'number' AS sender_kind, i.answer_message AS body`,
    ),
  record: async (tx, m, o) =>
    (
      await rows(
        tx,
        sql`UPDATE inbound_messages SET answer_state = ${o.state}, answer_provider_id = ${o.providerId}, answer_cost = ${o.cost},
              answer_error = ${o.error}, answered_at = ${o.cost === null ? sql`NULL` : sql`now()`}, updated_at = now()
            WHERE id = ${m.id} AND (answer_state = 'submitting' OR (answer_state = 'unknown' AND ${o.state} <> 'planned'))
            RETURNING id`,
      )
    ).length > 0,
  closeStale: (tx, minutes) =>
    rows(
      tx,
      sql`UPDATE inbound_messages SET answer_state = 'unknown', updated_at = now()
          WHERE answer_state = 'submitting' AND updated_at < now() - make_interval(mins => ${minutes})
          RETURNING id::float8 AS id, team_id`,
    ),
};
