import type { CertificateStatus, RndResult } from "@leadflow/contracts";
import type { CertificateAdapter, CertificateCheckInput, CertificateCheckResult, RndAdapter, RndQueryInput } from "./provider-types";
import { SANDBOX_CONNECTION } from "./sandbox.adapters";

/*
 * The built-in `sandbox` of the consent kinds: deterministic verdicts keyed on the certificate itself, no account,
 * free (docs/providers.md has the tables). A demo shows every verdict by choosing the last character of a
 * certificate or a phone.
 */

/** By the certificate's last character: the TrustedForm certificate id's last hex digit, else the LeadiD's last one. */
export const SandboxCertificateVerdicts: Record<string, CertificateStatus> = {
  c: "mismatch",
  d: "expired",
  e: "not_found",
  f: "error",
};

/** The day the RND's data starts: a date before it cannot be answered. */
export const RND_FIRST_DAY = "2021-01-27";

/** By the phone's last digit, for dates the RND has data for. */
export const SandboxRndAnswers: Record<string, RndResult> = { "7": "reassigned", "8": "no_data" };

export function sandboxCertificateCheck(input: CertificateCheckInput): CertificateCheckResult {
  const certificate = input.trustedFormCertUrl ?? input.leadidToken ?? "";
  const status = SandboxCertificateVerdicts[certificate.slice(-1).toLowerCase()] ?? "verified";
  const matched = status === "verified" || status === "expired";
  return {
    status,
    details: {
      sandbox: true,
      certificate,
      page_url: "https://forms.sandbox.leadflow.test/quote",
      phone_match: input.phone ? matched : null,
      email_match: input.email ? matched : null,
    },
  };
}

export function sandboxRndQuery(input: RndQueryInput): RndResult {
  if (input.since < RND_FIRST_DAY) return "no_data";
  return SandboxRndAnswers[input.phone.slice(-1)] ?? "not_reassigned";
}

export function sandboxCertificateAdapter(): CertificateAdapter {
  return { unitCost: 0, lookup: async (input) => sandboxCertificateCheck(input), testConnection: async () => SANDBOX_CONNECTION };
}

export function sandboxRndAdapter(): RndAdapter {
  return { unitCost: 0, lookup: async (input) => ({ result: sandboxRndQuery(input) }), testConnection: async () => SANDBOX_CONNECTION };
}
