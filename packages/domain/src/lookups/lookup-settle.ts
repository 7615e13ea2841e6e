import {
  assertNever,
  CarrierStatuses,
  CarrierStatusLabels,
  EmailStatuses,
  EmailStatusLabels,
  type LookupItemState,
  LookupItemStates,
  type LookupType,
  LookupTypes,
  PhoneStatuses,
  PhoneStatusLabels,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { chargeHold, type Hold, round4, takeHold } from "../billing";
import { utcDay, writeCounterDeltas } from "../campaigns";
import { recordLeadChanges } from "../leads";
import type { CertificateCheckResult, DncCheckResult, EmailVerifyResult, PhoneLookupResult, RndQueryResult } from "../providers";
import type { Lease } from "../shared/lease";
import { bigintArray, type DbOrTx, rows, textArray } from "../shared/rows";
import { moveLeadCounters } from "../sources";
import { applyCertificates, applyRnd } from "./lookup-consent-settle";
import type { Answered, Batch } from "./lookup-items";
import { line, writeLogs } from "./lookup-log";

/*
 * Settles one batch of a lookup job in one transaction: the results land on the phones and emails, the lead's
 * timeline, the lists' and sources' looked-up and verified counters and the dynamic audiences' change notes;
 * the items leave the pending state; the job's counters move; the batch's hold is charged for what the provider
 * answered and the rest goes back. Nothing here runs unless all of it does.
 *
 * An item is written and paid for only in the settle that moves it out of pending, so an item answered twice (a
 * runner taken over mid-batch) is paid once; and a batch whose hold is gone (given back by the runner that took
 * over, or with the job) writes nothing at all.
 */

export async function settleBatch(
  tx: DbOrTx,
  job: { teamId: number; id: number; type: LookupType },
  batch: Batch,
  unitCost: number,
  lease?: Lease,
  hold?: Hold,
): Promise<{ charged: number } | null> {
  const { teamId, id: jobId, type } = job;
  // Only the runner holding the lease settles: one whose lease lapsed mid-batch was taken over, and its hold was
  // given back by the runner that took over. The job row stays locked until commit, so two settles never interleave.
  if (lease && !(await lease.holds(tx))) return null;
  const taken = hold ? await takeHold(tx, teamId, hold) : null;
  if (hold && !taken) return null;
  const moved = await leavePending(tx, teamId, jobId, batch);
  const answered = batch.answered.filter((a) => moved.has(a.value));
  if (answered.length && !taken) throw new Error("A lookup batch answered items it held no money for.");
  const touched = new Set<number>();
  if (answered.length) for (const l of await applyResults(tx, teamId, type, answered)) touched.add(l);
  const count = (values: string[]) => values.filter((v) => moved.has(v)).length;
  const reused = count(batch.reused);
  const failed = count(batch.failed.map((f) => f.value));
  const done = answered.length + reused + failed + count(batch.skipped);
  const serviceItems = answered.length + failed;
  const charge = taken ? await chargeHold(tx, teamId, taken, answered.length) : { charged: 0 };
  const [updated] = await rows<{ campaign_id: number | null }>(
    tx,
    sql`UPDATE lookup_jobs SET count = count + ${done}, reused_count = reused_count + ${reused},
          failed_count = failed_count + ${failed}, service_items_count = service_items_count + ${serviceItems},
          service_cost = service_cost + ${round4(serviceItems * unitCost)}, cost = cost + ${charge.charged}, updated_at = now()
        WHERE team_id = ${teamId} AND id = ${jobId}
        RETURNING campaign_id`,
  );
  // A campaign's verification lookup is part of what the campaign cost: its profit takes it off (lookup_cost).
  if (updated?.campaign_id && charge.charged > 0) {
    await writeCounterDeltas(tx, [
      { teamId, campaignId: updated.campaign_id, stepId: 0, partId: 0, day: utcDay(), lookup_cost: charge.charged },
    ]);
  }
  if (touched.size) {
    const ids = [...touched];
    await tx.execute(sql`UPDATE leads SET updated_at = now() WHERE team_id = ${teamId} AND id = ANY(${bigintArray(ids)})`);
    // Carrier, DNC and email results are audience filter fields: dynamic audiences re-test these leads.
    await recordLeadChanges(tx, teamId, { ids });
  }
  return { charged: charge.charged };
}

/** Writes what the provider answered where each type keeps it; the leads it changed. */
function applyResults(tx: DbOrTx, teamId: number, type: LookupType, answered: Answered[]): Promise<number[]> {
  switch (type) {
    case LookupTypes.sms:
      return applyCarrier(tx, teamId, answered as Answered<PhoneLookupResult>[]);
    case LookupTypes.sms_dnc:
      return applyDnc(tx, teamId, answered as Answered<DncCheckResult>[]);
    case LookupTypes.email:
      return applyEmail(tx, teamId, answered as Answered<EmailVerifyResult>[]);
    case LookupTypes.consent_certificates:
      return applyCertificates(tx, teamId, answered as Answered<CertificateCheckResult>[]);
    case LookupTypes.rnd:
      return applyRnd(tx, teamId, answered as Answered<RndQueryResult>[]);
    default:
      return assertNever(type);
  }
}

/** Moves the batch's items out of pending, each to what became of it; the values that moved. */
async function leavePending(tx: DbOrTx, teamId: number, jobId: number, batch: Batch): Promise<Set<string>> {
  const states: [LookupItemState, string[]][] = [
    [LookupItemStates.looked_up, batch.answered.map((a) => a.value)],
    [LookupItemStates.reused, batch.reused],
    [LookupItemStates.failed, batch.failed.map((f) => f.value)],
    [LookupItemStates.skipped, batch.skipped],
  ];
  const moved = new Set<string>();
  for (const [state, values] of states) {
    if (!values.length) continue;
    const r = await rows<{ value: string }>(
      tx,
      sql`UPDATE lookup_items SET state = ${state}
          WHERE team_id = ${teamId} AND job_id = ${jobId} AND state = ${LookupItemStates.pending} AND value = ANY(${textArray(values)}) RETURNING value`,
    );
    for (const x of r) moved.add(x.value);
  }
  return moved;
}

interface Before {
  value: string;
  lead_id: number;
  looked: boolean;
  verified: boolean;
}

/**
 * Moves the lists' and sources' `contacts_looked_up` / `contacts_verified` by what changed: a value looked up
 * for the first time counts once, a value that became (un)verified moves by one, in every list and source its
 * lead is in.
 */
async function moveCounters(tx: DbOrTx, teamId: number, before: Before[], after: Map<string, { looked: boolean; verified: boolean }>) {
  const deltas = new Map<number, { looked: number; verified: number }>();
  for (const b of before) {
    const a = after.get(b.value);
    if (!a) continue;
    const dl = Number(a.looked) - Number(b.looked);
    const dv = Number(a.verified) - Number(b.verified);
    if (!dl && !dv) continue;
    const d = deltas.get(b.lead_id) ?? { looked: 0, verified: 0 };
    d.looked += dl;
    d.verified += dv;
    deltas.set(b.lead_id, d);
  }
  if (!deltas.size) return;
  const json = JSON.stringify([...deltas].map(([lead_id, d]) => ({ lead_id, dl: d.looked, dv: d.verified })));
  await moveLeadCounters(
    tx,
    teamId,
    sql`SELECT lead_id, dl AS contacts_looked_up, dv AS contacts_verified
        FROM jsonb_to_recordset(${json}::jsonb) AS d(lead_id bigint, dl int, dv int)`,
    ["contacts_looked_up", "contacts_verified"],
  );
}

async function applyCarrier(tx: DbOrTx, teamId: number, answered: Answered<PhoneLookupResult>[]): Promise<number[]> {
  const payload = answered.map(({ value, result: r }) => ({
    phone: value,
    carrier_name: r.carrierName,
    carrier_type: r.carrierType,
    carrier_status: r.carrierType ? CarrierStatuses[r.carrierType] : null,
    state: r.state,
    city: r.city,
    timezone: r.timezone,
    action: r.action,
    reason: r.reason,
    verified: r.valid && r.action === "send",
  }));
  // The CTEs share one snapshot: `o` reads the values as they were before `u` changes them.
  const before = await rows<Before & { carrier_name: string | null; carrier_status: number | null }>(
    tx,
    sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(phone text, carrier_name text,
                   carrier_type text, carrier_status smallint, state text, city text, timezone text, action text, reason text,
                   verified boolean)),
          o AS (SELECT p.phone, p.lead_id, p.looked_up_at IS NOT NULL AS looked, p.verified_at IS NOT NULL AS verified,
                       p.carrier_name, p.carrier_status
                FROM lead_phones p JOIN v ON v.phone = p.phone WHERE p.team_id = ${teamId}),
          u AS (UPDATE lead_phones p SET carrier_name = v.carrier_name, carrier_type = v.carrier_type, carrier_status = v.carrier_status,
                  state = COALESCE(v.state, p.state), city = COALESCE(v.city, p.city), timezone = COALESCE(v.timezone, p.timezone),
                  lookup_action = v.action, lookup_reason = v.reason, looked_up_at = now(),
                  verified_at = CASE WHEN v.verified THEN now() ELSE NULL END, updated_at = now()
                FROM v WHERE p.team_id = ${teamId} AND p.phone = v.phone RETURNING p.phone)
        SELECT o.phone AS value, o.lead_id, o.looked, o.verified, o.carrier_name, o.carrier_status FROM o JOIN u ON u.phone = o.phone`,
  );
  const byValue = new Map(payload.map((p) => [p.phone, p]));
  await moveCounters(tx, teamId, before, new Map(payload.map((p) => [p.phone, { looked: true, verified: p.verified }])));
  const label = (status: number | null) => (status ? CarrierStatusLabels[status as keyof typeof CarrierStatusLabels] : null);
  await writeLogs(
    tx,
    teamId,
    before.map((b) => {
      const p = byValue.get(b.value)!;
      const was = b.carrier_name || b.carrier_status ? [b.carrier_name, label(b.carrier_status)].filter(Boolean).join(" · ") : null;
      const now = [p.carrier_name, label(p.carrier_status)].filter(Boolean).join(" · ") || "Unknown";
      return {
        lead_id: b.lead_id,
        diff: [
          line("Carrier", b.value, was === now ? null : was, now),
          line("Lookup", b.value, null, [p.action === "send" ? "Send" : "Skip", p.reason].filter(Boolean).join(": ")),
        ],
      };
    }),
  );
  return [...new Set(before.map((b) => Number(b.lead_id)))];
}

const statusLabel = (labels: Record<number, string>, status: number) => labels[status] ?? null;

async function applyDnc(tx: DbOrTx, teamId: number, answered: Answered<DncCheckResult>[]): Promise<number[]> {
  const { subscribed, federal_dnc, state_dnc } = PhoneStatuses;
  const payload = answered.map(({ value, result: r }) => ({
    phone: value,
    code: r.code,
    message: r.message,
    // What a listed number becomes; a clean check releases an earlier DNC status (never Unsubscribed/Suppressed).
    listed: r.litigator ? PhoneStatuses.blacklisted : r.federal ? PhoneStatuses.federal_dnc : r.state ? PhoneStatuses.state_dnc : null,
  }));
  const changed = await rows<{ value: string; lead_id: number; old_status: number; new_status: number }>(
    tx,
    sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(phone text, code text, message text, listed smallint)),
          o AS (SELECT p.phone, p.status FROM lead_phones p JOIN v ON v.phone = p.phone WHERE p.team_id = ${teamId}),
          u AS (UPDATE lead_phones p SET dnc_code = v.code, dnc_message = v.message, dnc_checked_at = now(), updated_at = now(),
                  status = CASE WHEN v.listed IS NOT NULL AND p.status IN (${subscribed}, ${federal_dnc}, ${state_dnc}) THEN v.listed
                                WHEN v.listed IS NULL AND p.status IN (${federal_dnc}, ${state_dnc}) THEN ${subscribed}
                                ELSE p.status END
                FROM v WHERE p.team_id = ${teamId} AND p.phone = v.phone RETURNING p.phone, p.lead_id, p.status)
        SELECT u.phone AS value, u.lead_id, o.status AS old_status, u.status AS new_status FROM u JOIN o ON o.phone = u.phone`,
  );
  const byValue = new Map(payload.map((p) => [p.phone, p]));
  await writeLogs(
    tx,
    teamId,
    changed.map((c) => {
      const p = byValue.get(c.value)!;
      const diff = [line("DNC", c.value, null, `${p.code}${p.message ? `: ${p.message}` : ""}`)];
      if (c.old_status !== c.new_status)
        diff.push({
          ...line("Phone status", c.value, statusLabel(PhoneStatusLabels, c.old_status), statusLabel(PhoneStatusLabels, c.new_status)),
          action: "updated",
        });
      return { lead_id: c.lead_id, diff };
    }),
  );
  return [...new Set(changed.map((c) => Number(c.lead_id)))];
}

