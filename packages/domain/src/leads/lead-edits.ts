import type { EmailStatus, LeadDetail, PhoneStatus } from "@leadflow/contracts";
import { EmailStatuses, EmailStatusLabels, PhoneStatuses, PhoneStatusLabels } from "@leadflow/contracts";
import type { schema } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";
import { getPhoneTemplate, normalizeEmail, normalizePhone } from "../contacts";
import type { TeamCtx } from "../shared/context";
import { AppError, fieldError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";
import { moveLeadCounters } from "../sources";
import { recordLeadChanges } from "./lead-changes";
import { getLeadDetail } from "./lead-page";
import { decodeValueId, valueHash } from "./lead-value-ids";

/**
 * Edits on the lead page. Each runs under the team's lead lock (an import merging into the same lead waits, and
 * no import can take a phone or an email between the ownership check and the write), writes one `lead_logs` entry
 * (type `user`) and bumps the lead's `updated_at`. An edit to the value it already holds changes and logs nothing.
 * Lead counters do not move: a phone replaced by a phone is still one contact (but see replaceContact for the
 * looked-up and verified ones).
 */

async function logEdit(
  tx: DbOrTx,
  teamId: number,
  leadId: number,
  action: "updated" | "status",
  ...diff: schema.LeadLogDiff[]
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO lead_logs (team_id, lead_id, type, action, diff) VALUES (${teamId}, ${leadId}, 'user', ${action}, ${JSON.stringify(diff)}::jsonb)`,
  );
  await tx.execute(sql`UPDATE leads SET updated_at = now() WHERE team_id = ${teamId} AND id = ${leadId}`);
  // Every edit can move the lead into or out of dynamic audiences.
  await recordLeadChanges(tx, teamId, { ids: [leadId] });
}

/** PUT /api/lead-values/{id}: replaces one string value; an empty value removes it; a value the attribute already holds is refused. */
export async function updateLeadValue(db: DbOrTx, ctx: TeamCtx, id: string, value: string): Promise<LeadDetail> {
  const ref = decodeValueId(id, "string");
  const t = ctx.teamId;
  await db.transaction(async (tx) => {
    await lockTeamLeads(tx, t);
    const key = String(ref.attributeId);
    const found = await one<{ vals: string[] | null; name: string }>(
      tx,
      sql`SELECT l.attrs -> ${key}::text AS vals, a.name FROM leads l JOIN lead_attributes a ON a.team_id = l.team_id AND a.id = ${ref.attributeId}
          WHERE l.team_id = ${t} AND l.id = ${ref.leadId} FOR UPDATE OF l`,
    );
    const vals = found?.vals ?? [];
    const at = vals.findIndex((v) => valueHash(v) === ref.hash);
    if (!found || at < 0) throw new AppError("lead_value_not_found");
    const old = vals[at]!;
    if (value === old) return;
    if (value !== "" && vals.includes(value)) throw fieldError("lead_value_taken", "value");
    const next = value === "" ? vals.filter((_, i) => i !== at) : vals.map((v, i) => (i === at ? value : v));
    await tx.execute(
      sql`UPDATE leads SET attrs = CASE WHEN ${next.length} = 0 THEN attrs - ${key}::text
                                    ELSE jsonb_set(attrs, ARRAY[${key}::text], ${JSON.stringify(next)}::jsonb) END
          WHERE team_id = ${t} AND id = ${ref.leadId}`,
    );
    await logEdit(tx, t, ref.leadId, "updated", {
      lead_attribute_name: found.name,
      lead_attribute_value: value === "" ? old : value,
      action: value === "" ? "removed" : "updated",
      value_from: old,
      value_to: value === "" ? null : value,
    });
  });
  return getLeadDetail(db, ctx, ref.leadId);
}

interface ContactKind {
  table: "lead_phones" | "lead_emails";
  column: "phone" | "email";
  taken: "lead_phone_taken" | "lead_email_taken";
  labels: Record<number, string>;
  /**
   * What a replaced value starts with: the status and (no) results of a value just imported. Lookups and
   * engagement describe the number or the address they checked, not the lead, so none of it carries over.
   */
  freshStatus: number;
  cleared: SQL;
}
const PHONES: ContactKind = {
  table: "lead_phones",
  column: "phone",
  taken: "lead_phone_taken",
  labels: PhoneStatusLabels,
  freshStatus: PhoneStatuses.subscribed,
  cleared: sql`carrier_name = NULL, carrier_type = NULL, carrier_status = NULL, state = NULL,
    city = NULL, timezone = NULL, lookup_action = NULL, lookup_reason = NULL, dnc_code = NULL, dnc_message = NULL,
    clicked = false, unsubscribed = false, ban = false, looked_up_at = NULL, verified_at = NULL`,
};
const EMAILS: ContactKind = {
  table: "lead_emails",
  column: "email",
  taken: "lead_email_taken",
  labels: EmailStatusLabels,
  freshStatus: EmailStatuses.pending,
  cleared: sql`result = NULL, looked_up_at = NULL, verified_at = NULL`,
};

/** A lead's phone or email row, locked, with the name of its system attribute; 404 if the id names none of the team's. */
async function contactRow(tx: DbOrTx, teamId: number, k: ContactKind, leadId: number, rowId: number) {
  const row = await one<{ value: string; status: number; name: string; looked_up: boolean; verified: boolean }>(
    tx,
    sql`SELECT c.${sql.raw(k.column)} AS value, c.status::int AS status, a.name,
          c.looked_up_at IS NOT NULL AS looked_up, c.verified_at IS NOT NULL AS verified
        FROM ${sql.raw(k.table)} c JOIN lead_attributes a ON a.team_id = c.team_id AND a.is_system AND a.type = ${k.column}
        WHERE c.team_id = ${teamId} AND c.lead_id = ${leadId} AND c.id = ${rowId} FOR UPDATE OF c`,
  );
  if (!row) throw new AppError("lead_value_not_found");
  return row;
}

/**
 * A replaced value is no longer looked up or verified: the lists holding the lead (and their sources, once each)
 * count one contact fewer of each it was. Never below zero, like the other counter deltas.
 */
async function uncountChecks(tx: DbOrTx, teamId: number, leadId: number, looked: number, verified: number): Promise<void> {
  if (looked === 0 && verified === 0) return;
  await moveLeadCounters(
    tx,
    teamId,
    sql`SELECT ${leadId}::bigint AS lead_id, ${-looked}::int AS contacts_looked_up, ${-verified}::int AS contacts_verified`,
    ["contacts_looked_up", "contacts_verified"],
  );
}

/**
 * Replaces a phone or an email (already normalised) unless another lead — or this one — holds it. The new value
 * starts fresh (`ContactKind.cleared`); the log entry has the value's change and, when it had another status, the
 * status's return to Subscribed (Pending).
 */
async function replaceContact(
  db: DbOrTx,
  ctx: TeamCtx,
  k: ContactKind,
  id: string,
  raw: string,
  normalise: (tx: DbOrTx) => Promise<string>,
) {
  const ref = decodeValueId(id, k.column);
  const t = ctx.teamId;
  await db.transaction(async (tx) => {
    await lockTeamLeads(tx, t);
    const row = await contactRow(tx, t, k, ref.leadId, ref.rowId);
    const value = await normalise(tx);
    if (value === row.value) return;
    const owner = await one<{ lead_id: number }>(
      tx,
      sql`SELECT lead_id::float8 AS lead_id FROM ${sql.raw(k.table)} WHERE team_id = ${t} AND ${sql.raw(k.column)} = ${value}`,
    );
    if (owner) throw fieldError(owner.lead_id === ref.leadId ? "lead_value_taken" : k.taken, "value");
    await tx.execute(
      sql`UPDATE ${sql.raw(k.table)} SET ${sql.raw(k.column)} = ${value}, raw = ${raw}, status = ${k.freshStatus}, ${k.cleared}, updated_at = now()
          WHERE team_id = ${t} AND lead_id = ${ref.leadId} AND id = ${ref.rowId}`,
    );
    await uncountChecks(tx, t, ref.leadId, Number(row.looked_up), Number(row.verified));
    const change = { lead_attribute_name: row.name, lead_attribute_value: value, action: "updated" } as const;
    const statusBack: schema.LeadLogDiff[] =
      row.status === k.freshStatus ? [] : [{ ...change, value_from: statusLabel(k, row.status), value_to: statusLabel(k, k.freshStatus) }];
    await logEdit(tx, t, ref.leadId, "updated", { ...change, value_from: row.value, value_to: value }, ...statusBack);
  });
  return getLeadDetail(db, ctx, ref.leadId);
}

const statusLabel = (k: ContactKind, status: number) => k.labels[status] ?? String(status);

/** PUT /api/lead-phones/{id}: the new number is normalised with the team's rules (default +1, Ignore Phone Format). */
export async function updateLeadPhone(db: DbOrTx, ctx: TeamCtx, id: string, value: string): Promise<LeadDetail> {
  return replaceContact(db, ctx, PHONES, id, value, async (tx) => {
    if (value === "") throw fieldError("lead_value_required", "value");
    const { values: ignoreTemplate } = await getPhoneTemplate(tx, ctx.teamId);
    const r = normalizePhone(value, { defaultCountry: "US", ignoreTemplate });
    if (!r.ok) throw new AppError("lead_phone_invalid", r.message, { value: [r.message] });
    return r.e164;
  });
}

/** PUT /api/lead-emails/{id}: trimmed and lower-cased as imports store emails. */
export async function updateLeadEmail(db: DbOrTx, ctx: TeamCtx, id: string, value: string): Promise<LeadDetail> {
  return replaceContact(db, ctx, EMAILS, id, value, async () => {
    if (value === "") throw fieldError("lead_value_required", "value");
    const r = normalizeEmail(value);
    if (!r.ok) throw new AppError("lead_email_invalid", r.message, { value: [r.message] });
    return r.email;
  });
}

/**
 * Sets a phone's or an email's status, logged with the labels; `allowed` refuses a change the status menus do not
 * offer.
 */
async function setContactStatus(
  db: DbOrTx,
  ctx: TeamCtx,
  k: ContactKind,
  id: string,
  status: number,
  allowed: (from: number, to: number) => boolean,
): Promise<LeadDetail> {
  const ref = decodeValueId(id, k.column);
  const t = ctx.teamId;
  await db.transaction(async (tx) => {
    await lockTeamLeads(tx, t);
    const row = await contactRow(tx, t, k, ref.leadId, ref.rowId);
    if (row.status === status) return;
    if (!allowed(row.status, status)) {
      const message = `An email that is ${statusLabel(k, row.status)} cannot be set to ${statusLabel(k, status)}.`;
      throw new AppError("lead_email_status_change", message, { status: [message] });
    }
    await tx.execute(
      sql`UPDATE ${sql.raw(k.table)} SET status = ${status}, updated_at = now() WHERE team_id = ${t} AND lead_id = ${ref.leadId} AND id = ${ref.rowId}`,
    );
    await logEdit(tx, t, ref.leadId, "status", {
      lead_attribute_name: row.name,
      lead_attribute_value: row.value,
      action: "updated",
      value_from: statusLabel(k, row.status),
      value_to: statusLabel(k, status),
    });
  });
  return getLeadDetail(db, ctx, ref.leadId);
}

/** PUT /api/lead-phones/{id}/status: any of 1–6. */
export async function setLeadPhoneStatus(db: DbOrTx, ctx: TeamCtx, id: string, status: PhoneStatus): Promise<LeadDetail> {
  return setContactStatus(db, ctx, PHONES, id, status, () => true);
}

/**
 * PUT /api/lead-emails/{id}/status: Unsubscribed can go back to Pending; any status but Pending
 * can become Unsubscribed; Pending has no menu at all.
 */
export async function setLeadEmailStatus(db: DbOrTx, ctx: TeamCtx, id: string, status: EmailStatus): Promise<LeadDetail> {
  const { pending, unsubscribed } = EmailStatuses;
  return setContactStatus(db, ctx, EMAILS, id, status, (from, to) =>
    to === pending ? from === unsubscribed : to === unsubscribed && from !== pending,
  );
}
