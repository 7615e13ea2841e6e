import { type LookupFreshness, LookupItemStates, type LookupType, LookupTypes } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type LookupAdapter, ProviderError } from "../providers";
import type { Pacer } from "../shared/pacer";
import { rows, textArray } from "../shared/rows";
import { pendingConsentItems } from "./lookup-consent-items";
import { type Answered, type Batch, type ClaimedItem, emptyBatch, type ProviderResult } from "./lookup-items";

/*
 * One batch of a lookup job before it is settled: the pending items it claims, sorted into what needs the
 * provider and what does not, and the provider's answers for the ones that do.
 */

/** Unanswered in a row that make a provider count as down at once (a 5xx storm, a dead host). */
const DOWN_AFTER = 10;

/** The next pending items (less those passed over), with whether each is still on its lead and its last result is fresh. */
export async function pendingItems(
  db: Db,
  job: { team_id: number; id: number },
  type: LookupType,
  limit: number,
  fresh: LookupFreshness | null,
  passedOver: Set<string>,
): Promise<ClaimedItem[]> {
  if (type === LookupTypes.consent_certificates || type === LookupTypes.rnd)
    return pendingConsentItems(db, job, type, limit, fresh, passedOver);
  const contact =
    type === LookupTypes.email
      ? sql`LEFT JOIN lead_emails c ON c.team_id = i.team_id AND c.email = i.value`
      : sql`LEFT JOIN lead_phones c ON c.team_id = i.team_id AND c.phone = i.value`;
  const checkedAt = type === LookupTypes.sms_dnc ? sql`c.dnc_checked_at` : sql`c.looked_up_at`;
  const days = !fresh
    ? null
    : type === LookupTypes.sms
      ? fresh.carrier_days
      : type === LookupTypes.sms_dnc
        ? fresh.dnc_days
        : fresh.email_days;
  const isFresh = days ? sql`(${checkedAt} > now() - make_interval(days => ${days}))` : sql`false`;
  return rows<ClaimedItem>(
    db,
    sql`SELECT i.value, i.lead_id, (c.lead_id IS NOT NULL) AS present, COALESCE(${isFresh}, false) AS fresh
        FROM lookup_items i ${contact}
        WHERE i.team_id = ${job.team_id} AND i.job_id = ${job.id} AND i.state = ${LookupItemStates.pending}
          ${passedOver.size ? sql`AND NOT (i.value = ANY(${textArray(passedOver)}))` : sql``}
        ORDER BY i.value LIMIT ${limit}`,
  );
}

/** Items gone from their lead are skipped and fresh results reused, both free; the rest go to the provider. */
export function sortItems(items: ClaimedItem[]): { batch: Batch; ask: ClaimedItem[] } {
  const batch = emptyBatch();
  const ask: ClaimedItem[] = [];
  for (const it of items) {
    if (!it.present) batch.skipped.push(it.value);
    else if (it.fresh) batch.reused.push(it.value);
    else ask.push(it);
  }
  return { batch, ask };
}

export interface Asked {
  answered: Answered[];
  failed: { value: string; reason: string }[];
  unanswered: string[];
  down: ProviderError | null;
}

/**
 * Asks the provider about each item at the pacer's rate, a bounded number at a time. An item the provider refuses
 * (4xx) is failed; one it cannot answer after the adapter's retries is unanswered and stays pending. Ten
 * unanswered in a row, or all of them, mean the provider is down: the batch stops there.
 */
export async function askProvider(adapter: LookupAdapter<ProviderResult, unknown>, pacer: Pacer, items: ClaimedItem[]): Promise<Asked> {
  const answered: Answered[] = [];
  const failed: { value: string; reason: string }[] = [];
  const unanswered: string[] = [];
  let down: ProviderError | null = null;
  let inARow = 0;
  const concurrency = Math.max(1, Math.min(64, pacer.rate));
  let next = 0;
  async function worker() {
    while (!down && next < items.length) {
      const it = items[next++]!;
      await pacer.acquire();
      try {
        const input = it.input ?? it.value;
        answered.push({ value: it.value, leadId: Number(it.lead_id), result: await adapter.lookup(input), input });
        inARow = 0;
      } catch (e) {
        if (e instanceof ProviderError && !e.retryable) {
          failed.push({ value: it.value, reason: e.message });
          inARow = 0;
        } else {
          unanswered.push(it.value);
          if (++inARow >= DOWN_AFTER) down = e instanceof ProviderError ? e : new ProviderError(String(e), true);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (!down && unanswered.length && !answered.length && !failed.length)
    down = new ProviderError("The provider answered none of the batch.", true);
  return { answered, failed, unanswered, down: down as ProviderError | null };
}
