import { EmailStatuses, LeadStatuses, type MessageReason, PhoneStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";

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
