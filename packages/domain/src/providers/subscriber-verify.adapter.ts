import { boolField, requireParam, stringField } from "./adapter-params";
import { jsonObject, providerRequest } from "./http";
import {
  type ConnectionCheck,
  type PhoneLookupAdapter,
  type PhoneLookupResult,
  ProviderError,
  type ProviderOptions,
} from "./provider-types";
import { providerBaseUrl } from "./provider-urls";
import { redact } from "./redact";
import { normalizeTimezone, requireNanp } from "./us-numbers";

/*
 * SubscriberVerify lookup API, engine 2.0 (sms_lookup type `subscriber_verify`):
 * POST https://api2.subscriberverify.com/api with JSON { key, phone: 10 digits }. The API also takes GET, but a
 * JSON body keeps the key out of URLs. It answers its own recommendation (`action`: send, unsubscribe,
 * blacklist, error) with the carrier dip, place and time zone; booleans arrive as "true"/"false" strings.
 */

/** Assumed list price of one carrier lookup (1 credit), dollars: SubscriberVerify publishes no per-credit price. */
export const SUBSCRIBER_VERIFY_UNIT_COST = 0.005;

const PROVIDER = "SubscriberVerify";

export function subscriberVerifyAdapter(params: Record<string, string>, opts: ProviderOptions = {}): PhoneLookupAdapter {
  const key = requireParam(params, "api_key", "Api Key", PROVIDER);
  const url = `${providerBaseUrl(opts, "subscriber_verify")}/api`;

  async function call(payload: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const res = await providerRequest(
      {
        provider: PROVIDER,
        url,
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ key, ...payload }),
        secrets: [key],
        signal,
      },
      opts,
    );
    const body = jsonObject(res, PROVIDER);
    // Account-level failures (bad key, no credits) come back as 200s with error, ok:false or action "error".
    if (isErrorAnswer(body)) {
      const why = stringField(body, "reason") ?? stringField(body, "message") ?? stringField(body, "error") ?? "unspecified error";
      throw new ProviderError(`${PROVIDER}: ${redact(why, [key])}`, false, null);
    }
    return body;
  }

  return {
    unitCost: SUBSCRIBER_VERIFY_UNIT_COST,
    async lookup(phone, signal) {
      return mapSubscriberVerify(await call({ phone: requireNanp(phone, PROVIDER) }, signal));
    },
    async testConnection(signal): Promise<ConnectionCheck> {
      try {
        // The documented credits request: free, and it fails on a wrong key.
        const body = await call({ credits: 1 }, signal);
        const credits = Number(body.availableCredits);
        if (!Number.isFinite(credits)) return { ok: false, message: `${PROVIDER} did not report the account's credits.` };
        return { ok: true, message: `Connected to SubscriberVerify: ${credits.toLocaleString("en-US")} credits available.` };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.status === 401 || error.status === 403 || /key/i.test(error.message)) {
          return { ok: false, message: "The SubscriberVerify API key is wrong." };
        }
        return { ok: false, message: error.message };
      }
    },
  };
}

function isErrorAnswer(body: Record<string, unknown>): boolean {
  const error = boolField(body, "error");
  const errorText = error === null && typeof body.error === "string" && body.error.trim() !== "";
  return error === true || errorText || body.action === "error" || boolField(body, "ok") === false;
}

/** Carrier types as `dipCarrierType`/`nanpType` name them, normalised. */
function carrierTypeOf(raw: string | null): PhoneLookupResult["carrierType"] {
  if (!raw) return null;
  const t = raw.toLowerCase();
  if (t === "mobile" || t === "wireless" || t === "cell") return "mobile";
  if (t === "landline" || t === "fixed" || t === "wireline") return "landline";
  if (t.includes("voip")) return "voip";
  return "other";
}

const ActionReasons: Record<string, string> = { unsubscribe: "Unsubscribe", blacklist: "Blacklisted" };

/**
 * SubscriberVerify's own recommendation decides: "send" only when it says send and it does not also flag the
 * number SMS-ineligible or do-not-SMS. Its `reason` is kept in its words.
 */
export function mapSubscriberVerify(body: Record<string, unknown>): PhoneLookupResult {
  const nanpType = stringField(body, "nanpType");
  const invalid = boolField(body, "deliverable") === false || nanpType?.toLowerCase() === "invalid";
  const carrierType = invalid ? null : carrierTypeOf(stringField(body, "dipCarrierType") ?? nanpType);
  const action = stringField(body, "action")?.toLowerCase() ?? "";
  const send = !invalid && action === "send" && boolField(body, "smsEligible") !== false && boolField(body, "doNotSms") !== true;
  const fallback = invalid ? "Invalid number" : (ActionReasons[action] ?? (carrierType ? capitalise(carrierType) : null));
  return {
    valid: !invalid,
    carrierName: stringField(body, "dipCarrier"),
    carrierType,
    state: stringField(body, "geoState"),
    city: stringField(body, "geoCity"),
    timezone: normalizeTimezone(body.timezone),
    action: send ? "send" : "skip",
    reason: stringField(body, "reason") ?? fallback,
  };
}

function capitalise(s: string): string {
  return s === "voip" ? "VoIP" : s.charAt(0).toUpperCase() + s.slice(1);
}
