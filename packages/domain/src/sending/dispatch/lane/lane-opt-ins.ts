import { sql } from "drizzle-orm";
import { rows } from "../../../shared/rows";
import type { LaneKind, LaneMessage } from "./lane-types";

/*
 * A sign-up form's double opt-in request ("Reply YES to confirm…", docs/opt-in.md): one SMS per pending request, from
 * the number the form names, through that gateway. `opt_in_requests.send_state` is its ledger. A request cancelled
 * by an opt-out before it was taken is never sent; the lane's last look stops a phone suppressed since.
 */

export const laneOptIns: LaneKind = {
  hold: "opt_in",
  prefix: "optin",
  ledger: { table: "opt_in_requests", state: "send_state", error: "send_error" },
  take: (tx, gatewayId, limit) =>
    rows<LaneMessage>(
      tx,
      sql`UPDATE opt_in_requests r SET send_state = 'submitting', updated_at = now()
          FROM (SELECT id FROM opt_in_requests WHERE send_state = 'planned' AND gateway_id = ${gatewayId}
                ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) t
          WHERE r.id = t.id
          RETURNING 'opt_in_request' AS kind, r.id::float8 AS id, r.team_id, r.phone AS "to", r.from_number AS "from",
            'number' AS sender_kind, r.message AS body`,
    ),
  record: async (tx, m, o) =>
    (
      await rows(
        tx,
        sql`UPDATE opt_in_requests SET send_state = ${o.state}, provider_id = ${o.providerId}, cost = ${o.cost},
              send_error = ${o.error}, sent_at = ${o.cost === null ? sql`NULL` : sql`now()`}, updated_at = now()
            WHERE id = ${m.id} AND (send_state = 'submitting' OR (send_state = 'unknown' AND ${o.state} <> 'planned'))
            RETURNING id`,
      )
    ).length > 0,
  closeStale: (tx, minutes) =>
    rows(
      tx,
      sql`UPDATE opt_in_requests SET send_state = 'unknown', updated_at = now()
          WHERE send_state = 'submitting' AND updated_at < now() - make_interval(mins => ${minutes})
          RETURNING id::float8 AS id, team_id`,
    ),
};
