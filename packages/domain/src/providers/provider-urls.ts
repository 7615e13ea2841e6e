import type { ProviderOptions } from "./provider-types";

/*
 * Where each provider's API lives, and the operator settings that move it (a proxy, a regional endpoint, a fake
 * server in a benchmark). These are deployment settings read from the environment, never user input: a gateway's
 * params cannot redirect requests (and with them its credentials) elsewhere.
 */

export const ProviderUrls = {
  twilio_lookup: { url: "https://lookups.twilio.com", env: "LEADFLOW_PROVIDER_URL_TWILIO_LOOKUP" },
  twilio_api: { url: "https://api.twilio.com", env: "LEADFLOW_PROVIDER_URL_TWILIO_API" },
  twilio_messaging: { url: "https://messaging.twilio.com", env: "LEADFLOW_PROVIDER_URL_TWILIO_MESSAGING" },
  messagebird: { url: "https://rest.messagebird.com", env: "LEADFLOW_PROVIDER_URL_MESSAGEBIRD" },
  teli_sms: { url: "https://sms.teleapi.net", env: "LEADFLOW_PROVIDER_URL_TELI_SMS" },
  teli_api: { url: "https://apiv1.teleapi.net", env: "LEADFLOW_PROVIDER_URL_TELI_API" },
  commio: { url: "https://api.thinq.com", env: "LEADFLOW_PROVIDER_URL_COMMIO" },
  telnyx: { url: "https://api.telnyx.com", env: "LEADFLOW_PROVIDER_URL_TELNYX" },
  black_list_alliance: { url: "https://api.blacklistalliance.net", env: "LEADFLOW_PROVIDER_URL_BLACKLIST_ALLIANCE" },
  subscriber_verify: { url: "https://api2.subscriberverify.com", env: "LEADFLOW_PROVIDER_URL_SUBSCRIBER_VERIFY" },
  oversight: { url: "https://api.emailoversight.com", env: "LEADFLOW_PROVIDER_URL_OVERSIGHT" },
  zerobounce: { url: "https://api.zerobounce.net", env: "LEADFLOW_PROVIDER_URL_ZEROBOUNCE" },
  vonage: { url: "https://rest.nexmo.com", env: "LEADFLOW_PROVIDER_URL_VONAGE" },
  flowroute: { url: "https://api.flowroute.com", env: "LEADFLOW_PROVIDER_URL_FLOWROUTE" },
  smsto: { url: "https://api.sms.to", env: "LEADFLOW_PROVIDER_URL_SMSTO" },
  smsto_auth: { url: "https://auth.sms.to", env: "LEADFLOW_PROVIDER_URL_SMSTO_AUTH" },
  d7: { url: "https://api.d7networks.com", env: "LEADFLOW_PROVIDER_URL_D7" },
  trustedform: { url: "https://cert.trustedform.com", env: "LEADFLOW_PROVIDER_URL_TRUSTEDFORM" },
  jornaya: { url: "https://api.leadid.com", env: "LEADFLOW_PROVIDER_URL_JORNAYA" },
  fcc_rnd: { url: "https://api.reassigned.us", env: "LEADFLOW_PROVIDER_URL_FCC_RND" },
  // Empty: the AWS SDK picks the regional endpoint itself.
  aws_ses: { url: "", env: "LEADFLOW_PROVIDER_URL_AWS_SES" },
} as const satisfies Record<string, { url: string; env: string }>;
export type ProviderUrlKey = keyof typeof ProviderUrls;

export const PROVIDER_TIMEOUT_ENV = "LEADFLOW_PROVIDER_TIMEOUT_MS";
export const PROVIDER_ATTEMPTS_ENV = "LEADFLOW_PROVIDER_ATTEMPTS";

/** The base URL to call for a provider, without a trailing slash. */
export function providerBaseUrl(opts: ProviderOptions, key: ProviderUrlKey): string {
  return (opts.baseUrls?.[key] || ProviderUrls[key].url).replace(/\/+$/, "");
}

/** Provider options from the environment; throws on a malformed value so a bad deployment fails at start. */
export function providerOptionsFromEnv(env: Record<string, string | undefined> = process.env): ProviderOptions {
  const baseUrls: Partial<Record<ProviderUrlKey, string>> = {};
  for (const [key, { env: name }] of Object.entries(ProviderUrls) as [ProviderUrlKey, { env: string }][]) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!isHttpUrl(value)) throw new Error(`${name} must be an http(s) URL, got "${value}".`);
    baseUrls[key] = value;
  }
  const opts: ProviderOptions = {};
  if (Object.keys(baseUrls).length > 0) opts.baseUrls = baseUrls;
  const timeoutMs = positiveInt(env, PROVIDER_TIMEOUT_ENV);
  if (timeoutMs !== undefined) opts.timeoutMs = timeoutMs;
  const attempts = positiveInt(env, PROVIDER_ATTEMPTS_ENV);
  if (attempts !== undefined) opts.attempts = attempts;
  return opts;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function positiveInt(env: Record<string, string | undefined>, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${raw}".`);
  return n;
}
