import type { Database } from "@leadflow/db";
import { SES_MESSAGE_TAG } from "@leadflow/domain/providers/email/ses-events";
import type { FakeSes, FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { recountMismatches } from "./recount";

/*
 * F15's end checks, from what the fakes recorded and the ledger: provider-accepted messages per ledger row — one row
 * per (campaign, step, lead), so two messages for one row is a duplicate; rows not final; messages the provider has
 * that the ledger does not count as taken; rows the ledger counts as sent that the provider never had (an email whose
 * lost answer SES, with no message API, could not settle: closed after a day as sent without a receipt); the SMS
 * campaign's later step — every lead whose step-1 message the provider took has its step-2 row (none lost) — and its
 * welcomes: at most one per (campaign, lead) at the provider (the fake records each with its `welcome-<id>`), and one
 * planned for every lead whose step 1 was taken; and the counters of both campaigns against a recount of their ledgers.
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
  /** The SMS campaign's second step and welcomes (see `stepChecks`). */
  steps: StepChecks;
  problems: string[];
}

export interface StepChecks {
  /** Leads whose step-1 SMS the provider accepted (the fake's record). */
  takenAtStep1: number;
  /** Of them: without a step-2 row (lost), and with one not final at the end. */
  step2Missing: number;
  step2Open: number;
  /** Step-2 rows the provider accepted. */
  step2Accepted: number;
  /** Welcomes at the fake, welcome rows accepted more than once, leads with more than one welcome at the fake. */
  welcomesSent: number;
  welcomeRowsTwice: number;
  leadsWithTwoWelcomes: number;
  /** Leads taken at step 1 without a welcome row; welcome rows by state. */
  welcomeMissing: number;
  welcomeStates: Record<string, number>;
  /** Welcome rows `unknown` (a kill judged them maybe sent): at the fake, and never there (in doubt, not resent). */
  welcomesUnknownAtFake: number;
  welcomesUnknownNeverSent: number;
  /** A few ids of each problem, to look at. */
  examples: Record<string, number[]>;
}

/** What a Twilio request's status callback address names: a ledger row's id, or `welcome-<id>`, `answer-<id>`… */
const refOf = (m: FakeTwilioMessaging["messages"][number]) => new URL(String(m.json?.StatusCallback)).searchParams.get("m") ?? "";

/** The ledger id each accepted message carries: Twilio's status callback URL's `m`, SES's message tag. */
function acceptedIds(fakes: { twilio: FakeTwilioMessaging; ses: FakeSes }): { sms: number[]; email: number[] } {
  const sms = fakes.twilio.messages
    .map(refOf)
    .filter((m) => /^\d+$/.test(m))
    .map(Number);
  const email = fakes.ses.sent.map((s) => {
    const tags = (s.body.EmailTags ?? []) as { Name: string; Value: string }[];
    return Number(tags.find((t) => t.Name === SES_MESSAGE_TAG)?.Value);
  });
  return { sms, email };
}

export async function chaosChecks(
  database: Database,
  campaigns: { sms: number; email: number },
  steps: [number, number],
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
  const stepFigures = await stepChecks(database, campaigns.sms, steps, ids.sms, fakes.twilio);
  const problems: string[] = [];
  if (duplicateAccepted) problems.push(`${duplicateAccepted} ledger rows with more than one provider-accepted message`);
  if (stepFigures.step2Missing) problems.push(`${stepFigures.step2Missing} leads taken at step 1 without a step-2 row (steps lost)`);
  if (stepFigures.welcomeRowsTwice || stepFigures.leadsWithTwoWelcomes)
    problems.push(
      `${stepFigures.welcomeRowsTwice} welcome rows accepted twice, ${stepFigures.leadsWithTwoWelcomes} leads with more than one welcome at the provider`,
    );
  if (stepFigures.welcomeMissing) problems.push(`${stepFigures.welcomeMissing} leads taken at step 1 without a welcome planned`);
  const welcomesSubmitting = stepFigures.welcomeStates.submitting ?? 0;
  if (welcomesSubmitting) problems.push(`${welcomesSubmitting} welcome rows left submitting (neither sent back nor judged by a take-over)`);
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
    steps: stepFigures,
    problems,
  };
}

