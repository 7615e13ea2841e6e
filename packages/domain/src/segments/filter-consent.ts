import { type SegmentFilter, SystemFields } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { certificateNamed, isConsentProof, latestConsentRecord } from "../leads";
import { type Wall, zonedInstant } from "../shared/zoned-time";
import { daysAgo } from "./filter-dates";
import { dateValues, dayCount, instant, optionValues, type RowScope, textArray } from "./filter-values";

/*
 * Consent conditions of the System Attributes group. They read the lead's latest consent record — the one the send
 * gate reads for "Only leads with consent proof" — through lead_consents_lead_idx (one backward probe a lead), and
 * its phones' Reassigned Numbers answers (lead_phones_team_lead_idx). Every condition is true or false, never NULL.
 *
 * - Consent proof: has proof — the latest record is proof by the gate's rule (consent-proof.ts); has no proof —
 *   no record, or a latest record that is not. The number's reassignment is its own field.
 * - Consent certificate: in — the latest record names a certificate whose check is one of the chosen verdicts
 *   (`unchecked`: not checked yet); not_in — none of them (a lead without a certificate is not in any); empty — the
 *   latest record names none (or there is no record); not_empty — it names one.
 * - Consent captured at: the latest record's capture time, as the lead's own dates are read: before / after /
 *   between in the tree's zone, within / not within the last N days ("consent older than N days" is not within —
 *   a lead without a capture time is not within, as a lead that never clicked is), empty / not_empty.
 * - Reassigned number check: in — some phone of the lead has one of the answers; not_in — none has; empty — no
 *   phone was checked; not_empty — some was.
 */

type Compile = (f: SegmentFilter, scope: RowScope) => SQL | null;

/** The lead's latest record satisfies `cond` (on alias `lc`). */
const latest = (scope: RowScope, cond: SQL) =>
  sql`EXISTS (SELECT 1 FROM (${latestConsentRecord(sql`${scope.teamId}`, sql`l.id`)}) lc WHERE ${cond})`;

const consentProof: Compile = (f, scope) => {
  const proven = latest(scope, isConsentProof("lc"));
  return f.expression === "has_proof" ? proven : sql`NOT ${proven}`;
};

const consentCertificate: Compile = (f, scope) => {
  const named = latest(scope, certificateNamed("lc"));
  if (f.expression === "empty") return sql`NOT ${named}`;
  if (f.expression === "not_empty") return named;
  const picked = optionValues<string>(f, SystemFields.consent_certificate, scope);
  if (!picked) return null;
  const verdicts = picked.filter((v) => v !== "unchecked");
  const status = sql`(lc.certificate_status = ANY(${textArray(verdicts)})${picked.includes("unchecked") ? sql` OR lc.certificate_status IS NULL` : sql``})`;
  const some = latest(scope, sql`${certificateNamed("lc")} AND ${status}`);
  return f.expression === "in" ? some : sql`NOT ${some}`;
};

const consentCapturedAt: Compile = (f, scope) => {
  const on = (cond: SQL) => latest(scope, sql`lc.captured_at IS NOT NULL AND ${cond}`);
  const at = (w: Wall) => instant(zonedInstant(w, scope.timeZone));
  switch (f.expression) {
    case "empty":
      return sql`NOT ${on(sql`true`)}`;
    case "not_empty":
      return on(sql`true`);
    case "within_last_days":
    case "not_within_last_days": {
      const days = dayCount(f, scope);
      if (days === null) return null;
      const within = on(sql`lc.captured_at >= ${instant(daysAgo(scope.now, days))}`);
      return f.expression === "within_last_days" ? within : sql`NOT ${within}`;
    }
  }
  const periods = dateValues(f, scope);
  if (!periods) return null;
  const [a, b] = periods;
  if (f.expression === "before") return on(sql`lc.captured_at < ${at(a!.start)}`);
  if (f.expression === "after") return on(sql`lc.captured_at >= ${at(a!.end)}`);
  return on(sql`lc.captured_at >= ${at(a!.start)} AND lc.captured_at < ${at(b!.end)}`);
};

const rndResult: Compile = (f, scope) => {
  const some = (cond: SQL) => sql`EXISTS (SELECT 1 FROM lead_phones c WHERE c.team_id = ${scope.teamId} AND c.lead_id = l.id AND ${cond})`;
  if (f.expression === "empty") return sql`NOT ${some(sql`c.rnd_result IS NOT NULL`)}`;
  if (f.expression === "not_empty") return some(sql`c.rnd_result IS NOT NULL`);
  const picked = optionValues<string>(f, SystemFields.rnd_result, scope);
  if (!picked) return null;
  const found = some(sql`c.rnd_result = ANY(${textArray(picked)})`);
  return f.expression === "in" ? found : sql`NOT ${found}`;
};

export const consentConditions = {
  consent_proof: consentProof,
  consent_certificate: consentCertificate,
  consent_captured_at: consentCapturedAt,
  rnd_result: rndResult,
} as const satisfies Record<string, Compile>;
