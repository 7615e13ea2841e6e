import { GetAccountCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { requireParam } from "../adapter-params";
import { DEFAULT_ATTEMPTS, DEFAULT_TIMEOUT_MS } from "../http";
import type { ConnectionCheck, ProviderOptions } from "../provider-types";
import { providerBaseUrl } from "../provider-urls";
import { redact } from "../redact";

/*
 * The connection test of an Amazon SES email gateway (type `aws_ses`): SES v2 GetAccount through the official
 * SDK. Free, signed with the gateway's keys, and it tells whether the account can send at all.
 */

const PROVIDER = "Amazon SES";

/** Error names AWS answers for a key that does not exist or a secret that does not match. */
export const SES_WRONG_KEYS = new Set([
  "UnrecognizedClientException",
  "InvalidClientTokenId",
  "InvalidSignatureException",
  "SignatureDoesNotMatch",
]);

export async function checkSesAccount(
  params: Record<string, string>,
  opts: ProviderOptions = {},
  signal?: AbortSignal,
): Promise<ConnectionCheck> {
  const accessKeyId = requireParam(params, "key", "Access Key ID", PROVIDER);
  const secretAccessKey = requireParam(params, "secret", "Secret Access Key", PROVIDER);
  const region = requireParam(params, "region", "Region", PROVIDER);
  const endpoint = providerBaseUrl(opts, "aws_ses") || undefined;
  const client = new SESv2Client({
    region,
    endpoint,
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: opts.attempts ?? DEFAULT_ATTEMPTS,
  });
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const account = await client.send(new GetAccountCommand({}), { abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (account.SendingEnabled === false) return { ok: false, message: `Sending is disabled for this Amazon SES account in ${region}.` };
    const quota = account.SendQuota?.Max24HourSend;
    const limit = quota !== undefined && quota >= 0 ? `, ${quota.toLocaleString("en-US")} emails per 24 hours` : "";
    const mode = account.ProductionAccessEnabled ? "production access" : "sandbox mode: it can only send to verified addresses";
    return { ok: true, message: `Connected to Amazon SES in ${region} (${mode}${limit}).` };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const name = (error as { name?: string }).name ?? "";
    if (SES_WRONG_KEYS.has(name)) return { ok: false, message: "The Access Key ID or Secret Access Key is wrong." };
    if (name === "AccessDeniedException") return { ok: false, message: "These keys are not allowed to call ses:GetAccount." };
    if (timeout.aborted) return { ok: false, message: `${PROVIDER} did not answer in time.` };
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${PROVIDER}: ${redact(text, [secretAccessKey])}` };
  } finally {
    client.destroy();
  }
}
