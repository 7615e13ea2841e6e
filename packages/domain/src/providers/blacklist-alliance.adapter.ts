import { asRecord, requireParam, stringField } from "./adapter-params";
import { jsonObject, providerRequest } from "./http";
import { type ConnectionCheck, type DncAdapter, type DncCheckResult, ProviderError, type ProviderOptions } from "./provider-types";
import { providerBaseUrl } from "./provider-urls";
import { redact } from "./redact";
import { requireNanp } from "./us-numbers";

/*
 * Blacklist Alliance "simple" Lookup API (sms_dnc type `black_list_alliance`):
 * GET https://api.blacklistalliance.net/lookup?key=…&ver=v5&resp=json&phone=10digits
 * → { status: "success", message: "Good" | "Blacklisted" | …, code: "none" | "federal-dnc,prelitigation1", … }.
 * The key must ride in the query string (the API takes no header); error messages are redacted.
 */

/** Per-scrub price of the Blacklist Alliance Litigation Firewall as publicly listed (ActiveProspect), dollars. */
export const BLACKLIST_ALLIANCE_UNIT_COST = 0.01;

const PROVIDER = "Blacklist Alliance";

/** A fictional 555 number: the connection test must not look up anybody real. */
const TEST_PHONE = "2025550100";

const FEDERAL_CODES = new Set(["federal-dnc", "national-dnc", "dnc-federal"]);

export function blacklistAllianceAdapter(params: Record<string, string>, opts: ProviderOptions = {}): DncAdapter {
  const key = requireParam(params, "api_key", "Api Key", PROVIDER);
  const base = providerBaseUrl(opts, "black_list_alliance");

  async function query(phone10: string, signal?: AbortSignal): Promise<DncCheckResult> {
    const qs = new URLSearchParams({ key, ver: "v5", resp: "json", phone: phone10 });
    const res = await providerRequest({ provider: PROVIDER, url: `${base}/lookup?${qs}`, secrets: [key], signal }, opts);
    return mapBlacklistAlliance(jsonObject(res, PROVIDER), [key]);
  }

  return {
    unitCost: BLACKLIST_ALLIANCE_UNIT_COST,
    // async, so a refused number rejects like every other failure instead of throwing synchronously.
    lookup: async (phone, signal) => query(requireNanp(phone, PROVIDER), signal),
    async testConnection(signal): Promise<ConnectionCheck> {
      // No account endpoint is documented: like other integrations, look up one fictional number (one scrub).
      try {
        await query(TEST_PHONE, signal);
        return { ok: true, message: "Connected to Blacklist Alliance." };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.status === 401 || error.status === 403 || /key/i.test(error.message)) {
          return { ok: false, message: "The Blacklist Alliance API key is wrong or not active." };
        }
        return { ok: false, message: error.message };
      }
    },
  };
}

/**
 * `code` lists the data feeds the number is on. federal-dnc is the National DNC Registry; `{state}-dnc` a state
 * registry; every other feed (plaintiffs, attorneys, pre-litigation, screamers, anti-telemarketing, the account's
 * own suppression list) is what Blacklist Alliance exists for, so it counts as `litigator`. A "Blacklisted"
 * answer without a recognisable code is treated as litigator too: the safe reading of a hit.
 */
export function mapBlacklistAlliance(json: unknown, secrets: readonly string[] = []): DncCheckResult {
  const body = asRecord(json);
  const status = stringField(body, "status")?.toLowerCase();
  const message = stringField(body, "message") ?? "";
  if (status !== "success") {
    // A 200 with an error status (bad key, no credits) is not something a retry fixes.
    const why = message || `unexpected answer ${JSON.stringify(body).slice(0, 120)}`;
    throw new ProviderError(`${PROVIDER}: ${redact(why, secrets)}`, false, null);
  }
  const code = stringField(body, "code") ?? "none";
  const codes = code
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "" && c !== "none");
  const federal = codes.some((c) => FEDERAL_CODES.has(c));
  const state = codes.some((c) => !FEDERAL_CODES.has(c) && c.endsWith("-dnc"));
  const listed = codes.some((c) => !c.endsWith("-dnc") && !FEDERAL_CODES.has(c));
  const hit = message.toLowerCase() !== "good" || codes.length > 0;
  const litigator = listed || (hit && !federal && !state);
  return { federal, state, litigator, code, message: message || (hit ? "Blacklisted" : "Good") };
}
