import type { RndResult } from "@leadflow/contracts";
import { asRecord, requireParam, stringField } from "./adapter-params";
import { jsonObject, providerRequest } from "./http";
import { type ConnectionCheck, ProviderError, type ProviderOptions, type RndAdapter, type RndQueryInput } from "./provider-types";
import { providerBaseUrl } from "./provider-urls";
import { requireNanp } from "./us-numbers";

/*
 * The FCC Reassigned Numbers Database (rnd type `fcc_rnd`): has this number been permanently disconnected since the
 * date asked about? One query is a 10-digit number and a date (YYYY-MM-DD), answered "yes", "no" or "no data". The
 * RND Administrator gives its API's reference to subscribers only, so the request's shape here is this adapter's
 * assumption, kept in one place: POST {base}/v1/query, `Authorization: Bearer {api key}`, JSON { tn, date } →
 * { tn, date, result }. The host is an operator setting (LEADFLOW_PROVIDER_URL_FCC_RND).
 */

/** The RND sells queries in prepaid tiers; about a third of a cent per query at the usual tiers (assumed). */
export const FCC_RND_UNIT_COST = 0.003;

const PROVIDER = "Reassigned Numbers Database";
/** A fictional 555 number and the RND's first reporting day: the connection test asks about nobody real. */
const TEST_QUERY: RndQueryInput = { phone: "+12025550100", since: "2021-01-27" };

const Answers: Record<string, RndResult> = {
  yes: "reassigned",
  no: "not_reassigned",
  "no data": "no_data",
  no_data: "no_data",
  nodata: "no_data",
};

export function fccRndAdapter(params: Record<string, string>, opts: ProviderOptions = {}): RndAdapter {
  const key = requireParam(params, "api_key", "Api Key", PROVIDER);
  const base = providerBaseUrl(opts, "fcc_rnd");

  async function query(input: RndQueryInput, signal?: AbortSignal) {
    const tn = requireNanp(input.phone, PROVIDER);
    const res = await providerRequest(
      {
        provider: PROVIDER,
        url: `${base}/v1/query`,
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${key}` },
        body: JSON.stringify({ tn, date: input.since }),
        secrets: [key],
        signal,
      },
      opts,
    );
    return { result: mapRndAnswer(jsonObject(res, PROVIDER)) };
  }

  return {
    unitCost: FCC_RND_UNIT_COST,
    // async, so a refused number rejects like every other failure instead of throwing synchronously.
    lookup: async (input, signal) => query(input, signal),
    async testConnection(signal): Promise<ConnectionCheck> {
      // No account call is published: one query about a fictional number, like other integrations' tests.
      try {
        await query(TEST_QUERY, signal);
        return { ok: true, message: "Connected to the Reassigned Numbers Database." };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.status === 401 || error.status === 403)
          return { ok: false, message: "The Reassigned Numbers Database API key is wrong, or its subscription has lapsed." };
        return { ok: false, message: error.message };
      }
    },
  };
}

/** "yes" → reassigned, "no" → not reassigned, "no data" → no data; anything else is not an answer about the number. */
export function mapRndAnswer(json: unknown): RndResult {
  const said = stringField(asRecord(json), "result")?.toLowerCase() ?? "";
  const result = Answers[said];
  if (!result) throw new ProviderError(`${PROVIDER} answered "${said || "nothing"}" instead of yes, no or no data.`, false);
  return result;
}
