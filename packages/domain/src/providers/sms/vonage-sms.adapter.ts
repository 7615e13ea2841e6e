import { smsLength } from "@leadflow/contracts";
import { asRecord, requireParam, stringField } from "../adapter-params";
import { hookUrl, signedStatusUrl } from "../callback-signing";
import { accountCheck } from "../connection-check";
import { jsonObject, type ProviderResponse, providerRequest } from "../http";
import type { ConnectionCheck, ProviderOptions } from "../provider-types";
import { providerBaseUrl } from "../provider-urls";
import { redact } from "../redact";
import { refuse, rejected, sendJson } from "../send-http";
import type { SendContext, SenderOption, SendOutcome, SmsSendFactory, SmsSendRequest } from "../send-types";
import { parseVonageCallback } from "./vonage-sms.callbacks";

/*
 * Vonage SMS API (gateway type `gateway11`): POST https://rest.nexmo.com/sms/json with api_key / api_secret in the
 * body, our ledger id as `client-ref` (echoed in every delivery receipt) and our status URL as `callback`. Vonage
 * answers HTTP 200 even for refusals: each part of the message has its own `status` ("0" = taken). The account
 * API (balance, numbers) takes the same key and secret as HTTP basic auth.
 */

const PROVIDER = "Vonage";

/** Vonage's published US outbound rate per SMS part (10DLC long code) at the time of writing; see docs/providers.md. */
export const VONAGE_UNIT_COST = 0.00809;

/** `ttl` bounds Vonage accepts, in milliseconds: 20 seconds to 7 days. */
const TTL_MIN_MS = 20_000;
const TTL_MAX_MS = 604_800_000;

export interface VonageCredentials {
  apiKey: string;
  apiSecret: string;
  /** The account's signature secret: when set, callbacks must carry Vonage's own `sig`. */
  signatureSecret: string | null;
}

export function vonageCredentials(params: Record<string, string>): VonageCredentials {
  return {
    apiKey: requireParam(params, "api_key", "Api Key", PROVIDER),
    apiSecret: requireParam(params, "api_secret", "Api Secret", PROVIDER),
    signatureSecret: params.signature_secret?.trim() || null,
  };
}

/**
 * What a submit status means for the ledger. 1 (throttled) and 10 (too many binds) are "not taken, back off";
 * 5 (internal error) is Vonage's own failure mid-processing, so it may or may not have the message; 7 is a number
 * Vonage bars (a STOP it holds); everything else is a refusal of this message.
 */
export function classifyVonageStatus(status: string, words: string): SendOutcome {
  const message = `${PROVIDER} refused the message (status ${status})${words ? `: ${words}` : "."}`;
  if (status === "1" || status === "10") return { kind: "throttled", retryAfterMs: null, message };
  if (status === "5") return { kind: "unknown", message: `${PROVIDER} had an internal error (status 5)${words ? `: ${words}` : ""}.` };
  return { kind: "rejected", code: status, message, ...(status === "7" ? { optedOut: true } : {}) };
}

/** A 200's `messages`: one entry per part. Any part taken means the message went out (resending would repeat it). */
export function classifyVonageAnswer(res: ProviderResponse, secrets: readonly string[]): SendOutcome {
  if (res.status >= 400) return rejected(PROVIDER, res, { secrets });
  const parts = Array.isArray(asRecord(res.json).messages) ? (asRecord(res.json).messages as unknown[]).map(asRecord) : [];
  if (parts.length === 0) return { kind: "unknown", message: `${PROVIDER} answered HTTP ${res.status} without a message status.` };
  const taken = parts.filter((p) => stringField(p, "status") === "0");
  const id = taken.map((p) => stringField(p, "message-id")).find((v) => v !== null);
  if (id) return { kind: "accepted", providerId: id, segments: parts.length };
  if (taken.length > 0) return { kind: "unknown", message: `${PROVIDER} took the message without giving its id.` };
  const first = parts[0]!;
  return classifyVonageStatus(stringField(first, "status") ?? "", redact(stringField(first, "error-text") ?? "", secrets));
}

const digits = (phone: string) => phone.replace(/\D/g, "");

/** Vonage wants numbers without the "+"; an alphanumeric sender id goes as it is. */
const vonageAddress = (value: string) => (/^\+?\d+$/.test(value.trim()) ? digits(value) : value.trim());

