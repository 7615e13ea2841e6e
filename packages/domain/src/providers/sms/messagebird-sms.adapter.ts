import { asRecord, requireParam, stringField } from "../adapter-params";
import { signedStatusUrl } from "../callback-signing";
import { accountCheck } from "../connection-check";
import { jsonObject, type ProviderResponse } from "../http";
import { providerBaseUrl } from "../provider-urls";
import { refuse, rejected, sendJson } from "../send-http";
import type { SendContext, SenderOption, SendOutcome, SmsSendFactory, SmsSendRequest } from "../send-types";
import { parseMessageBirdCallback } from "./messagebird-reports";

/*
 * MessageBird SMS API (SMS gateway type `gateway7`; fields `api_key` and optional `signing_key`; senders are a
 * list of originators): POST https://rest.messagebird.com/messages with `Authorization: AccessKey {api_key}`,
 * JSON `originator`, `recipients`, `body`, `reference` = the ledger id, `reportUrl` = our signed per-message URL,
 * `validity` in seconds, `datacoding: auto`. MessageBird has no idempotency key, so none is sent.
 */

/** MessageBird publishes no flat US price (its prices are per account and volume): assumed, see docs/providers.md. */
export const MESSAGEBIRD_SMS_UNIT_COST = 0.008;

const PROVIDER = "MessageBird";
const WRONG_KEY = "The MessageBird API key is wrong (use a live access key).";

export const messageBirdSmsAdapter: SmsSendFactory = (params, ctx, opts = {}, senders = {}) => {
  const key = requireParam(params, "api_key", "Api Key", PROVIDER);
  const signingKey = params.signing_key?.trim() || null;
  const secrets = [key, ...(signingKey ? [signingKey] : [])];
  const base = providerBaseUrl(opts, "messagebird");
  const headers = { Authorization: `AccessKey ${key}`, Accept: "application/json" };

  return {
    unitCost: MESSAGEBIRD_SMS_UNIT_COST,
    async send(req, signal) {
      if (req.senderKind === "pool") return refuse("pool_unsupported", "MessageBird has no sender pools: send from an originator.");
      return sendJson({ provider: PROVIDER, url: `${base}/messages`, headers, json: messageBody(req, ctx), secrets, signal }, opts, (res) =>
        messageBirdOutcome(res, secrets),
      );
    },
    parseCallback: async (req) => parseMessageBirdCallback(req, ctx, signingKey),
    // MessageBird lists no originators (alphanumeric ones are not numbers): the gateway's own list is the source.
    senderOptions: async () =>
      (senders.list ?? []).flatMap((row): SenderOption[] => (row.name ? [{ kind: "number", key: row.name, label: row.name }] : [])),
    testConnection: (signal) =>
      accountCheck({ provider: PROVIDER, url: `${base}/balance`, headers, secrets, signal }, opts, WRONG_KEY, (res) => {
        const balance = jsonObject(res, PROVIDER);
        const amount = stringField(balance, "amount");
        return {
          ok: true,
          message: `Connected to MessageBird${amount ? `: balance ${amount} ${stringField(balance, "type") ?? ""}`.trimEnd() : ""}.`,
        };
      }),
  };
};

export function messageBody(req: SmsSendRequest, ctx: SendContext): Record<string, unknown> {
  return {
    // MessageBird writes numbers as bare international digits; an alphanumeric originator stays as it is.
    originator: /^\+\d+$/.test(req.from) ? req.from.slice(1) : req.from,
    recipients: [req.to.replace(/^\+/, "")],
    body: req.body,
    reference: req.messageId,
    reportUrl: req.statusCallbackUrl ?? signedStatusUrl(ctx, req.messageId),
    datacoding: "auto",
    ...(req.validitySeconds ? { validity: Math.max(1, Math.floor(req.validitySeconds)) } : {}),
  };
}

function messageBirdOutcome(res: ProviderResponse, secrets: string[]): SendOutcome {
  const json = asRecord(res.json);
  if (res.status >= 400) {
    // `{ errors: [{ code, description, parameter }] }`: 2 wrong key, 9 missing and 10 invalid parameter, 25 no balance.
    const error = asRecord(Array.isArray(json.errors) ? json.errors[0] : undefined);
    const words = [stringField(error, "description"), stringField(error, "parameter")].filter(Boolean).join(" — ");
    return rejected(PROVIDER, res, { code: stringField(error, "code"), words: words || null, secrets });
  }
  const id = stringField(json, "id");
  if (!id)
    return { kind: "unknown", message: `MessageBird answered HTTP ${res.status} without a message id; the message may have been taken.` };
  const item = asRecord(Array.isArray(asRecord(json.recipients).items) ? (asRecord(json.recipients).items as unknown[])[0] : undefined);
  const parts = Number(item.messagePartCount);
  return { kind: "accepted", providerId: id, ...(parts > 0 ? { segments: parts } : {}) };
}
