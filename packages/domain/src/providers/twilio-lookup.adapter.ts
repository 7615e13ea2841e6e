import { asRecord, stringField } from "./adapter-params";
import { jsonObject, providerRequest } from "./http";
import type { PhoneLookupAdapter, PhoneLookupResult, ProviderOptions } from "./provider-types";
import { providerBaseUrl } from "./provider-urls";
import { basicAuth, checkTwilioAccount, twilioCredentials } from "./twilio-account";

/*
 * Twilio Lookup v2 with Line Type Intelligence (gateway type `gateway1` of kind sms_lookup):
 * GET https://lookups.twilio.com/v2/PhoneNumbers/{E.164}?Fields=line_type_intelligence, HTTP basic auth.
 * Plain fetch rather than the `twilio` SDK: see docs/providers.md ("Why not the twilio SDK").
 */

/** Twilio's list price for one Line Type Intelligence lookup, dollars. */
export const TWILIO_LOOKUP_UNIT_COST = 0.008;

const PROVIDER = "Twilio Lookup";

type Mapped = Pick<PhoneLookupResult, "carrierType" | "action" | "reason">;

/**
 * Every `line_type_intelligence.type` Twilio documents. Non-fixed VoIP (Google Voice and the like) takes SMS,
 * so it is sent to; fixed VoIP is usually a desk line behind a PBX that does not, so it is skipped like a landline.
 */
export const TwilioLineTypes = {
  mobile: { carrierType: "mobile", action: "send", reason: "Mobile" },
  landline: { carrierType: "landline", action: "skip", reason: "Landline" },
  nonFixedVoip: { carrierType: "voip", action: "send", reason: "Non-fixed VoIP" },
  fixedVoip: { carrierType: "voip", action: "skip", reason: "Fixed VoIP" },
  personal: { carrierType: "other", action: "skip", reason: "Personal number" },
  tollFree: { carrierType: "other", action: "skip", reason: "Toll-free" },
  premium: { carrierType: "other", action: "skip", reason: "Premium rate" },
  sharedCost: { carrierType: "other", action: "skip", reason: "Shared cost" },
  uan: { carrierType: "other", action: "skip", reason: "Universal access number" },
  voicemail: { carrierType: "other", action: "skip", reason: "Voicemail" },
  pager: { carrierType: "other", action: "skip", reason: "Pager" },
  unknown: { carrierType: "other", action: "skip", reason: "Unknown line type" },
} as const satisfies Record<string, Mapped>;
export type TwilioLineType = keyof typeof TwilioLineTypes;

export function twilioLookupAdapter(params: Record<string, string>, opts: ProviderOptions = {}): PhoneLookupAdapter {
  const creds = twilioCredentials(params, PROVIDER);
  const base = providerBaseUrl(opts, "twilio_lookup");
  return {
    unitCost: TWILIO_LOOKUP_UNIT_COST,
    async lookup(phone, signal) {
      const url = `${base}/v2/PhoneNumbers/${encodeURIComponent(phone)}?Fields=line_type_intelligence`;
      const res = await providerRequest(
        {
          provider: PROVIDER,
          url,
          headers: { Authorization: basicAuth(creds), Accept: "application/json" },
          secrets: [creds.token],
          signal,
        },
        opts,
      );
      return mapTwilioLookup(jsonObject(res, PROVIDER));
    },
    testConnection: (signal) => checkTwilioAccount(creds, opts, signal),
  };
}

/** Maps a Lookup v2 answer; Twilio has no place data here, so state, city and timezone stay null. */
export function mapTwilioLookup(json: unknown): PhoneLookupResult {
  const body = asRecord(json);
  const none = { state: null, city: null, timezone: null };
  if (body.valid === false) {
    const errors = Array.isArray(body.validation_errors) ? body.validation_errors.filter((e) => typeof e === "string") : [];
    const reason = errors.length > 0 ? `Invalid number (${errors.join(", ")})` : "Invalid number";
    return { valid: false, carrierName: null, carrierType: null, action: "skip", reason, ...none };
  }
  const lti = asRecord(body.line_type_intelligence);
  const carrierName = stringField(lti, "carrier_name");
  const type = stringField(lti, "type");
  const mapped = type && type in TwilioLineTypes ? TwilioLineTypes[type as TwilioLineType] : null;
  if (!mapped) {
    // No line type (an error_code such as 60601 for Canada without NPAC access): without it SMS is a guess.
    const code = stringField(lti, "error_code");
    const reason = code
      ? `Line type unavailable (Twilio error ${code})`
      : type
        ? `Unrecognised line type "${type}"`
        : "Line type unavailable";
    return { valid: true, carrierName, carrierType: type ? "other" : null, action: "skip", reason, ...none };
  }
  return { valid: true, carrierName, ...mapped, ...none };
}
