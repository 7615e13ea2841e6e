import type { CertificateStatus } from "@leadflow/contracts";
import { asRecord, boolField, requireParam, stringField } from "./adapter-params";
import { providerRequest } from "./http";
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
 * TrustedForm Certificate API v4 (consent_certificates type `trusted_form`): retain a certificate and match it
 * against the lead. POST {certificate URL} with `api-version: 4.0`, JSON in and out, HTTP basic auth "API":{key},
 * body { match_lead: { phone, email }, retain: { reference, vendor }, insights?: { properties } }. The request goes
 * to the operator's TrustedForm host with the certificate's id only: a URL from a lead file never chooses where
 * our key is sent.
 */

/** TrustedForm publishes no per-certificate list price (it bills by plan): an assumed figure for "Service cost". */
export const TRUSTED_FORM_UNIT_COST = 0.1;

const PROVIDER = "TrustedForm";
const CERT_ID = /^https:\/\/cert\.trustedform\.com\/([0-9a-f]{40})$/i;
/** What Insights is asked for: the page, when the form was loaded and until when the certificate is usable. */
const INSIGHTS = ["page_url", "created_at", "expires_at"];
/** No certificate has this id: asking about it checks the key without retaining (or paying for) anything. */
const NO_CERTIFICATE = "0".repeat(40);

export function trustedFormAdapter(params: Record<string, string>, opts: ProviderOptions = {}): CertificateAdapter {
  const key = requireParam(params, "api_key", "Api Key", PROVIDER);
  const insights = params.insights?.trim().toLowerCase() === "yes";
  const base = providerBaseUrl(opts, "trustedform");
  const auth = `Basic ${Buffer.from(`API:${key}`).toString("base64")}`;

  async function check(input: CertificateCheckInput, signal?: AbortSignal): Promise<CertificateCheckResult> {
    const certId = CERT_ID.exec(input.trustedFormCertUrl ?? "")?.[1]?.toLowerCase();
    if (!certId) throw new ProviderError("This consent record has no TrustedForm certificate URL.", false);
    return post(certId, input, signal);
  }

  async function post(certId: string, input: CertificateCheckInput, signal?: AbortSignal): Promise<CertificateCheckResult> {
    const body = {
      match_lead: { ...(input.phone ? { phone: input.phone } : {}), ...(input.email ? { email: input.email } : {}) },
      retain: { reference: input.reference, ...(input.seller ? { vendor: input.seller } : {}) },
      ...(insights ? { insights: { properties: INSIGHTS } } : {}),
    };
    try {
      const res = await providerRequest(
        {
          provider: PROVIDER,
          url: `${base}/${certId}`,
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "api-version": "4.0", Authorization: auth },
          body: JSON.stringify(body),
          secrets: [key],
          signal,
        },
        opts,
      );
      return mapTrustedForm(res.json);
    } catch (error) {
      const verdict = error instanceof ProviderError ? refusalVerdict(error) : null;
      if (verdict) return verdict;
      if (error instanceof ProviderError && (error.status === 401 || error.status === 403))
        throw new ProviderError("The TrustedForm API key is wrong or may not retain certificates.", false, error.status);
      throw error;
    }
  }

  return {
    unitCost: TRUSTED_FORM_UNIT_COST,
    lookup: (input, signal) => check(input, signal),
    // TrustedForm documents no account call; a certificate that does not exist is answered 404 once the key is
    // accepted, and nothing is retained.
    async testConnection(signal): Promise<ConnectionCheck> {
      try {
        const probe = {
          trustedFormCertUrl: null,
          leadidToken: null,
          phone: null,
          email: "test@example.com",
          reference: "test",
          seller: null,
        };
        await post(NO_CERTIFICATE, probe, signal);
        return { ok: true, message: "Connected to TrustedForm." };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return { ok: false, message: error.message };
      }
    },
  };
}

/** A certificate TrustedForm does not have (404) or no longer has (410, or a 404 that says so) is a verdict, not a failure. */
function refusalVerdict(error: ProviderError): CertificateCheckResult | null {
  if (error.status !== 404 && error.status !== 410) return null;
  const expired = error.status === 410 || /expired/i.test(error.message);
  return { status: expired ? "expired" : "not_found", details: { http_status: error.status, reason: error.message } };
}

/**
 * The 200 answer: `outcome` success (retained, and the phone or email matched) → verified; failure because lead
 * matching found neither → mismatch; failure or error naming an expired certificate → expired; any other error →
 * error (TrustedForm answered, and said the certificate could not be retained).
 */
export function mapTrustedForm(json: unknown): CertificateCheckResult {
  const body = asRecord(json);
  const outcome = stringField(body, "outcome")?.toLowerCase() ?? null;
  const reason = stringField(body, "reason");
  const match = asRecord(asRecord(body.match_lead).result);
  const retain = asRecord(asRecord(body.retain).results ?? asRecord(body.retain).result);
  const props = asRecord(asRecord(body.insights).properties);
  const details = {
    outcome,
    reason,
    phone_match: boolField(match, "phone_match"),
    email_match: boolField(match, "email_match"),
    page_url: stringField(props, "page_url"),
    created_at: stringField(props, "created_at"),
    expires_at: stringField(retain, "expires_at") ?? stringField(props, "expires_at"),
    previously_retained: boolField(retain, "previously_retained"),
  };
  const matched = boolField(match, "success");
  let status: CertificateStatus;
  if (outcome === "success") status = "verified";
  else if (reason && /expired/i.test(reason)) status = "expired";
  else if (outcome === "failure" && matched === false) status = "mismatch";
  else status = "error";
  return { status, details };
}
