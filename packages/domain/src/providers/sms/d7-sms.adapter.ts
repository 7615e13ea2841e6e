import { smsLength } from "@leadflow/contracts";
import { asRecord, requireParam, stringField } from "../adapter-params";
import { signedStatusUrl } from "../callback-signing";
import { accountCheck, balanceCheck } from "../connection-check";
import { jsonObject, type ProviderResponse } from "../http";
import { providerBaseUrl } from "../provider-urls";
import { refuse, rejected, sendJson } from "../send-http";
import type {
  CallbackRequest,
  CallbackResult,
  DeliveryStatus,
  SendContext,
  SendOutcome,
  SmsSendFactory,
  SmsSendRequest,
} from "../send-types";
import { parseSignedFlatCallback } from "./callback-fields";
import { configuredNumbers } from "./configured-senders";

/*
 * D7 Networks Messaging API v1 (gateway type `gateway15`): POST https://api.d7networks.com/messages/v1/send with
 * the API token as Bearer, one message to one recipient, our signed status URL as `report_url`. It answers a
 * `request_id`; delivery reports are posted to report_url as a form (request_id, msg_id, recipient, originator,
 * status) and signed by nobody, so our URL carries `sig`. Senders are the gateway's configured numbers.
 */

const PROVIDER = "D7 Networks";

/** D7 shows per-country prices only in its portal; US per part, assumed (docs/providers.md). */
export const D7_UNIT_COST = 0.008;

/** D7's report statuses (and those of its message log) → the engine's. */
export const D7Statuses: Record<string, DeliveryStatus> = {
  accepted: "queued",
  scheduled: "queued",
  queued: "queued",
  sent: "sent",
  delivered: "delivered",
  undelivered: "undelivered",
  un_delivered: "undelivered",
  expired: "undelivered",
  failed: "failed",
  rejected: "failed",
  not_reachable: "inactive_device",
  spam_content: "blocked_by_carrier",
  insufficient_credit: "failed",
};

/** The JSON body of POST /messages/v1/send. */
export function d7MessageBody(ctx: SendContext, req: SmsSendRequest): unknown {
  const unicode = smsLength(req.body, { placeholders: false }).encoding === "UCS-2";
  return {
    messages: [{ channel: "sms", recipients: [req.to], content: req.body, msg_type: "text", data_coding: unicode ? "unicode" : "text" }],
    message_globals: { originator: req.from, report_url: signedStatusUrl(ctx, req.messageId) },
  };
}

/** D7's errors: `detail` is `{ code, message }` (auth, credit) or a validation list `[{ loc, msg, type }]`. */
export function classifyD7Answer(res: ProviderResponse, secrets: readonly string[]): SendOutcome {
  const body = asRecord(res.json);
  if (res.status >= 200 && res.status < 300) {
    const id = stringField(body, "request_id");
    return id
      ? { kind: "accepted", providerId: id }
      : { kind: "unknown", message: `${PROVIDER} answered HTTP ${res.status} without a request id.` };
  }
  const detail = Array.isArray(body.detail) ? asRecord(body.detail[0]) : asRecord(body.detail);
  return rejected(PROVIDER, res, {
    code: stringField(detail, "code") ?? stringField(detail, "type"),
    words: stringField(detail, "message") ?? stringField(detail, "msg") ?? "",
    withCode: true,
    secrets,
  });
}

/** Delivery reports: form fields request_id, msg_id, status and the failure's error_message or reason. */
const parseD7Callback = (ctx: SendContext, req: CallbackRequest): CallbackResult =>
  parseSignedFlatCallback(ctx, req, "D7", (fields) => {
    const word = (fields.status ?? "").toLowerCase();
    return {
      word,
      status: D7Statuses[word],
      providerId: fields.request_id ?? null,
      reportId: fields.msg_id,
      errorMessage: fields.error_message ?? fields.reason ?? null,
    };
  });

export const D7_WRONG_KEY = "The D7 Networks Api Key is wrong or revoked.";

export const d7SendAdapter: SmsSendFactory = (params, ctx, opts = {}, senders = {}) => {
  const key = requireParam(params, "api_key", "Api Key", PROVIDER);
  const base = providerBaseUrl(opts, "d7");
  const bearer = { Authorization: `Bearer ${key}`, Accept: "application/json" };
  return {
    unitCost: D7_UNIT_COST,
    async send(req, signal) {
      if (req.senderKind === "pool") return refuse("pool_unsupported", "D7 Networks has no sender pools: choose a number or sender id.");
      return sendJson(
        { provider: PROVIDER, url: `${base}/messages/v1/send`, headers: bearer, json: d7MessageBody(ctx, req), secrets: [key], signal },
        opts,
        (res) => classifyD7Answer(res, [key]),
      );
    },
    parseCallback: async (req) => parseD7Callback(ctx, req),
    senderOptions: async () => configuredNumbers(senders.numbers),
    // GET /messages/v1/balance (free): proves the token.
    testConnection: (signal) =>
      accountCheck(
        { provider: PROVIDER, url: `${base}/messages/v1/balance`, headers: bearer, secrets: [key], signal },
        opts,
        D7_WRONG_KEY,
        (res) => balanceCheck(PROVIDER, jsonObject(res, PROVIDER)),
      ),
  };
};
