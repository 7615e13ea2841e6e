import type { CertificateStatus } from "@leadflow/contracts";
import { asRecord, requireParam, stringField } from "./adapter-params";
import { jsonObject, providerRequest } from "./http";
import {
  type CertificateAdapter,
  type CertificateCheckInput,
  type CertificateCheckResult,
  type ConnectionCheck,
  ProviderError,
  type ProviderOptions,
} from "./provider-types";
import { providerBaseUrl } from "./provider-urls";

/*
 * Jornaya LeadiD (consent_certificates type `jornaya`). With an audit key, the lead audit:
 * GET https://api.leadid.com/SingleQuery?lac={account code}&lak={audit key}&lpc={provider code}&id={LeadiD}
 *   &data=phone1;{10 digits}|email;{email}&format=json → { audit: { authentic, reason, data_integrity … }, transid };
 * without one, the authentication check: GET /Authenticate?lac=…&id=…&format=json → { authenticate: { authentic,
 * reason, token } }. Both answer HTTP 200 whatever the verdict: `authentic` 1 or 0 and a numeric `reason`. The
 * credentials only travel in the query string, so every message is redacted.
 */

/** Jornaya sells audits by contract and publishes no per-query price: an assumed figure for "Service cost". */
export const JORNAYA_UNIT_COST = 0.05;

const PROVIDER = "Jornaya";
/** A token Jornaya never issued: asking about it checks the account code and costs no lead. */
const NO_TOKEN = "00000000-0000-0000-0000-000000000000";

/** `reason` when `authentic` is 0: 1 expired (over a year old) or not found, 2 queried too often, 3 the consumer opted out, 4 not a LeadiD. */
const Reasons: Record<number, { status: CertificateStatus; text: string }> = {
  1: { status: "expired", text: "token expired" },
  2: { status: "error", text: "query limit reached" },
  3: { status: "error", text: "consumer opted out" },
  4: { status: "not_found", text: "not a LeadiD token" },
};

export function jornayaAdapter(params: Record<string, string>, opts: ProviderOptions = {}): CertificateAdapter {
  const lac = requireParam(params, "account_code", "Account Code", PROVIDER);
  const lak = params.audit_key?.trim() || null;
  const lpc = params.provider_code?.trim() || null;
  const base = providerBaseUrl(opts, "jornaya");
  const secrets = lak ? [lac, lak] : [lac];

  async function query(input: CertificateCheckInput, signal?: AbortSignal): Promise<CertificateCheckResult> {
    const token = input.leadidToken?.trim();
    if (!token) throw new ProviderError("This consent record has no Jornaya LeadiD.", false);
    const qs = new URLSearchParams({ lac, id: token, format: "json" });
    if (lak) {
      qs.set("lak", lak);
      qs.set("lpc", lpc ?? input.seller ?? "unknown");
      const data = dataIntegrity(input);
      if (data) qs.set("data", data);
    }
    const path = lak ? "SingleQuery" : "Authenticate";
    const res = await providerRequest({ provider: PROVIDER, url: `${base}/${path}?${qs}`, secrets, signal }, opts);
    return mapJornaya(jsonObject(res, PROVIDER));
  }

  return {
    unitCost: JORNAYA_UNIT_COST,
    lookup: (input, signal) => query(input, signal),
    async testConnection(signal): Promise<ConnectionCheck> {
      try {
        const probe = { trustedFormCertUrl: null, leadidToken: NO_TOKEN, phone: null, email: null, reference: "test", seller: null };
        await query(probe, signal);
        return { ok: true, message: "Connected to Jornaya." };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.status === 401 || error.status === 403) return { ok: false, message: "The Jornaya Account Code or Audit Key is wrong." };
        return { ok: false, message: error.message };
      }
    },
  };
}

/** The audit's `data`: the lead's phone (10 digits for +1) and email, as Jornaya's field labels name them. */
function dataIntegrity(input: CertificateCheckInput): string | null {
  const parts: string[] = [];
  if (input.phone) parts.push(`phone1;${input.phone.startsWith("+1") ? input.phone.slice(2) : input.phone.replace(/\D/g, "")}`);
  if (input.email) parts.push(`email;${input.email}`);
  return parts.length ? parts.join("|") : null;
}

/**
 * `authentic` 1 → verified, or mismatch when the audit's data integrity says neither the phone nor the email is what
 * the form recorded (0 mismatch, 2 mismatch with disclosure; 1 match, 3 match to a default); `authentic` 0 → by reason.
 */
export function mapJornaya(json: unknown): CertificateCheckResult {
  const body = asRecord(json);
  const answer = asRecord(body.audit ?? body.authenticate);
  const authentic = Number(answer.authentic);
  const reasonCode = Number(answer.reason);
  const integrity = fieldMatches(answer.data_integrity);
  const details: Record<string, unknown> = {
    authentic: Number.isFinite(authentic) ? authentic : null,
    reason: Number.isFinite(reasonCode) ? reasonCode : null,
    token: stringField(answer, "token"),
    transid: stringField(body, "transid"),
    ...integrity,
  };
  if (authentic === 1) {
    const answered = Object.values(integrity);
    const mismatch = answered.length > 0 && !answered.some((v) => v === 1 || v === 3);
    return { status: mismatch ? "mismatch" : "verified", details };
  }
  if (authentic === 0) {
    const r = Reasons[reasonCode];
    return { status: r?.status ?? "error", details: { ...details, reason_text: r?.text ?? null } };
  }
  throw new ProviderError(`${PROVIDER} answered without an authentic flag.`, false);
}

/** The audit's per-field data integrity answers for the phone and the email, wherever the answer nests them. */
function fieldMatches(raw: unknown): { phone_match?: number; email_match?: number } {
  const di = asRecord(raw);
  const fields = { ...asRecord(di.fields), ...di };
  const read = (v: unknown) => (v === undefined || v === null || v === "" || !Number.isInteger(Number(v)) ? undefined : Number(v));
  const phone = read(fields.phone1 ?? fields.phone);
  const email = read(fields.email);
  return { ...(phone === undefined ? {} : { phone_match: phone }), ...(email === undefined ? {} : { email_match: email }) };
}
