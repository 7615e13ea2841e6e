import type { Database } from "@leadflow/db";
import type { FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { statesOf } from "./dispatch-setup";
import { recountMismatches } from "./recount";

/*
 * F14's end checks on one campaign: every row final, sent = planned − skipped-with-reason (− sends a kill left
 * unknown that the provider never had, counted apart), at most one provider message per lead (counted at the fake),
 * the counters equal a recount of the ledger.
 */

/** Rows the provider took: accepted, and any later word of it. */
const SENT_STATES = ["accepted", "sent", "delivered", "failed", "blocked", "inactive", "bounced", "complained"];
/** Rows not final yet. */
const OPEN_STATES = ["planned", "claimed", "submitting", "unknown"];
/** A lost send the provider had no record of (reconcile.ts): never taken, final. */
const NEVER_TAKEN = "not_found";

export interface PauseResumeChecks {
  states: Record<string, number>;
  planned: number;
  sent: number;
  skipped: number;
  skippedBy: Record<string, number>;
  neverTaken: number;
  open: number;
  lost: number;
  /** Messages the fake created, leads it created more than one for, leads it was asked about more than once. */
  accepted: number;
  duplicateAccepted: number;
  duplicateRequests: number;
  /** Figures where the counters differ from a recount of the ledger (recount.ts). */
  counterMismatches: number;
  problems: string[];
}

export async function pauseResumeChecks(database: Database, campaignId: number, fake: FakeTwilioMessaging): Promise<PauseResumeChecks> {
  const states = await statesOf(database, campaignId);
  const count = (list: string[]) => list.reduce((a, s) => a + (states[s] ?? 0), 0);
  const planned = Object.values(states).reduce((a, n) => a + n, 0);
  const { rows: reasons } = await database.query<{ reason: string | null; n: number }>(
    "SELECT reason, count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 AND state = 'skipped' GROUP BY reason",
    [campaignId],
  );
  const skippedBy = Object.fromEntries(reasons.map((r) => [r.reason ?? "(no reason)", r.n]));
  const { rows: rejected } = await database.query<{ code: string | null; n: number }>(
    "SELECT error_code AS code, count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 AND state = 'rejected' GROUP BY error_code",
    [campaignId],
  );
  const neverTaken = rejected.find((r) => r.code === NEVER_TAKEN)?.n ?? 0;
  const sent = count(SENT_STATES);
  const skipped = states.skipped ?? 0;
  const open = count(OPEN_STATES);
  const perLead = new Map<string, number>();
  for (const m of fake.messages) {
    const to = String(m.json?.To ?? "");
    perLead.set(to, (perLead.get(to) ?? 0) + 1);
  }
  const duplicateAccepted = [...perLead.values()].filter((n) => n > 1).length;
  // Sends only: the message API's list queries (reconciliation) carry no recipient in a body.
  const duplicateRequests = [...fake.stats.perValue].filter(([to, n]) => to !== "" && n > 1).length;
  const lost = planned - skipped - neverTaken - sent;
  const problems: string[] = [];
  const mismatches = await recountMismatches(database, campaignId);
  problems.push(...mismatches);
  if (open) problems.push(`${open} rows not final (${OPEN_STATES.map((s) => `${s} ${states[s] ?? 0}`).join(", ")})`);
  if (lost) problems.push(`sent ${sent} ≠ planned ${planned} − skipped ${skipped} − never taken ${neverTaken}`);
  if (skippedBy["(no reason)"]) problems.push(`${skippedBy["(no reason)"]} skipped without a reason`);
  const otherRejected = rejected.filter((r) => r.code !== NEVER_TAKEN).reduce((a, r) => a + r.n, 0);
  if (otherRejected) problems.push(`${otherRejected} rejected by the provider`);
  if (duplicateAccepted) problems.push(`${duplicateAccepted} leads with more than one provider message`);
  if (fake.messages.length !== sent) problems.push(`the provider created ${fake.messages.length} messages for ${sent} sent rows`);
  return {
    states,
    planned,
    sent,
    skipped,
    skippedBy,
    neverTaken,
    open,
    lost,
    accepted: fake.messages.length,
    duplicateAccepted,
    duplicateRequests,
    counterMismatches: mismatches.length,
    problems,
  };
}
