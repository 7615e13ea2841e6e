import { requireParam, stringField } from "./adapter-params";
import { jsonObject, providerRequest } from "./http";
import {
  type ConnectionCheck,
  type EmailVerifyAdapter,
  type EmailVerifyResult,
  ProviderError,
  type ProviderOptions,
} from "./provider-types";
import { providerBaseUrl } from "./provider-urls";
import { redact } from "./redact";

/*
 * ZeroBounce v2 (email_lookup type `zerobounce`): GET https://api.zerobounce.net/v2/validate?api_key=…&email=…
 * &ip_address= → { address, status, sub_status, … }; GET /v2/getcredits?api_key=… → { Credits: "123" }, "-1" for
 * a bad key. The key can only travel in the query string; error messages are redacted.
 */

/** List price per validation at ZeroBounce's small pay-as-you-go packs (it falls with volume), dollars. */
export const ZEROBOUNCE_UNIT_COST = 0.008;

const PROVIDER = "ZeroBounce";

type Normalised = EmailVerifyResult["result"];

/** Every documented `status`. Spam traps, abuse and do-not-mail addresses must not be mailed: invalid. */
export const ZeroBounceStatuses = {
  valid: "valid",
  invalid: "invalid",
  "catch-all": "catch_all",
  unknown: "unknown",
  spamtrap: "invalid",
  abuse: "invalid",
  do_not_mail: "invalid",
} as const satisfies Record<string, Normalised>;

export function zeroBounceAdapter(params: Record<string, string>, opts: ProviderOptions = {}): EmailVerifyAdapter {
  const key = requireParam(params, "api_key", "Api Key", PROVIDER);
  const base = `${providerBaseUrl(opts, "zerobounce")}/v2`;

  async function get(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const qs = new URLSearchParams({ api_key: key, ...query });
    const res = await providerRequest({ provider: PROVIDER, url: `${base}/${path}?${qs}`, secrets: [key], signal }, opts);
    const body = jsonObject(res, PROVIDER);
    // Key and credit problems come back as 200s with only an `error`.
    const error = stringField(body, "error");
    if (error && !stringField(body, "status")) throw new ProviderError(`${PROVIDER}: ${redact(error, [key])}`, false, null);
    return body;
  }

  return {
    unitCost: ZEROBOUNCE_UNIT_COST,
    async lookup(email, signal) {
      return mapZeroBounce(await get("validate", { email, ip_address: "" }, signal));
    },
    async testConnection(signal): Promise<ConnectionCheck> {
      try {
        const credits = Number(stringField(await get("getcredits", {}, signal), "Credits"));
        if (!Number.isFinite(credits)) return { ok: false, message: "ZeroBounce did not report the account's credits." };
        if (credits < 0) return { ok: false, message: "The ZeroBounce API key is wrong." };
        return { ok: true, message: `Connected to ZeroBounce: ${credits.toLocaleString("en-US")} credits left.` };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.status === 401 || error.status === 403 || /api key/i.test(error.message)) {
          return { ok: false, message: "The ZeroBounce API key is wrong." };
        }
        return { ok: false, message: error.message };
      }
    },
  };
}

export function mapZeroBounce(body: Record<string, unknown>): EmailVerifyResult {
  const status = stringField(body, "status")?.toLowerCase() ?? "";
  const sub = stringField(body, "sub_status");
  if (!(status in ZeroBounceStatuses)) {
    throw new ProviderError(`${PROVIDER}: unexpected status "${status || "(none)"}".`, false, null);
  }
  let result: Normalised = ZeroBounceStatuses[status as keyof typeof ZeroBounceStatuses];
  if (status === "do_not_mail" && sub === "disposable") result = "disposable";
  return { result, reason: sub ? `${status} (${sub})` : status };
}
