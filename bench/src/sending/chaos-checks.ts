import type { Database } from "@leadflow/db";
import { SES_MESSAGE_TAG } from "@leadflow/domain/providers/email/ses-events";
import type { FakeSes, FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { recountMismatches } from "./recount";

/*
 * F15's end checks, from what the fakes recorded and the ledger: provider-accepted messages per ledger row — one row
 * per (campaign, step, lead), so two messages for one row is a duplicate; rows not final; messages the provider has
 * that the ledger does not count as taken; rows the ledger counts as sent that the provider never had (an email whose
 * lost answer SES, with no message API, could not settle: closed after a day as sent without a receipt); and the
 * counters of both campaigns against a recount of their ledgers.
 */

/** Rows the provider took, and any later word of it. */
const TAKEN = new Set(["accepted", "sent", "delivered", "failed", "blocked", "inactive", "bounced", "complained"]);
/** Rows still waiting for something: not final (`sent` is final only when closed without a receipt). */
const OPEN = new Set(["planned", "claimed", "submitting", "unknown", "accepted"]);
const NO_RECEIPT = "no_receipt";

export interface ChaosChecks {
  states: Record<string, Record<string, number>>;
  /** Messages the fakes accepted, per channel. */
  accepted: { sms: number; email: number };
  /** Ledger rows with more than one message accepted by a provider. */
  duplicateAccepted: number;
  open: number;
  /** Messages a provider accepted whose row the ledger does not count as taken. */
  uncounted: number;
  /** Rows counted as sent (closed without a receipt) that the provider never accepted. */
  sentNeverTaken: number;
  closedWithoutReceipt: number;
  counterMismatches: string[];
  problems: string[];
}

/** The ledger id each accepted message carries: Twilio's status callback URL's `m`, SES's message tag. */
function acceptedIds(fakes: { twilio: FakeTwilioMessaging; ses: FakeSes }): { sms: number[]; email: number[] } {
  const sms = fakes.twilio.messages.map((m) => Number(new URL(String(m.json?.StatusCallback)).searchParams.get("m")));
  const email = fakes.ses.sent.map((s) => {
    const tags = (s.body.EmailTags ?? []) as { Name: string; Value: string }[];
    return Number(tags.find((t) => t.Name === SES_MESSAGE_TAG)?.Value);
  });
  return { sms, email };
}

export async function chaosChecks(
  database: Database,
  campaigns: { sms: number; email: number },
  fakes: { twilio: FakeTwilioMessaging; ses: FakeSes },
): Promise<ChaosChecks> {
  const { rows } = await database.query<{ id: number; channel: "sms" | "email"; state: string; reason: string | null }>(
    "SELECT id::float8 AS id, channel, state, reason FROM campaign_messages WHERE campaign_id = ANY($1::int[])",
    [[campaigns.sms, campaigns.email]],
  );
  const ids = acceptedIds(fakes);
  const timesAccepted = new Map<number, number>();
  for (const id of [...ids.sms, ...ids.email]) timesAccepted.set(id, (timesAccepted.get(id) ?? 0) + 1);
  const states: Record<string, Record<string, number>> = { sms: {}, email: {} };
  let open = 0;
  let uncounted = 0;
  let sentNeverTaken = 0;
  let closedWithoutReceipt = 0;
  for (const r of rows) {
    const byState = states[r.channel]!;
    byState[r.state] = (byState[r.state] ?? 0) + 1;
    const noReceipt = r.state === "sent" && r.reason === NO_RECEIPT;
    if (OPEN.has(r.state) || (r.state === "sent" && !noReceipt)) open++;
    if (noReceipt) closedWithoutReceipt++;
    const taken = timesAccepted.has(r.id);
    if (taken && !TAKEN.has(r.state)) uncounted++;
    if (!taken && TAKEN.has(r.state)) sentNeverTaken++;
  }
  const duplicateAccepted = [...timesAccepted.values()].filter((n) => n > 1).length;
  const counterMismatches = [
    ...(await recountMismatches(database, campaigns.sms)),
    ...(await recountMismatches(database, campaigns.email)),
  ];
  const problems: string[] = [];
  if (duplicateAccepted) problems.push(`${duplicateAccepted} ledger rows with more than one provider-accepted message`);
  if (open) problems.push(`${open} rows not final`);
  if (uncounted) problems.push(`${uncounted} messages a provider accepted whose row is not counted as taken`);
  if (counterMismatches.length) problems.push(`counters ≠ recount: ${counterMismatches.join("; ")}`);
  return {
    states,
    accepted: { sms: ids.sms.length, email: ids.email.length },
    duplicateAccepted,
    open,
    uncounted,
    sentNeverTaken,
    closedWithoutReceipt,
    counterMismatches,
    problems,
  };
}
