import { asRecord, requireParam, stringField } from "../adapter-params";
import { signedStatusUrl } from "../callback-signing";
import { accountCheck, balanceCheck } from "../connection-check";
import { jsonObject, type ProviderResponse } from "../http";
import { providerBaseUrl } from "../provider-urls";
import { redact } from "../redact";
import { refuse, rejected, sendJson } from "../send-http";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext, SendOutcome, SmsSendFactory } from "../send-types";
import { parseSignedFlatCallback } from "./callback-fields";
import { configuredNumbers } from "./configured-senders";

/*
 * SMS.to (gateway type `gateway13`): POST https://api.sms.to/sms/send with the API key (the "License Key" field) as
 * a Bearer token and our signed status URL as `callback_url`; it answers `message_id`. Status callbacks are posted
 * form-encoded (trackingId, messageId, phone, status, parts, price) and signed by nobody, so our URL carries `sig`.
 * Sender ids are the gateway's configured numbers/names (SMS.to has no list of them in its API).
 */

const PROVIDER = "SMS.to";

/** SMS.to publishes per-country prices only in its portal; US per part, assumed (docs/providers.md). */
export const SMSTO_UNIT_COST = 0.01;

/** SMS.to's message statuses → the engine's. */
export const SmsToStatuses: Record<string, DeliveryStatus> = {
  QUEUED: "queued",
  PENDING: "queued",
  SCHEDULED: "queued",
  ACCEPTED: "sent",
  ONGOING: "sent",
  SENT: "sent",
  DELIVERED: "delivered",
  FAILED: "failed",
  REJECTED: "failed",
  UNDELIVERED: "undelivered",
  EXPIRED: "undelivered",
};

const OPT_OUT = /opt(?:ed)?[\s-]?out|unsubscribed|blacklist/i;

/** 2xx with `success` and `message_id` is taken; `success: false` or a 4xx is a refusal in SMS.to's words. */
export function classifySmsToAnswer(res: ProviderResponse, secrets: readonly string[]): SendOutcome {
  const body = asRecord(res.json);
  const words = redact(stringField(body, "message") ?? "", secrets);
  if (res.status >= 200 && res.status < 300 && body.success !== false) {
    const id = stringField(body, "message_id");
    return id
      ? { kind: "accepted", providerId: id }
      : { kind: "unknown", message: `${PROVIDER} answered HTTP ${res.status} without a message id.` };
  }
  const out =
    res.status < 300
      ? refuse("refused", `${PROVIDER} refused the message${words ? `: ${words}` : "."}`)
      : rejected(PROVIDER, res, { secrets });
  return OPT_OUT.test(words) ? { ...out, optedOut: true } : out;
}

/** Status callbacks: form fields messageId, status and the failure's reason. */
const parseSmsToCallback = (ctx: SendContext, req: CallbackRequest): CallbackResult =>
  parseSignedFlatCallback(ctx, req, "SMS.to", (fields) => {
    const word = (fields.status ?? "").toUpperCase();
    return {
      word,
      status: SmsToStatuses[word],
      providerId: fields.messageId ?? fields.message_id ?? null,
      errorMessage: fields.reason ?? fields.failed_reason ?? null,
    };
  });

export const SMSTO_WRONG_KEY = "The SMS.to License Key is wrong.";

export const smsToSendAdapter: SmsSendFactory = (params, ctx, opts = {}, senders = {}) => {
  const key = requireParam(params, "api_key", "License Key", PROVIDER);
  const base = providerBaseUrl(opts, "smsto");
  const bearer = { Authorization: `Bearer ${key}`, Accept: "application/json" };
  return {
    unitCost: SMSTO_UNIT_COST,
    async send(req, signal) {
      if (req.senderKind === "pool") return refuse("pool_unsupported", "SMS.to has no sender pools: choose a number or sender id.");
      const body = {
        message: req.body,
        to: req.to,
        sender_id: req.from,
        callback_url: signedStatusUrl(ctx, req.messageId),
        bypass_optout: false,
      };
      return sendJson({ provider: PROVIDER, url: `${base}/sms/send`, headers: bearer, json: body, secrets: [key], signal }, opts, (res) =>
        classifySmsToAnswer(res, [key]),
      );
    },
    parseCallback: async (req) => parseSmsToCallback(ctx, req),
    senderOptions: async () => configuredNumbers(senders.numbers, true),
    testConnection: (signal) =>
      accountCheck(
        { provider: PROVIDER, url: `${providerBaseUrl(opts, "smsto_auth")}/api/balance`, headers: bearer, secrets: [key], signal },
        opts,
        SMSTO_WRONG_KEY,
        (res) => balanceCheck(PROVIDER, jsonObject(res, PROVIDER)),
      ),
  };
};
