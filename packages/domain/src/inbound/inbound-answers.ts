import { sql } from "drizzle-orm";
import { rows } from "../shared/rows";
import { type SystemMessage, type SystemMessageDeps, type SystemMessageKind, sendSystemMessages } from "./system-messages";

/*
 * The answers replies earn (a STOP or START confirmation, the help text, a keyword's reply), each sent once, from the
 * number the reply came to, through the gateway it came through (system-messages.ts: the state machine and the
 * money). `answer_state` is the ledger; the answer's provider id, cost and time are on the reply's row.
 */

export type AnswerDeps = SystemMessageDeps;

const answers: SystemMessageKind = {
  hold: "answer",
  messagePrefix: "answer",
  keyPrefix: "inbound-answer",
  claim: (db, limit) =>
    rows<SystemMessage>(
      db,
      sql`UPDATE inbound_messages SET answer_state = 'submitting', updated_at = now()
          WHERE id IN (SELECT id FROM inbound_messages WHERE answer_state = 'planned' ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id::float8 AS id, team_id, gateway_id, from_number AS "to", to_number AS "from", 'number' AS sender_kind,
            answer_message AS body`,
    ),
  record: async (tx, id, o) =>
    (
      await rows(
        tx,
        sql`UPDATE inbound_messages SET answer_state = ${o.state}, answer_provider_id = ${o.providerId}, answer_cost = ${o.cost},
              answered_at = ${o.cost === null ? sql`NULL` : sql`now()`}, updated_at = now()
            WHERE id = ${id} AND answer_state = 'submitting' RETURNING id`,
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

/** Sends every planned answer; answers how many were handed to a provider (or may have been). */
export const sendPlannedAnswers = (deps: AnswerDeps): Promise<number> => sendSystemMessages(deps, answers);