async function applyEmail(tx: DbOrTx, teamId: number, answered: Answered<EmailVerifyResult>[]): Promise<number[]> {
  // Statuses a verification may change; unsubscribed, bounced and complaint are not its to undo.
  const checkable = sql.join(
    [EmailStatuses.pending, EmailStatuses.valid, EmailStatuses.invalid].map((st) => sql`${st}`),
    sql`, `,
  );
  const payload = answered.map(({ value, result: r }) => ({
    email: value,
    result: r.result,
    reason: r.reason,
    status: r.result === "valid" || r.result === "catch_all" ? EmailStatuses.valid : r.result === "unknown" ? null : EmailStatuses.invalid,
  }));
  const before = await rows<Before & { old_status: number; new_status: number; now_verified: boolean }>(
    tx,
    sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(email text, result text, reason text, status smallint)),
          o AS (SELECT e.email, e.looked_up_at IS NOT NULL AS looked, e.verified_at IS NOT NULL AS verified, e.status
                FROM lead_emails e JOIN v ON v.email = e.email WHERE e.team_id = ${teamId}),
          u AS (UPDATE lead_emails e SET result = v.result, looked_up_at = now(), updated_at = now(),
                  status = CASE WHEN v.status IS NOT NULL AND e.status IN (${checkable}) THEN v.status ELSE e.status END,
                  verified_at = CASE WHEN e.status NOT IN (${checkable}) THEN e.verified_at
                                     WHEN COALESCE(v.status, e.status) = ${EmailStatuses.valid} THEN now() ELSE NULL END
                FROM v WHERE e.team_id = ${teamId} AND e.email = v.email
                RETURNING e.email, e.lead_id, e.status, e.verified_at IS NOT NULL AS now_verified)
        SELECT u.email AS value, u.lead_id, o.looked, o.verified, o.status AS old_status, u.status AS new_status, u.now_verified
        FROM u JOIN o ON o.email = u.email`,
  );
  const after = new Map(before.map((b) => [b.value, { looked: true, verified: b.now_verified }]));
  await moveCounters(tx, teamId, before, after);
  const byValue = new Map(payload.map((p) => [p.email, p]));
  await writeLogs(
    tx,
    teamId,
    before.map((b) => {
      const p = byValue.get(b.value)!;
      const diff = [line("Email result", b.value, null, [p.result, p.reason].filter(Boolean).join(": "))];
      if (b.old_status !== b.new_status)
        diff.push(
          line("Email status", b.value, statusLabel(EmailStatusLabels, b.old_status), statusLabel(EmailStatusLabels, b.new_status)),
        );
      return { lead_id: b.lead_id, diff };
    }),
  );
  return [...new Set(before.map((b) => Number(b.lead_id)))];
}
