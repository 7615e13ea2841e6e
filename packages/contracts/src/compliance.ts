import { z } from "zod";
import { CertificateStatuses, RndResults } from "./consent-capture";
import { LeadSelection } from "./leads";

/*
 * Consent in use: what the lead page shows of a lead's consent (its records, each certificate's verdict, the
 * Reassigned Numbers and DNC checks of its phones), the team's DNC freshness rule, and compliance files — a ZIP of one
 * PDF and one JSON per lead that a team hands to a carrier, a lawyer or a court (docs/compliance.md).
 */

const when = z.string().nullable();

/** One consent record as captured (append-only), with its certificate's verdict. */
export const ConsentRecord = z.object({
  id: z.number().int(),
  captured_at: when,
  page_url: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  language: z.string().nullable(),
  seller: z.string().nullable(),
  trusted_form_cert_url: z.string().nullable(),
  leadid_token: z.string().nullable(),
  evidence: z.string().nullable(),
  /** import, api, manual */
  origin: z.string(),
  import_id: z.number().int().nullable(),
  /** null: no certificate named, or not checked yet (`certificate_named` tells which). */
  certificate_status: z.enum(CertificateStatuses).nullable(),
  certificate_named: z.boolean(),
  certificate_checked_at: when,
  certificate_details: z.unknown().nullable(),
  /** Whether this record alone is consent proof by the send gate's rule (docs/compliance.md, What counts as proof). */
  is_proof: z.boolean(),
  created_at: z.string(),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/** A phone of the lead with its Do Not Call and Reassigned Numbers checks. */
export const ConsentPhone = z.object({
  phone: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  dnc_code: z.string().nullable(),
  dnc_message: z.string().nullable(),
  dnc_checked_at: when,
  /** The team's DNC rule holds this phone's marketing texts (no check, or one older than the rule allows). */
  dnc_stale: z.boolean(),
  rnd_result: z.enum(RndResults).nullable(),
  rnd_since: z.string().nullable(),
  rnd_checked_at: when,
});
export type ConsentPhone = z.infer<typeof ConsentPhone>;

/** GET /api/leads/{id}/consent: newest record first; `proof` is what a consent-proof campaign would say today. */
export const LeadConsent = z.object({
  records: z.array(ConsentRecord),
  phones: z.array(ConsentPhone),
  proof: z.object({
    ok: z.boolean(),
    /** Why not (a MessageReasons key: no_consent, consent_incomplete, certificate_pending, certificate_unverified, reassigned). */
    reason: z.string().nullable(),
    label: z.string().nullable(),
  }),
  dnc_max_age_days: z.number().int().nullable(),
});
export type LeadConsent = z.infer<typeof LeadConsent>;

// ── The team's DNC freshness rule ────────────────────────────────────────────────────────────────────────

export const DNC_RULE_DEFAULT_DAYS = 31;

/** GET / PUT /api/dnc-rule: marketing texts need a DNC check no older than `days` (off: no such rule). */
export const DncRule = z.object({
  enabled: z.boolean(),
  days: z.coerce
    .number({ error: "The number of days must be a whole number." })
    .int("The number of days must be a whole number.")
    .min(1, "The number of days must be at least 1.")
    .max(365, "The number of days may not be greater than 365."),
});
export type DncRule = z.infer<typeof DncRule>;
export const DncRuleSaved = z.object({ message: z.string(), data: DncRule });

// ── Compliance files ─────────────────────────────────────────────────────────────────────────────────────

/** One file holds at most this many leads: a PDF each, written one after the other. */
export const COMPLIANCE_FILE_MAX_LEADS = 1000;

/** POST /api/compliance-files: the leads (a lead page's one id, or the leads table's selection). */
export const StartComplianceFile = z.object({ selection: LeadSelection });
export type StartComplianceFile = z.infer<typeof StartComplianceFile>;

export const ComplianceFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  /** The signed download link once Completed. */
  url: z.string().nullable(),
  /** ExportStatuses: 1 New, 2 In progress, 3 Completed, 4 Failed. */
  status: z.number().int(),
  status_label: z.string(),
  total_leads: z.number().int(),
  completed_leads: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type ComplianceFile = z.infer<typeof ComplianceFile>;
export const ComplianceFileResponse = z.object({ message: z.string(), data: ComplianceFile });
export const OneComplianceFile = z.object({ data: ComplianceFile });
export const ComplianceFiles = z.object({ data: z.array(ComplianceFile) });
