import { asRecord, requireParam, stringField } from "./adapter-params";
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
 * EmailOversight Email Validation API (email_lookup type `oversight`):
 * POST https://api.emailoversight.com/api/emailvalidation, header ApiToken, JSON { ListId, Email }
 * → { ListId, Email, ResultId, Result }. The documented GET form puts the token in the query string; the POST
 * form keeps it in a header. The full result list sits behind their login: see docs/providers.md for what was
 * assumed.
 */

/** Assumed price of one validation, dollars: EmailOversight publishes no per-validation price. */
export const OVERSIGHT_UNIT_COST = 0.005;

const PROVIDER = "EmailOversight";

/** example.com is reserved (RFC 2606): the connection test cannot validate anybody real. */
const TEST_EMAIL = "connection-test@example.com";

type Normalised = EmailVerifyResult["result"];

/**
 * `Result` words, lower-cased without spaces or punctuation. The do-not-mail classes (role, spam trap, complainer,
 * bot, seed, suppressed) are real mailboxes the product must not mail, so they count as invalid, reason kept.
 */
export const OversightResults: Record<string, Normalised> = {
  verified: "valid",
  valid: "valid",
  undeliverable: "invalid",
  malformed: "invalid",
  invalid: "invalid",
  invaliddomain: "invalid",
  catchall: "catch_all",
  acceptall: "catch_all",
  unknown: "unknown",
  disposable: "disposable",
  roleordistributiongroup: "invalid",
  role: "invalid",
  spamtrap: "invalid",
  complainer: "invalid",
  bot: "invalid",
  seedaccount: "invalid",
  suppressed: "invalid",
};

/** ResultId → Result, only for answers without a Result word (inferred; see docs/providers.md). */
export const OversightResultIds: Record<number, string> = {
  1: "Verified",
  2: "Undeliverable",
  3: "CatchAll",
  4: "Role Or Distribution Group",
  5: "Malformed",
  6: "SpamTrap",
  7: "Complainer",
  8: "Bot",
  9: "Seed Account",
  10: "Unknown",
  11: "Suppressed",
};

export function oversightAdapter(params: Record<string, string>, opts: ProviderOptions = {}): EmailVerifyAdapter {
  const token = requireParam(params, "api_token", "Api Token", PROVIDER);
  const listId = requireParam(params, "list_id", "List ID", PROVIDER);
  const url = `${providerBaseUrl(opts, "oversight")}/api/emailvalidation`;

  async function validate(email: string, signal?: AbortSignal): Promise<EmailVerifyResult> {
    const res = await providerRequest(
      {
        provider: PROVIDER,
        url,
        method: "POST",
        headers: { ApiToken: token, "Content-Type": "application/json", Accept: "application/json" },
        // ListId is numeric in their examples; a non-numeric one is sent as typed and refused by them.
        body: JSON.stringify({ ListId: /^\d+$/.test(listId) ? Number(listId) : listId, Email: email }),
        secrets: [token],
        signal,
      },
      opts,
    );
    return mapOversight(jsonObject(res, PROVIDER), [token]);
  }

  return {
    unitCost: OVERSIGHT_UNIT_COST,
    lookup: validate,
    async testConnection(signal): Promise<ConnectionCheck> {
      // No account endpoint is public: validate one reserved address (may use one credit).
      try {
        await validate(TEST_EMAIL, signal);
        return { ok: true, message: `Connected to EmailOversight (list ${listId}).` };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.status === 401 || error.status === 403) {
          return { ok: false, message: "The EmailOversight Api Token is wrong, or this server's IP address is not whitelisted." };
        }
        if (/list/i.test(error.message)) return { ok: false, message: `The EmailOversight List ID ${listId} is not valid for this token.` };
        return { ok: false, message: error.message };
      }
    },
  };
}

export function mapOversight(json: unknown, secrets: readonly string[] = []): EmailVerifyResult {
  const body = asRecord(json);
  const id = Number(body.ResultId);
  const word = stringField(body, "Result") ?? OversightResultIds[id] ?? null;
  if (!word) {
    // An answer without a result is an error in their words ({"Message": "..."}): not fixed by retrying.
    const why = stringField(body, "Message") ?? stringField(body, "message") ?? "the answer has no Result";
    throw new ProviderError(`${PROVIDER}: ${redact(why, secrets)}`, false, null);
  }
  const result = OversightResults[word.toLowerCase().replace(/[^a-z]/g, "")] ?? "unknown";
  return { result, reason: word };
}
