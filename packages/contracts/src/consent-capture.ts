import { z } from "zod";
import { text } from "./common";

/*
 * Consent a lead buyer can prove: what a file column or an API lead may say about the consent behind a lead (a
 * `lead_consents` record), the certificate check's verdicts and the Reassigned Numbers Database's answers.
 */

/** The consent values a capture may carry; each is a mapping target of a file column and a key of the API's `consent`. */
export const ConsentFields = [
  "captured_at",
  "page_url",
  "ip",
  "user_agent",
  "language",
  "seller",
  "trusted_form_cert_url",
  "leadid_token",
  "evidence",
] as const;
export type ConsentField = (typeof ConsentFields)[number];

/** Match Format's names for them. */
export const ConsentFieldLabels = {
  captured_at: "Consent: captured at",
  page_url: "Consent: page URL",
  ip: "Consent: IP",
  user_agent: "Consent: user agent",
  language: "Consent: language",
  seller: "Consent: seller",
  trusted_form_cert_url: "Consent: TrustedForm certificate URL",
  leadid_token: "Consent: Jornaya LeadiD",
  evidence: "Consent: evidence",
} as const satisfies Record<ConsentField, string>;

/** Longest consent value kept (consent language can be a paragraph; anything longer is refused, not cut). */
export const CONSENT_VALUE_MAX = 2000;

const consentValue = z
  .union([text(), z.number()], { error: "The value must be text." })
  .transform((v) => String(v))
  .pipe(z.string().max(CONSENT_VALUE_MAX, `The value may not be greater than ${CONSENT_VALUE_MAX} characters.`));

/**
 * The public import API's `consent` object. Only its shape is checked here: a malformed value (a cert URL not on
 * TrustedForm's host, a future capture time …) is reported per lead and the lead is still saved.
 */
export const PublicConsent = z.object(
  Object.fromEntries(ConsentFields.map((f) => [f, consentValue.optional()])) as Record<ConsentField, z.ZodOptional<typeof consentValue>>,
  { error: "The consent field must be an object." },
);
export type PublicConsent = z.infer<typeof PublicConsent>;

/** What a certificate check found, on the consent record it checked. */
export const CertificateStatuses = ["verified", "mismatch", "expired", "not_found", "error"] as const;
export type CertificateStatus = (typeof CertificateStatuses)[number];
export const CertificateStatusLabels = {
  verified: "Verified",
  mismatch: "Does not match the lead",
  expired: "Expired",
  not_found: "Not found",
  error: "Could not be verified",
} as const satisfies Record<CertificateStatus, string>;

/** The Reassigned Numbers Database's answer for a phone since a date: yes, no, or no data. */
export const RndResults = ["reassigned", "not_reassigned", "no_data"] as const;
export type RndResult = (typeof RndResults)[number];
export const RndResultLabels = {
  reassigned: "Reassigned",
  not_reassigned: "Not reassigned",
  no_data: "No data",
} as const satisfies Record<RndResult, string>;
