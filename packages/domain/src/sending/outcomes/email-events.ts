import { type EmailStatus, EmailStatuses, EmailStatusLabels } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type CounterBatch, utcDay } from "../../campaigns";
import { recordLeadChanges } from "../../leads";
import { bigintArray, type DbOrTx, rows } from "../../shared/rows";

/*
 * What email events write beside the ledger's state (docs/email-events.md): SES opens and clicks mark the message once,
 * and a bounce, a complaint or an unsubscribe sets the lead's email status. The tracking pixel and our short links mark
 * the same `opened_at` / `clicked_at` columns (the redirect service's flush): whichever comes first counts the message,
 * the other finds the column set and counts nothing.
 */

export interface Engagement {
  rowId: number;
  kind: "opened" | "clicked";
  /** The provider's time of the open or click; null: now. */
  at: string | null;
}

const Column = { opened: sql`opened_at`, clicked: sql`clicked_at` } as const;

/**
 * Sets each message's first open or click and counts it (`opened` / `clicked`) once per message into `counters`,
 * which the caller writes with the rest of its transaction's deltas (one counter write per transaction, in key
 * order: two appliers never deadlock on the counter rows). Rows are locked in id order.
 */
export async function markEngagement(tx: DbOrTx, events: readonly Engagement[], counters: CounterBatch): Promise<number> {
  const day = utcDay();
  let marked = 0;
  for (const kind of ["opened", "clicked"] as const) {
    // The earliest time a batch gives per row: two opens of one message set the first.
    const first = new Map<number, string | null>();
    for (const e of events) {
      if (e.kind !== kind) continue;
      const had = first.get(e.rowId);
      if (had === undefined || (e.at !== null && (had === null || e.at < had))) first.set(e.rowId, e.at);
    }
    if (first.size === 0) continue;
    const values = [...first.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, at]) => sql`(${id}::bigint, LEAST(COALESCE(${at}::timestamptz, now()), now()))`);
    const col = Column[kind];
    const done = await rows<{ team_id: number; campaign_id: number; step_id: number; part_id: number }>(
      tx,
      sql`WITH v (id, at) AS (VALUES ${sql.join(values, sql`, `)}),
          locked AS (SELECT m.id FROM campaign_messages m JOIN v ON v.id = m.id WHERE m.${col} IS NULL ORDER BY m.id FOR UPDATE OF m)
          UPDATE campaign_messages m SET ${col} = v.at, updated_at = now()
          FROM v JOIN locked ON locked.id = v.id
          WHERE m.id = v.id AND m.${col} IS NULL
          RETURNING m.team_id, m.campaign_id, m.step_id, m.part_id`,
    );
    for (const r of done) counters.add({ teamId: r.team_id, campaignId: r.campaign_id, stepId: r.step_id, partId: r.part_id, day }, kind);
    marked += done.length;
  }
  return marked;
}

/** Which statuses a new one replaces: a complaint is the last word; a bounce or an unsubscribe does not undo it. */
const Replaces: Partial<Record<EmailStatus, readonly EmailStatus[]>> = {
  [EmailStatuses.complaint]: [
    EmailStatuses.pending,
    EmailStatuses.valid,
    EmailStatuses.invalid,
    EmailStatuses.unsubscribed,
    EmailStatuses.bounced,
  ],
  [EmailStatuses.bounced]: [EmailStatuses.pending, EmailStatuses.valid, EmailStatuses.invalid, EmailStatuses.unsubscribed],
  [EmailStatuses.unsubscribed]: [EmailStatuses.pending, EmailStatuses.valid, EmailStatuses.invalid],
};

const labels = JSON.stringify(EmailStatusLabels);

/**
 * Moves the team's lead emails of `address` to `status` (with the provider's words in `result` when given), logs it
 * on each lead's timeline with the status labels (the lead page's Unsubscribed filter reads them) and notes the leads
 * for the dynamic audiences. Answers the leads whose email changed.
 */
export async function setLeadEmailStatus(
  tx: DbOrTx,
  teamId: number,
  address: string,
  status: EmailStatus,
  change: { action: string; result?: string | null },
): Promise<number[]> {
  const from = Replaces[status] ?? [];
  const changed = await rows<{ lead_id: number }>(
    tx,
    sql`WITH old AS (SELECT lead_id, status FROM lead_emails
                     WHERE team_id = ${teamId} AND email = ${address} AND status IN (${sql.join(
                       from.map((s) => sql`${s}::smallint`),
                       sql`, `,
                     )}) FOR UPDATE),
        upd AS (UPDATE lead_emails e SET status = ${status}, result = COALESCE(${change.result ?? null}::text, e.result), updated_at = now()
          FROM old WHERE e.team_id = ${teamId} AND e.email = ${address} RETURNING e.lead_id)
        INSERT INTO lead_logs (team_id, lead_id, type, action, diff)
        SELECT ${teamId}, old.lead_id, 'campaign', ${change.action},
          jsonb_build_array(jsonb_build_object('lead_attribute_name', 'Email status', 'lead_attribute_value', ${address}::text,
            'action', 'updated', 'value_from', ${labels}::jsonb ->> old.status::text, 'value_to', ${labels}::jsonb ->> ${String(status)}))
        FROM old JOIN upd ON upd.lead_id = old.lead_id
        RETURNING lead_id::float8 AS lead_id`,
  );
  const ids = changed.map((c) => c.lead_id);
  if (ids.length) {
    await tx.execute(sql`UPDATE leads SET updated_at = now() WHERE team_id = ${teamId} AND id = ANY(${bigintArray(ids)})`);
    await recordLeadChanges(tx, teamId, { ids });
  }
  return ids;
}
