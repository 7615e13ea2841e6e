import { stringField } from "./adapter-params";
import { type ProviderRequest, type ProviderResponse, providerRequest } from "./http";
import { type ConnectionCheck, ProviderError, type ProviderOptions } from "./provider-types";

/*
 * Test connection of the send adapters: one free account call (a balance, a number list) through providerRequest,
 * its answer in words. A refusal of the credentials is said in the adapter's own words ("The … is wrong"), any other
 * provider failure as providerRequest words it; anything that is not a ProviderError (a bug, the caller's abort) is
 * rethrown, never shown as a connection problem.
 */

/** Test connection's answer to a failed account call; `authStatuses` are the answers that mean "wrong credentials". */
export function failedCheck(error: unknown, wrongCredentials: string, authStatuses: readonly number[] = [401, 403]): ConnectionCheck {
  if (!(error instanceof ProviderError)) throw error;
  return { ok: false, message: error.status !== null && authStatuses.includes(error.status) ? wrongCredentials : error.message };
}

/** One account call, its answer read by `read` (which may throw a ProviderError for an answer it cannot use). */
export async function accountCheck(
  req: ProviderRequest,
  opts: ProviderOptions,
  wrongCredentials: string,
  read: (res: ProviderResponse) => ConnectionCheck,
): Promise<ConnectionCheck> {
  try {
    return read(await providerRequest(req, opts));
  } catch (error) {
    return failedCheck(error, wrongCredentials);
  }
}

/** "Connected to {provider} (balance 12.50 USD)." out of a `{ balance, currency }` answer (D7 Networks, SMS.to). */
export function balanceCheck(provider: string, body: Record<string, unknown>): ConnectionCheck {
  const balance = Number(body.balance);
  const currency = stringField(body, "currency") ?? "";
  return {
    ok: true,
    message: `Connected to ${provider}${Number.isFinite(balance) ? ` (balance ${balance.toFixed(2)}${currency ? ` ${currency}` : ""})` : ""}.`,
  };
}