/** The SMS campaign's step 2 and welcomes against what the fake Twilio accepted. */
async function stepChecks(
  database: Database,
  campaignId: number,
  [step1, step2]: [number, number],
  smsAccepted: readonly number[],
  twilio: FakeTwilioMessaging,
): Promise<StepChecks> {
  const { rows } = await database.query<{ id: number; step_id: number; lead_id: number; state: string; reason: string | null }>(
    "SELECT id::float8 AS id, step_id, lead_id::float8 AS lead_id, state, reason FROM campaign_messages WHERE campaign_id = $1",
    [campaignId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const step2Of = new Map(rows.filter((r) => r.step_id === step2).map((r) => [r.lead_id, r]));
  const accepted = new Set(smsAccepted);
  const taken = new Set(rows.filter((r) => r.step_id === step1 && accepted.has(r.id)).map((r) => r.lead_id));
  const missing: number[] = [];
  const open: number[] = [];
  for (const lead of taken) {
    const next = step2Of.get(lead);
    if (!next) missing.push(lead);
    else if (OPEN.has(next.state) || (next.state === "sent" && next.reason !== NO_RECEIPT)) open.push(next.id);
  }
  const step2Accepted = smsAccepted.filter((id) => byId.get(id)?.step_id === step2).length;

  const welcomes = await database.query<{ id: number; lead_id: number; state: string }>(
    "SELECT id::float8 AS id, lead_id::float8 AS lead_id, state FROM welcome_messages WHERE campaign_id = $1",
    [campaignId],
  );
  const welcomeLead = new Map(welcomes.rows.map((w) => [w.id, w.lead_id]));
  const welcomeStates: Record<string, number> = {};
  for (const w of welcomes.rows) welcomeStates[w.state] = (welcomeStates[w.state] ?? 0) + 1;
  const sent = twilio.messages.map(refOf).filter((m) => m.startsWith("welcome-"));
  const perRow = new Map<number, number>();
  const perLead = new Map<string, number>();
  for (const m of sent) {
    const id = Number(m.slice("welcome-".length));
    perRow.set(id, (perRow.get(id) ?? 0) + 1);
    // A welcome row the campaign does not have counts apart: its own key.
    const lead = welcomeLead.get(id);
    const key = lead === undefined ? `row ${id}` : `lead ${lead}`;
    perLead.set(key, (perLead.get(key) ?? 0) + 1);
  }
  const withWelcome = new Set(welcomes.rows.map((w) => w.lead_id));
  const welcomeMissing = [...taken].filter((l) => !withWelcome.has(l));
  const rowsTwice = [...perRow].filter(([, n]) => n > 1).map(([id]) => id);
  const unknown = welcomes.rows.filter((w) => w.state === "unknown");
  const unknownAtFake = unknown.filter((w) => perRow.has(w.id)).length;
  const leadsTwice = [...perLead].filter(([, n]) => n > 1).map(([k]) => Number(k.split(" ")[1]));
  return {
    takenAtStep1: taken.size,
    step2Missing: missing.length,
    step2Open: open.length,
    step2Accepted,
    welcomesSent: sent.length,
    welcomeRowsTwice: rowsTwice.length,
    leadsWithTwoWelcomes: leadsTwice.length,
    welcomeMissing: welcomeMissing.length,
    welcomeStates,
    welcomesUnknownAtFake: unknownAtFake,
    welcomesUnknownNeverSent: unknown.length - unknownAtFake,
    examples: {
      step2MissingLeads: missing.slice(0, 10),
      step2OpenRows: open.slice(0, 10),
      welcomeRowsTwice: rowsTwice.slice(0, 10),
      leadsWithTwoWelcomes: leadsTwice.slice(0, 10),
      welcomeMissingLeads: welcomeMissing.slice(0, 10),
    },
  };
}
