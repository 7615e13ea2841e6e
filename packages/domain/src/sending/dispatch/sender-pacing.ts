import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../../shared/rows";

/*
 * A sender's own pace (docs/sending.md): a route's default sender and each carrier group's sender
 * carry a frequency per minute — a number a carrier throttles by itself. The gateway's dispatcher (one per gateway, so
 * the pace holds across processes) spaces that sender's messages 60/frequency seconds apart, whatever campaign they
 * belong to, and claims no more of them per batch than a batch's time lets it send — so a slow sender never holds a
 * batch of the others back. Frequency 0: no pace of its own. SMS parts count, as for the gateway's rate.
 */

/** A batch's time: the dispatcher claims about a second of the gateway's pace at a time. */
const BATCH_MS = 1_000;

export interface SenderPaces {
  /** How many of the sender's messages one batch may take; Infinity when it has no pace of its own. */
  capOf(sender: string | null): number;
  /** Waits for the sender's next slot (`parts` of them for a long SMS). */
  acquire(sender: string | null, parts?: number): Promise<void>;
}

/** The paces of the gateway's route senders (the slowest when a number is in several routes or groups). */
export async function senderPaces(db: DbOrTx, gatewayId: number, now: () => number = () => performance.now()): Promise<SenderPaces> {
  const found = await rows<{ sender: string; per_minute: number }>(
    db,
    sql`SELECT sender, min(frequency)::int AS per_minute FROM (
          SELECT sender, frequency FROM campaign_routes WHERE gateway_id = ${gatewayId}
          UNION ALL SELECT sender, frequency FROM campaign_route_groups WHERE gateway_id = ${gatewayId}) s
        WHERE frequency > 0 GROUP BY sender`,
  );
  const spacing = new Map(found.map((s) => [s.sender, 60_000 / s.per_minute]));
  const next = new Map<string, number>();
  return {
    capOf(sender) {
      const gap = sender === null ? undefined : spacing.get(sender);
      return gap === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.ceil(BATCH_MS / gap));
    },
    async acquire(sender, parts = 1) {
      const gap = sender === null ? undefined : spacing.get(sender);
      if (gap === undefined) return;
      // Slots are reserved before waiting, so callers in flight at once queue in order.
      const at = Math.max(now(), next.get(sender!) ?? Number.NEGATIVE_INFINITY);
      next.set(sender!, at + gap * Math.max(1, parts));
      const wait = at - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    },
  };
}
