import type { CertificateStatus, GatewaySenders, RndResult } from "@leadflow/contracts";

/*
 * The lookup provider interface: one adapter per gateway type, chosen by (kind, type). The lookup runner
 * (lookups/) only speaks these types; the adapters speak each provider's documented HTTP API.
 */

/** Carrier (line type) lookup of one phone, E.164. */
export interface PhoneLookupResult {
  /** The number exists and can be reached (a provider's "valid"). */
  valid: boolean;
  carrierName: string | null;
  /** Normalised line type. */
  carrierType: "mobile" | "landline" | "voip" | "other" | null;
  state: string | null;
  city: string | null;
  /** IANA zone, e.g. America/New_York. */
  timezone: string | null;
  /** What the product should do with the number: "send" or "skip" (a landline cannot take SMS). */
  action: "send" | "skip";
  /** Why, in words ("Landline", "Invalid number", "Mobile"). */
  reason: string | null;
}

/** Do-not-contact check of one phone, E.164. */
export interface DncCheckResult {
  federal: boolean;
  state: boolean;
  litigator: boolean;
  /** The provider's code and message for the phone (Blacklist Alliance: `code`, `message`). */
  code: string;
  message: string;
}

/** Verification of one email address. */
export interface EmailVerifyResult {
  /** Normalised result. */
  result: "valid" | "invalid" | "catch_all" | "disposable" | "unknown";
  /** The provider's own words (status / sub status). */
  reason: string | null;
}

/** One consent certificate to check: a TrustedForm certificate URL or a Jornaya LeadiD, with the lead it should match. */
export interface CertificateCheckInput {
  /** The consent record's TrustedForm certificate URL (https://cert.trustedform.com/<40 hex>), if any. */
  trustedFormCertUrl: string | null;
  /** The consent record's Jornaya LeadiD (a UUID), if any. */
  leadidToken: string | null;
  /** The lead's first phone (E.164) and email: the provider says whether the form recorded them. */
  phone: string | null;
  email: string | null;
  /** Our reference for the lead, kept with a retained certificate ("lead 42"). */
  reference: string;
  /** Who sold the lead, when the consent says (TrustedForm's vendor, Jornaya's provider code). */
  seller: string | null;
}

/** The verdict on a certificate, and what the provider said about it (page URL, capture time, expiry, matches). */
export interface CertificateCheckResult {
  status: CertificateStatus;
  details: Record<string, unknown>;
}

/** A Reassigned Numbers Database query: has this phone been permanently disconnected since that date? */
export interface RndQueryInput {
  phone: string;
  /** The date asked about, YYYY-MM-DD (the lead's consent date). */
  since: string;
}

export interface RndQueryResult {
  result: RndResult;
}

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

/**
 * What a provider call can fail with. `retryable`: the same request may be sent again (429, 5xx, timeouts,
 * connection errors); `retryAfterMs`: the provider said when (429 Retry-After). Not retryable: the provider
 * refused this item (4xx): the runner marks it failed and does not charge it.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** `I` is what one item asks about: a phone or an email for most kinds, more for the consent checks. */
export interface LookupAdapter<R, I = string> {
  /** Looks up one value; retries what is safe to retry (with backoff) before throwing a ProviderError. */
  lookup(value: I, signal?: AbortSignal): Promise<R>;
  /** Whether the credentials work, in words for the user. */
  testConnection(signal?: AbortSignal): Promise<ConnectionCheck>;
  /** The provider's list price per item in dollars (0 for the sandbox): the job's "Service cost". */
  readonly unitCost: number;
}

export type PhoneLookupAdapter = LookupAdapter<PhoneLookupResult>;
export type DncAdapter = LookupAdapter<DncCheckResult>;
export type EmailVerifyAdapter = LookupAdapter<EmailVerifyResult>;
export type CertificateAdapter = LookupAdapter<CertificateCheckResult, CertificateCheckInput>;
export type RndAdapter = LookupAdapter<RndQueryResult, RndQueryInput>;

/** A gateway as an adapter needs it: its type, plain params and decrypted secrets merged. */
export interface AdapterGateway {
  type: string;
  params: Record<string, string>;
  /** SMS gateways' configured senders (numbers, pools …), for send adapters whose provider has no list of its own. */
  senders?: Partial<GatewaySenders>;
}

/** A callback the sandbox senders post to the app's own hook endpoint later (sandbox-callbacks.ts). */
export interface DelayedCallback {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** What it reports, for the log when it cannot be delivered ("message 42: delivered"). */
  what: string;
}

/** Where adapters send requests and how patiently; tests point `baseUrls` at fake servers on loopback. */
export interface ProviderOptions {
  /** Per provider type key (e.g. "twilio_lookup", "black_list_alliance"), overriding the public API's URL. */
  baseUrls?: Partial<Record<string, string>>;
  timeoutMs?: number;
  /** Attempts per item, the first included. */
  attempts?: number;
  /** First backoff delay; doubles per attempt, with jitter, capped by `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * The longest Retry-After (429/503) waited out inside one call; a longer one ends the call at once with a
   * retryable ProviderError carrying `retryAfterMs`, so the runner can park the item instead of a worker.
   */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  /** Awaited before every retry: the lookup runner's pacer for the gateway's rate limit (it paces first attempts itself). */
  pace?: () => Promise<void>;
  /** Where the sandbox senders leave their delayed status callbacks; the process-wide queue when unset. */
  sandboxCallbacks?: { schedule(callback: DelayedCallback): void };
}