/** The JSON body of POST /sms/json. */
export function vonageSmsBody(creds: VonageCredentials, ctx: SendContext, req: SmsSendRequest): Record<string, string | number> {
  const body: Record<string, string | number> = {
    api_key: creds.apiKey,
    api_secret: creds.apiSecret,
    from: vonageAddress(req.from),
    to: digits(req.to),
    text: req.body,
    // Echoed in every delivery receipt; with signed webhooks it is covered by Vonage's signature.
    "client-ref": req.messageId,
    // With signed webhooks Vonage's `sig` proves the receipt; without, our own `sig` in the URL does.
    callback: creds.signatureSecret ? hookUrl(ctx, "sms", "status") : signedStatusUrl(ctx, req.messageId),
  };
  if (smsLength(req.body, { placeholders: false }).encoding === "UCS-2") body.type = "unicode";
  if (req.validitySeconds !== undefined) body.ttl = Math.min(TTL_MAX_MS, Math.max(TTL_MIN_MS, Math.floor(req.validitySeconds) * 1000));
  return body;
}

const basic = (creds: VonageCredentials) => `Basic ${Buffer.from(`${creds.apiKey}:${creds.apiSecret}`).toString("base64")}`;

export const VONAGE_WRONG_CREDENTIALS = "The Vonage Api Key or Api Secret is wrong.";

/** GET /account/get-balance (free): proves the key and secret. */
const checkVonageBalance = (
  creds: VonageCredentials,
  base: string,
  opts: ProviderOptions,
  signal?: AbortSignal,
): Promise<ConnectionCheck> =>
  accountCheck(
    { provider: PROVIDER, url: `${base}/account/get-balance`, headers: accountHeaders(creds), secrets: secretsOf(creds), signal },
    opts,
    VONAGE_WRONG_CREDENTIALS,
    (res) => {
      const value = Number(jsonObject(res, PROVIDER).value);
      return { ok: true, message: `Connected to Vonage${Number.isFinite(value) ? ` (balance ${value.toFixed(2)})` : ""}.` };
    },
  );

/** Pages of GET /account/numbers: the numbers that can send SMS. */
const NUMBERS_PAGE = 100;
const NUMBERS_MAX_PAGES = 10;

async function vonageNumbers(creds: VonageCredentials, base: string, opts: ProviderOptions, signal?: AbortSignal): Promise<SenderOption[]> {
  const out: SenderOption[] = [];
  for (let index = 1; index <= NUMBERS_MAX_PAGES; index++) {
    const res = await providerRequest(
      {
        provider: PROVIDER,
        url: `${base}/account/numbers?size=${NUMBERS_PAGE}&index=${index}`,
        headers: accountHeaders(creds),
        secrets: secretsOf(creds),
        signal,
      },
      opts,
    );
    const body = jsonObject(res, PROVIDER);
    const numbers = Array.isArray(body.numbers) ? body.numbers.map(asRecord) : [];
    for (const n of numbers) {
      const msisdn = stringField(n, "msisdn");
      const features = Array.isArray(n.features) ? n.features : null;
      if (!msisdn || (features && !features.includes("SMS"))) continue;
      const type = stringField(n, "type");
      out.push({ kind: "number", key: `+${digits(msisdn)}`, label: type ? `+${digits(msisdn)} (${type})` : `+${digits(msisdn)}` });
    }
    if (numbers.length < NUMBERS_PAGE || index * NUMBERS_PAGE >= Number(body.count ?? 0)) break;
  }
  return out;
}

const accountHeaders = (creds: VonageCredentials) => ({ Authorization: basic(creds), Accept: "application/json" });
const secretsOf = (creds: VonageCredentials) => [creds.apiSecret, ...(creds.signatureSecret ? [creds.signatureSecret] : [])];

export const vonageSendAdapter: SmsSendFactory = (params, ctx, opts = {}) => {
  const creds = vonageCredentials(params);
  const base = providerBaseUrl(opts, "vonage");
  const secrets = secretsOf(creds);
  return {
    unitCost: VONAGE_UNIT_COST,
    async send(req, signal) {
      if (req.senderKind === "pool") return refuse("pool_unsupported", "Vonage has no sender pools: choose one of the account's numbers.");
      return sendJson({ provider: PROVIDER, url: `${base}/sms/json`, json: vonageSmsBody(creds, ctx, req), secrets, signal }, opts, (res) =>
        classifyVonageAnswer(res, secrets),
      );
    },
    parseCallback: async (req) => parseVonageCallback(ctx, creds.signatureSecret, req),
    senderOptions: (signal) => vonageNumbers(creds, base, opts, signal),
    testConnection: (signal) => checkVonageBalance(creds, base, opts, signal),
  };
};
