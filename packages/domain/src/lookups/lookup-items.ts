import type { CertificateCheckResult, DncCheckResult, EmailVerifyResult, PhoneLookupResult, RndQueryResult } from "../providers";

/** The items of one lookup batch, from their claim to the provider's answers: what the runner's steps pass on. */

export interface ClaimedItem {
  value: string;
  lead_id: number;
  present: boolean;
  fresh: boolean;
  /** What the provider is asked, when it is more than the value (a certificate and its lead, a phone and a date). */
  input?: unknown;
}

export type ProviderResult = PhoneLookupResult | DncCheckResult | EmailVerifyResult | CertificateCheckResult | RndQueryResult;

export interface Answered<R extends ProviderResult = ProviderResult> {
  value: string;
  leadId: number;
  result: R;
  /** What the provider was asked, when it was more than the value (the date a Reassigned Numbers query asked about). */
  input?: unknown;
}

export interface Batch {
  answered: Answered[];
  /** Values whose result is fresh enough to reuse: free, no provider call. */
  reused: string[];
  /** Values the provider refused for good (not charged), with its reason. */
  failed: { value: string; reason: string }[];
  /** Values gone from their lead since the snapshot (edited or deleted). */
  skipped: string[];
}

export const emptyBatch = (): Batch => ({ answered: [], reused: [], failed: [], skipped: [] });
