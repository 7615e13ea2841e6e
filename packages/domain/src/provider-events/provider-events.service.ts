import { sql } from "drizzle-orm";
import type { CallbackResult, InboundMessage, StatusEvent } from "../providers";
import { type DbOrTx, rows } from "../shared/rows";

/*
 * The provider-event inbox (docs/sending.md): what a verified callback carried, stored as it came, one row
 * per event, deduplicated by the provider's event id per gateway, so a provider's retry of the same callback is
 * stored once. The sending engine applies pending rows (applied_at IS NULL) later, in batches.
 */

/** The gateway a callback came for; team_id is the gateway's (NULL for a platform gateway). */
export interface InboxGateway {
  id: number;
  teamId: number | null;
}

export interface RecordedEvents {
  /** Events the callback carried. */
  received: number;
  /** Of those, the ones not in the inbox before. */
  stored: number;
}

type InboxRow = { kind: "status"; event: StatusEvent } | { kind: "inbound"; event: InboundMessage };

function inboxRows(result: CallbackResult): InboxRow[] {
  if (result.kind === "status") return result.events.map((event) => ({ kind: "status", event }));
  if (result.kind === "inbound") return result.messages.map((event) => ({ kind: "inbound", event }));
  return [];
}

/** Stores a verified callback's events in one statement; an `invalid` or `ignored` result stores nothing. */
export async function recordProviderEvents(db: DbOrTx, gateway: InboxGateway, result: CallbackResult): Promise<RecordedEvents> {
  const all = inboxRows(result);
  if (all.length === 0) return { received: 0, stored: 0 };
  // The first of a repeated id wins, as ON CONFLICT would have it; dropping repeats here keeps the statement small.
  const seen = new Set<string>();
  const unique = all.filter((r) => !seen.has(r.event.eventId) && seen.add(r.event.eventId));
  const values = unique.map(({ kind, event }) => {
    const messageId = kind === "status" ? event.messageId : null;
    const providerId = kind === "status" ? event.providerId : null;
    return sql`(${gateway.teamId}::int, ${gateway.id}::int, ${kind}, ${event.eventId}, ${messageId}, ${providerId}, ${JSON.stringify(event)}::jsonb)`;
  });
  const inserted = await rows<{ id: number }>(
    db,
    sql`INSERT INTO provider_events (team_id, gateway_id, kind, event_id, message_id, provider_id, payload)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (gateway_id, event_id) DO NOTHING
        RETURNING id`,
  );
  return { received: all.length, stored: inserted.length };
}
