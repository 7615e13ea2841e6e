import { asRecord, requireParam, stringField } from "../adapter-params";
import { signedStatusUrl } from "../callback-signing";
import { accountCheck } from "../connection-check";
import { jsonObject, type ProviderRequest, type ProviderResponse, providerRequest } from "../http";
import { providerBaseUrl } from "../provider-urls";
import { redact } from "../redact";
import { rejected, sendJson } from "../send-http";
import type { SendContext, SenderOption, SendOutcome, SmsSendFactory, SmsSendRequest } from "../send-types";
import { parseTelnyxWebhook, telnyxPublicKey } from "./telnyx-webhook";

/*
 * Telnyx Messaging v2 (SMS gateway type `gateway10`; field `token` labelled "Api Key", optional `public_key`;
 * senders are messaging profiles): POST /v2/messages with Bearer auth, `from` (a number) or `messaging_profile_id`
 * (a pool: Telnyx picks the number), our signed `webhook_url` carrying the ledger id and `validity_period_secs`.
 * Telnyx documents no idempotency key for messages, so none is sent.
 */

/** Telnyx's US list price per outbound SMS part (long code), dollars; carrier fees are billed on top. */
export const TELNYX_SMS_UNIT_COST = 0.004;
export const TELNYX_OPTED_OUT_CODE = "40300";

const PROVIDER = "Telnyx";
const WRONG_KEY = "The Telnyx API key is wrong or has been revoked.";

export const telnyxSmsAdapter: SmsSendFactory = (params, ctx, opts = {}, senders = {}) => {
  const token = requireParam(params, "token", "Api Key", PROVIDER);
  const publicKey = params.public_key?.trim() ? telnyxPublicKey(params.public_key) : null;
  const base = providerBaseUrl(opts, "telnyx");
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const call = (path: string, signal?: AbortSignal): ProviderRequest => ({
    provider: PROVIDER,
    url: `${base}${path}`,
    headers,
    secrets: [token],
    signal,
  });

  return {
    unitCost: TELNYX_SMS_UNIT_COST,
    send: (req, signal) =>
      sendJson(
        { provider: PROVIDER, url: `${base}/v2/messages`, headers, json: messageBody(req, ctx), secrets: [token], signal },
        opts,
        (res) => telnyxOutcome(res, token),
      ),
    parseCallback: async (req) => parseTelnyxWebhook(req, ctx, publicKey),
    async senderOptions(signal) {
      const res = await providerRequest(call("/v2/messaging_profiles?page[size]=250", signal), opts);
      const listed = (asRecord(res.json).data as unknown[] | undefined) ?? [];
      const options = new Map<string, SenderOption>();
      for (const p of listed.map(asRecord)) {
        const id = stringField(p, "id");
        if (id) options.set(id, { kind: "pool", key: id, label: stringField(p, "name") ?? id });
      }
      // Profiles typed into the gateway that the key cannot list (another account's) stay offered as configured.
      for (const row of senders.list ?? [])
        if (row.id && !options.has(row.id)) options.set(row.id, { kind: "pool", key: row.id, label: row.name || row.id });
      return [...options.values()];
    },
    testConnection: (signal) =>
      accountCheck(call("/v2/balance", signal), opts, WRONG_KEY, (res) => {
        const balance = asRecord(jsonObject(res, PROVIDER).data);
        const amount = stringField(balance, "available_credit") ?? stringField(balance, "balance");
        return {
          ok: true,
          message: `Connected to Telnyx${amount ? `: ${amount} ${stringField(balance, "currency") ?? "USD"} available` : ""}.`,
        };
      }),
  };
};

export function messageBody(req: SmsSendRequest, ctx: SendContext): Record<string, unknown> {
  return {
    to: req.to,
    text: req.body,
    ...(req.senderKind === "pool" ? { messaging_profile_id: req.from } : { from: req.from }),
    webhook_url: req.statusCallbackUrl ?? signedStatusUrl(ctx, req.messageId),
    // Status events for this message go to our URL only, not (also) to the profile's webhooks.
    use_profile_webhooks: false,
    ...(req.validitySeconds ? { validity_period_secs: Math.max(1, Math.floor(req.validitySeconds)) } : {}),
  };
}

function telnyxOutcome(res: ProviderResponse, token: string): SendOutcome {
  const error = asRecord(Array.isArray(asRecord(res.json).errors) ? (asRecord(res.json).errors as unknown[])[0] : undefined);
  if (res.status >= 400) {
    const code = stringField(error, "code");
    const words = [stringField(error, "title"), stringField(error, "detail")].filter(Boolean).join(": ");
    return rejected(PROVIDER, res, { code, words: words || null, optedOut: code === TELNYX_OPTED_OUT_CODE, secrets: [token] });
  }
  const data = asRecord(asRecord(res.json).data);
  const id = stringField(data, "id");
  // A 2xx without a message id: Telnyx took something, so the ledger must not assume it did not.
  if (!id)
    return {
      kind: "unknown",
      message: redact(`Telnyx answered HTTP ${res.status} without a message id; the message may have been taken.`, [token]),
    };
  const parts = Number(data.parts);
  return { kind: "accepted", providerId: id, ...(parts > 0 ? { segments: parts } : {}) };
}
