import { EmailStatuses, LeadStatuses, type MessageReason, PhoneStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { CERTIFICATE_WAIT, capturedWhenAndWhere, certificateNamed, latestConsentRecord } from "../../leads";

/*
 * The gate's consent check, as SQL a statement puts in its CASE: what the lead and its address say about whether it
 * may be messaged — a blacklisted or Do Not Call lead, a phone marked unsubscribed, suppressed or on a DNC list, an
 * email unsubscribed, bounced, complained of or invalid. Each WHEN answers the reason the row is skipped for. The
 * statement joins the lead as `l`, its phone as `lp` and its email as `le` (either may be absent: NULL passes).
 */

const reason = (r: MessageReason) => sql`${r}::text`;

/** The WHEN clauses, for a message of `channel` ('sms' or 'email', an SQL value). */
export function consentWhens(channel: SQL): SQL {
  return sql`WHEN l.status = ${LeadStatuses.blacklisted} THEN ${reason("blacklisted")}
    WHEN l.status = ${LeadStatuses.dnc} THEN ${reason("federal_dnc")}
    WHEN ${channel} = 'sms' AND lp.status = ${PhoneStatuses.unsubscribed} THEN ${reason("unsubscribed")}
    WHEN ${channel} = 'sms' AND lp.status = ${PhoneStatuses.suppressed} THEN ${reason("suppressed")}
    WHEN ${channel} = 'sms' AND lp.status = ${PhoneStatuses.blacklisted} THEN ${reason("blacklisted")}
    WHEN ${channel} = 'sms' AND lp.status = ${PhoneStatuses.federal_dnc} THEN ${reason("federal_dnc")}
    WHEN ${channel} = 'sms' AND lp.status = ${PhoneStatuses.state_dnc} THEN ${reason("state_dnc")}
    WHEN ${channel} = 'email' AND le.status = ${EmailStatuses.unsubscribed} THEN ${reason("unsubscribed")}
    WHEN ${channel} = 'email' AND le.status = ${EmailStatuses.bounced} THEN ${reason("bounced")}
    WHEN ${channel} = 'email' AND le.status = ${EmailStatuses.complaint} THEN ${reason("complained")}
    WHEN ${channel} = 'email' AND le.status = ${EmailStatuses.invalid} THEN ${reason("invalid_address")}`;
}

/**
 * Consent proof, for a campaign with "Only leads with consent proof" (`on`: its flag, an SQL value). The statement
 * joins the lead's latest consent record as `lc` (`consentRecordJoin`) and its phone as `lp`. In order: no record at
 * all; a named certificate not checked yet (it waits, `consentWaits`); a certificate that is not verified; a record
 * without a certificate that does not say when and where; a phone the Reassigned Numbers Database says changed hands
 * since the consent (docs/compliance.md).
 */
export function consentProofWhens(on: SQL, channel: SQL): SQL {
  return sql`WHEN ${on} AND lc.id IS NULL THEN ${reason("no_consent")}
    WHEN ${on} AND ${certificateNamed("lc")} AND lc.certificate_status IS NULL AND lc.created_at > now() - ${CERTIFICATE_WAIT}
      THEN ${reason("certificate_pending")}
    WHEN ${on} AND ${certificateNamed("lc")} AND lc.certificate_status IS DISTINCT FROM 'verified' THEN ${reason("certificate_unverified")}
    WHEN ${on} AND NOT ${certificateNamed("lc")} AND NOT ${capturedWhenAndWhere("lc")} THEN ${reason("consent_incomplete")}
    WHEN ${on} AND ${channel} = 'sms' AND lp.rnd_result = 'reassigned' THEN ${reason("reassigned")}`;
}

/** Joins the lead's latest consent record as `lc` when `on` holds (else `lc` is all NULL and nothing is read). */
export const consentRecordJoin = (teamId: SQL, leadId: SQL, on: SQL): SQL =>
  sql`LEFT JOIN LATERAL (${latestConsentRecord(teamId, leadId, on)}) lc ON true`;

/**
 * The team's DNC freshness rule (`maxAgeDays`: teams.dnc_max_age_days, NULL for none): a marketing text to a phone
 * whose last DNC check (`lp.dnc_checked_at`) is missing or older is held. A phone without a row passes, as above.
 */
export function dncFreshnessWhen(channel: SQL, maxAgeDays: SQL): SQL {
  return sql`WHEN ${channel} = 'sms' AND ${maxAgeDays} IS NOT NULL AND lp.phone IS NOT NULL
      AND (lp.dnc_checked_at IS NULL OR lp.dnc_checked_at < now() - make_interval(days => ${maxAgeDays})) THEN ${reason("dnc_stale")}`;
}

/** A DNC lookup can run for the team: an active DNC gateway of its own, or the platform's, that allows lookups. */
export const dncLookupPossible = (teamId: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM gateways g WHERE g.kind = 'sms_dnc' AND g.active AND g.allow_lookup AND (g.team_id = ${teamId} OR g.team_id IS NULL))`;

/**
 * Whether a row refused for `why` waits (planned again, looked at later) rather than being skipped: a certificate
 * check on its way, or a DNC check a lookup can still bring — with no DNC gateway to ask, a stale phone is skipped.
 */
export const consentWaits = (why: SQL, teamId: SQL): SQL =>
  sql`(CASE WHEN ${why} = ${reason("certificate_pending")} THEN true WHEN ${why} = ${reason("dnc_stale")} THEN ${dncLookupPossible(teamId)} ELSE false END)`;
