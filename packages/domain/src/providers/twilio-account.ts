import { requireParam, stringField } from "./adapter-params";
import { jsonObject, providerRequest } from "./http";
import { type ConnectionCheck, ProviderError, type ProviderOptions } from "./provider-types";
import { providerBaseUrl } from "./provider-urls";

/*
 * Twilio credentials, shared by the SMS gateway and Twilio Lookup (both type `gateway1`, fields sys_id and
 * auth_token). The connection test fetches the account itself: free, and it proves both the SID and the token.
 */

export interface TwilioCredentials {
  sid: string;
  token: string;
}

export function twilioCredentials(params: Record<string, string>, provider: string): TwilioCredentials {
  return {
    sid: requireParam(params, "sys_id", "Account SID", provider),
    token: requireParam(params, "auth_token", "Auth Token", provider),
  };
}

export function basicAuth({ sid, token }: TwilioCredentials): string {
  return `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
}

export const TWILIO_WRONG_CREDENTIALS = "The Account SID or Auth Token is wrong.";

/** GET /2010-04-01/Accounts/{sid}.json: ok when the account answers and is active. */
export async function checkTwilioAccount(creds: TwilioCredentials, opts: ProviderOptions, signal?: AbortSignal): Promise<ConnectionCheck> {
  const url = `${providerBaseUrl(opts, "twilio_api")}/2010-04-01/Accounts/${encodeURIComponent(creds.sid)}.json`;
  try {
    const res = await providerRequest(
      { provider: "Twilio", url, headers: { Authorization: basicAuth(creds), Accept: "application/json" }, secrets: [creds.token], signal },
      opts,
    );
    const account = jsonObject(res, "Twilio");
    const name = stringField(account, "friendly_name") ?? creds.sid;
    const status = stringField(account, "status") ?? "active";
    if (status !== "active") return { ok: false, message: `The Twilio account "${name}" is ${status}.` };
    return { ok: true, message: `Connected to the Twilio account "${name}".` };
  } catch (error) {
    // Twilio answers 401 for a wrong token and 404 for a SID that is not the token's account.
    if (error instanceof ProviderError && (error.status === 401 || error.status === 403 || error.status === 404)) {
      return { ok: false, message: TWILIO_WRONG_CREDENTIALS };
    }
    if (error instanceof ProviderError) return { ok: false, message: error.message };
    throw error;
  }
}
