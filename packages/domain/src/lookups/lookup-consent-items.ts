import { type LookupFreshness, LookupItemStates, type LookupType, LookupTypes } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { CertificateCheckInput, RndQueryInput } from "../providers";
import { type DbOrTx, one, rows, textArray } from "../shared/rows";
import type { ClaimedItem } from "./lookup-items";

/*
 * The items of the consent checks. A certificate check's item is a consent record (its id as the value): the
 * latest record of each lead that has a certificate of the gateway's kind. A Reassigned Numbers item is a phone,
 * asked about since its lead's latest consent date (else the day the lead was created).
 */

/** Which records a certificate check of this gateway type takes: TrustedForm's, Jornaya's, or either (the sandbox). */
function hasCertificate(gatewayType: string | null): SQL {
  if (gatewayType === "trusted_form") return sql`c.trusted_form_cert_url IS NOT NULL`;
  if (gatewayType === "jornaya") return sql`c.leadid_token IS NOT NULL`;
  return sql`(c.trusted_form_cert_url IS NOT NULL OR c.leadid_token IS NOT NULL)`;
}

/** Each lead's latest consent record with a certificate, as lookup items (`value`, `lead_id`). */
export function certificateItems(teamId: number, leads: SQL, gatewayType: string | null): SQL {
  return sql`SELECT DISTINCT ON (c.lead_id) c.id::text AS value, c.lead_id
             FROM lead_consents c JOIN (${leads}) s ON s.lead_id = c.lead_id
             WHERE c.team_id = ${teamId} AND ${hasCertificate(gatewayType)}
             ORDER BY c.lead_id, c.id DESC`;
}

export async function countCertificates(db: DbOrTx, teamId: number, leads: SQL, gatewayType: string | null): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT c.lead_id)::int AS n FROM lead_consents c JOIN (${leads}) s ON s.lead_id = c.lead_id
        WHERE c.team_id = ${teamId} AND ${hasCertificate(gatewayType)}`,
  );
  return row?.n ?? 0;
}

interface CertificateRow {
  value: string;
  lead_id: number;
  present: boolean;
  fresh: boolean;
  trusted_form_cert_url: string | null;
  leadid_token: string | null;
  seller: string | null;
  phone: string | null;
  email: string | null;
}

interface RndRow {
  value: string;
  lead_id: number;
  present: boolean;
  fresh: boolean;
  since: string | null;
}

const notPassedOver = (passedOver: Set<string>) => (passedOver.size ? sql`AND NOT (i.value = ANY(${textArray(passedOver)}))` : sql``);

const freshFor = (checkedAt: SQL, days: number | null, also: SQL) =>
  days ? sql`(${checkedAt} > now() - make_interval(days => ${days}) AND ${also})` : sql`false`;

/** The next pending items of a consent check, with what the provider is to be asked about each. */
export async function pendingConsentItems(
  db: DbOrTx,
  job: { team_id: number; id: number },
  type: LookupType,
  limit: number,
  fresh: LookupFreshness | null,
  passedOver: Set<string>,
): Promise<ClaimedItem[]> {
  const pending = sql`i.team_id = ${job.team_id} AND i.job_id = ${job.id} AND i.state = ${LookupItemStates.pending} ${notPassedOver(passedOver)}`;
  if (type === LookupTypes.consent_certificates) {
    // An error is not a verdict worth keeping: it is asked again whatever its age.
    const isFresh = freshFor(sql`c.certificate_checked_at`, fresh?.consent_days ?? null, sql`c.certificate_status <> 'error'`);
    const found = await rows<CertificateRow>(
      db,
      sql`SELECT i.value, i.lead_id, (c.id IS NOT NULL AND l.id IS NOT NULL) AS present, COALESCE(${isFresh}, false) AS fresh,
            c.trusted_form_cert_url, c.leadid_token, c.seller,
            (SELECT p.phone FROM lead_phones p WHERE p.team_id = i.team_id AND p.lead_id = i.lead_id ORDER BY p.id LIMIT 1) AS phone,
            (SELECT e.email FROM lead_emails e WHERE e.team_id = i.team_id AND e.lead_id = i.lead_id ORDER BY e.id LIMIT 1) AS email
          FROM lookup_items i
          LEFT JOIN lead_consents c ON c.team_id = i.team_id AND c.id = i.value::bigint
          LEFT JOIN leads l ON l.team_id = i.team_id AND l.id = i.lead_id
          WHERE ${pending} ORDER BY i.value LIMIT ${limit}`,
    );
    return found.map((r) => ({ ...item(r), input: certificateInput(r) }));
  }
  const since = sql`to_char(COALESCE(
      (SELECT max(k.captured_at) FROM lead_consents k WHERE k.team_id = i.team_id AND k.lead_id = i.lead_id),
      (SELECT l.created_at FROM leads l WHERE l.team_id = i.team_id AND l.id = i.lead_id)) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const found = await rows<RndRow>(
    db,
    sql`SELECT x.value, x.lead_id, (x.phone IS NOT NULL AND x.since IS NOT NULL) AS present, x.since,
          COALESCE(${freshFor(sql`x.rnd_checked_at`, fresh?.rnd_days ?? null, sql`x.rnd_since = x.since`)}, false) AS fresh
        FROM (SELECT i.value, i.lead_id, p.phone, p.rnd_checked_at, p.rnd_since, ${since} AS since
              FROM lookup_items i LEFT JOIN lead_phones p ON p.team_id = i.team_id AND p.phone = i.value
              WHERE ${pending} ORDER BY i.value LIMIT ${limit}) x
        ORDER BY x.value`,
  );
  return found.map((r) => ({ ...item(r), input: { phone: r.value, since: r.since ?? "" } satisfies RndQueryInput }));
}

const item = (r: { value: string; lead_id: number; present: boolean; fresh: boolean }) => ({
  value: r.value,
  lead_id: Number(r.lead_id),
  present: r.present,
  fresh: r.fresh,
});

function certificateInput(r: CertificateRow): CertificateCheckInput {
  return {
    trustedFormCertUrl: r.trusted_form_cert_url,
    leadidToken: r.leadid_token,
    phone: r.phone,
    email: r.email,
    reference: `Leadflow lead ${Number(r.lead_id)}`,
    seller: r.seller,
  };
}
